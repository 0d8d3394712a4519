/**
 * DOCUMENT_RETENTION_SEASONS (issue 20): `pnpm purge-documents` deletes the uploaded documents
 * of seasons older than the last N, every version, audited; the facts, the history and the
 * certificate's verification stay, and the detail answer says when the documents went.
 */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, notificationOutbox, releasedRegistrations } from '../src/db/schema';
import { purgeDocuments } from '../src/applications/retention';
import { createDiskStorage } from '../src/uploads/storage';
import { applicationRow, createHarness, pdf, type Harness, type StaffUser } from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

const post = (url: string, payload: Record<string, unknown>, token: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: h.bearer(token) });

/** Closes the season `previous` (opened 1 January) and opens `year` (windows do not matter here). */
async function nextSeason(previous: number, year: number) {
  const closed = await post(
    '/update-season.php',
    { year: previous, opens_on: `${previous}-01-01`, closes_on: `${previous}-12-31` },
    admin.token,
  );
  expect(closed.statusCode).toBe(200);
  const opened = await post('/add-season.php', { year, opens_on: `${year}-01-01` }, admin.token);
  expect(opened.statusCode).toBe(201);
}

const purge = async (dryRun: boolean, retentionSeasons = 3) =>
  purgeDocuments({
    db: h.database.db,
    storage: await createDiskStorage(h.filesDir),
    retentionSeasons,
    dryRun,
  });

/** Waits until every message already due is sent (season reminders wait for their opening). */
async function dueMessagesSent() {
  await vi.waitFor(
    async () => {
      const waiting = await h.database.db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, new Date())),
        );
      expect(waiting).toEqual([]);
    },
    { timeout: 15_000 },
  );
}

let issued: number;
let withdrawn: number;
let code: string;
let files2025: string[];

describe('purge-documents', () => {
  it('removes nothing while there are no more seasons than the policy keeps', async () => {
    const club = await h.club();
    issued = (await h.apply(club)).json().data.id;
    await h.uploadAcknowledgement(club, issued);
    // A re-upload keeps the earlier version: it goes too.
    await post(
      '/image-status-update.php',
      { id: issued, acknowledgement_status: 2, acknowledgement_reason: 'blurred' },
      store.token,
    );
    await h.uploadAcknowledgement(club, issued, pdf('again.pdf'));
    for (const doc of [
      'acknowledgement',
      'chairman_application_certificate',
      'certificate',
      'agreement',
    ]) {
      await post('/image-status-update.php', { id: issued, [`${doc}_status`]: 1 }, store.token);
    }
    expect(
      (
        await post(
          '/update-chairman-status.php',
          { id: issued, chairman_status: 1 },
          chairman.token,
        )
      ).statusCode,
    ).toBe(200);
    code = (await applicationRow(h, issued))?.verificationCode ?? '';
    // A second club's registration is released (decision 0028): its application is withdrawn
    // and its five documents kept with the released record, until this purge.
    const released = await h.club();
    withdrawn = (await h.apply(released)).json().data.id;
    const release = await post(
      '/release-club.php',
      { id: released.clubId, reason: 'claimed by the wrong people' },
      admin.token,
    );
    expect(release.statusCode).toBe(200);
    files2025 = await h.storedFiles();
    expect(files2025).toHaveLength(12);
    await nextSeason(2025, 2031);
    await nextSeason(2031, 2032);
    const report = await purge(false);
    expect(report).toMatchObject({ keptSeasons: [2032, 2031, 2025], applications: [], files: 0 });
    expect(await h.storedFiles()).toEqual(files2025);
  });

  it('a dry run lists the older season’s documents and changes nothing', async () => {
    await nextSeason(2032, 2033);
    await dueMessagesSent();
    const before = await h.snapshot();
    const report = await purge(true);
    expect(report).toEqual({
      keptSeasons: [2033, 2032, 2031],
      applications: [
        { id: issued, year: 2025, files: 7 },
        { id: withdrawn, year: 2025, files: 5, withdrawn: true },
      ],
      files: 12,
      dryRun: true,
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('deletes every version, audited, and keeps the facts, the history and the verification', async () => {
    const report = await purge(false);
    expect(report.files).toBe(12);
    expect(await h.storedFiles()).toEqual([]);
    const row = await applicationRow(h, issued);
    expect(row).toMatchObject({
      loadAgreementImage: '',
      acknowledgement: null,
      chairmanStatus: '1',
    });
    expect(row?.documentsRemovedAt).toBeInstanceOf(Date);
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'purgeDocuments'));
    expect(audit).toEqual([
      expect.objectContaining({
        entityId: issued,
        role: 'system',
        reason: 'DOCUMENT_RETENTION_SEASONS=3',
      }),
      expect.objectContaining({
        entityId: withdrawn,
        role: 'system',
        reason: 'DOCUMENT_RETENTION_SEASONS=3',
      }),
    ]);
    // The released record keeps the withdrawn application's facts, without its files.
    const [kept] = await h.database.db
      .select()
      .from(releasedRegistrations)
      .where(eq(releasedRegistrations.applicationId, withdrawn));
    expect(kept?.files).toEqual([]);
    expect(kept?.application).toMatchObject({
      id: withdrawn,
      apply_year: '2025',
      load_agreement_image: '',
      acknowledgement: null,
      documents_removed_at: expect.any(String),
    });
    const list = await h.app.inject({
      method: 'GET',
      url: '/apply-for-noc-list.php?year=2025',
      headers: { ...h.bearer(admin.token), 'accept-encoding': 'identity' },
    });
    const [listed] = list.json().data;
    expect(listed).toMatchObject({
      id: issued,
      load_agreement_image: null,
      acknowledgement: null,
      documents_removed_at: row?.documentsRemovedAt?.toISOString(),
      chairman_status: '1',
    });
    const verified = await h.app.inject({ method: 'GET', url: `/verify-noc.php?code=${code}` });
    expect(verified.json().data).toMatchObject({ valid: true, season_year: 2025 });
    const history = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${issued}`,
      headers: h.bearer(admin.token),
    });
    expect(history.json().data.at(-1)).toMatchObject({ action: 'purgeDocuments', role: 'system' });
    // The mails about it keep whether and when they went, not their text (issue 26 L6).
    const messages = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(inArray(notificationOutbox.applicationId, [issued, withdrawn]));
    const sent = messages.filter((message) => message.sentAt !== null);
    expect(sent.length).toBeGreaterThan(3);
    for (const message of sent) {
      expect(message).toMatchObject({ subject: '', body: '' });
    }
  });

  it('a second run has nothing left to do', async () => {
    expect(await purge(false)).toMatchObject({ applications: [], files: 0 });
  });
});
