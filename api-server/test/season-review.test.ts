/**
 * A season change never freezes unfinished work (issue 27, decision 0029), on an injected clock:
 * 2025's applications, closed and followed by 2026, go on through every step to an issued NOC
 * with 2025's memo number; staff see what is still open by step; closing 2025's review ends the
 * rest (once, with a reason, audited, each club mailed in its language) and races a decision
 * given at once; a past season's issued NOC can still be withdrawn by the chairman.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationOutbox } from '../src/db/schema';
import {
  applicationRow,
  createHarness,
  decideDocument,
  decideFinal,
  type Harness,
  type StaffUser,
  reuploadDocument,
} from './harness';

let nowMs = Date.parse('2025-09-10T06:00:00Z');
const at = (iso: string) => {
  nowMs = Date.parse(iso);
};

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;
type Club = Awaited<ReturnType<Harness['club']>>;

beforeAll(async () => {
  h = await createHarness({}, { now: () => nowMs });
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });
const get = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? h.bearer(token) : {} });

const reupload = (club: Club, id: number, field: string) => reuploadDocument(h, club, id, field);

const approve = (id: number, doc: string) => decideDocument(h, store.token, { id, doc, code: 1 });

/** A club's 2025 application, with its acknowledgement and the given documents approved. */
async function applied(
  approved: readonly string[] = [],
  locale?: 'en' | 'bn',
): Promise<{ club: Club; id: number }> {
  const club = await h.club(locale ? { locale } : {});
  const id = (await h.apply(club)).json().data.id as number;
  if (approved.length > 0) {
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    for (const doc of approved) expect((await approve(id, doc)).statusCode).toBe(200);
  }
  return { club, id };
}

const ALL_DOCUMENTS = [
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
] as const;

let onward: { club: Club; id: number };
let returned: { club: Club; id: number };
let waiting: { club: Club; id: number };
let racing: { club: Club; id: number };
let issued: { club: Club; id: number };

describe('2025 closes and 2026 opens with applications unfinished', () => {
  it('sets up 2025: one fresh, one returned to its club, two waiting for the chairman, one issued', async () => {
    onward = await applied();
    returned = await applied(['acknowledgement'], 'bn');
    expect(
      (
        await decideDocument(h, store.token, {
          id: returned.id,
          doc: 'chairman_application_certificate',
          code: 2,
          reason: 'Unsigned',
        })
      ).statusCode,
    ).toBe(200);
    waiting = await applied(ALL_DOCUMENTS);
    racing = await applied(ALL_DOCUMENTS);
    issued = await applied(ALL_DOCUMENTS);
    expect((await decideFinal(h, chairman.token, { id: issued.id, code: 1 })).statusCode).toBe(200);
  });

  it('closes 2025 on 30 September and opens 2026 on 1 January', async () => {
    at('2025-10-01T06:00:00Z');
    const closed = await post(
      '/update-season.php',
      { year: 2025, opens_on: '2025-01-01', closes_on: '2025-09-30' },
      admin.token,
    );
    expect(closed.statusCode).toBe(200);
    const opened = await post(
      '/add-season.php',
      { year: 2026, opens_on: '2026-01-01' },
      admin.token,
    );
    expect(opened.statusCode).toBe(201);
    at('2026-01-05T06:00:00Z');
    const seasons = (await get('/list-seasons.php')).json().data;
    expect(seasons).toMatchObject([
      { year: 2026, state: 'open', review_closed_at: null },
      { year: 2025, state: 'closed', review_closed_at: null },
    ]);
  });

  it('shows staff what each season still has open, by step', async () => {
    const res = await get('/season-open-applications.php', store.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { year: 2026, total: 0, steps: [] },
      {
        year: 2025,
        total: 4,
        steps: [
          { step: 'awaitingAcknowledgement', label: 'progress.awaitingAcknowledgement', count: 1 },
          { step: 'returned', label: 'progress.returned', count: 1 },
          { step: 'chairman', label: 'reviewStep.chairman', count: 2 },
        ],
      },
    ]);
  });

  it('takes 2025’s fresh application through every step to an issued NOC with 2025’s memo number', async () => {
    const { club, id } = onward;
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    expect((await approve(id, 'acknowledgement')).statusCode).toBe(200);
    expect((await approve(id, 'chairman_application_certificate')).statusCode).toBe(200);
    expect(
      (await decideDocument(h, store.token, { id, doc: 'certificate', code: 2, reason: 'Blurred' }))
        .statusCode,
    ).toBe(200);
    const again = await reupload(club, id, 'certificate_image');
    expect(again.statusCode).toBe(200);
    expect((await approve(id, 'certificate')).statusCode).toBe(200);
    expect((await approve(id, 'agreement')).statusCode).toBe(200);
    const final = await decideFinal(h, chairman.token, { id, code: 1 });
    expect(final.statusCode).toBe(200);
    expect(final.json().data).toMatchObject({ apply_year: '2025', chairman_status: '1' });
    const row = await applicationRow(h, id);
    expect(row?.chairmanApprovedDate?.toISOString()).toBe('2026-01-05T06:00:00.000Z');
    const verified = await get(`/verify-noc.php?code=${row?.verificationCode ?? ''}`);
    expect(verified.json().data).toMatchObject({
      valid: true,
      season_year: 2025,
      memo_number: `${String(row?.regNo).padStart(2, '0')}/DURGAPUJA/2025`,
    });
  });

  it('lets the returned club re-upload, and keeps 2025’s decided applications on record', async () => {
    // Issue 27: the club has applied for 2026 too; its 2025 application still takes the re-upload.
    const current = await h.apply(returned.club);
    expect(current.statusCode).toBe(201);
    expect(current.json().data.id).not.toBe(returned.id);
    const res = await reupload(returned.club, returned.id, 'chairman_application_certificate');
    expect(res.statusCode).toBe(200);
    const before = await h.snapshot();
    const review = await decideDocument(h, store.token, {
      id: issued.id,
      doc: 'agreement',
      code: 2,
      reason: 'x',
    });
    expect(review.statusCode).toBe(409);
    expect(review.json()).toMatchObject({ code: 'applications.pastSeason' });
    const again = await decideFinal(h, chairman.token, { id: issued.id, code: 1, replaces: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'applications.pastSeason' });
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('closing the review of 2025', () => {
  it('is refused without a reason, for a season still taking applications, and for store', async () => {
    const before = await h.snapshot();
    const noReason = await post(
      '/close-season-review.php',
      { year: 2025, reason: ' ' },
      admin.token,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'seasons.reasonRequired' });
    const open = await post('/close-season-review.php', { year: 2026, reason: 'x' }, admin.token);
    expect(open.statusCode).toBe(422);
    expect(open.json()).toMatchObject({ code: 'seasons.reviewNotClosable' });
    const none = await post('/close-season-review.php', { year: 2019, reason: 'x' }, admin.token);
    expect(none.statusCode).toBe(404);
    const staff = await post('/close-season-review.php', { year: 2025, reason: 'x' }, store.token);
    expect(staff.statusCode).toBe(403);
    expect(await h.snapshot()).toEqual(before);
  });

  it('races a final decision given at the same moment: one order or the other, never both', async () => {
    const [decision, close] = await Promise.all([
      decideFinal(h, chairman.token, { id: racing.id, code: 1 }),
      post('/close-season-review.php', { year: 2025, reason: 'Season over' }, admin.token),
    ]);
    expect(close.statusCode).toBe(200);
    const mailed = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.applicationId, racing.id),
          eq(notificationOutbox.kind, 'reviewClosed'),
        ),
      );
    if (decision.statusCode === 200) {
      // Decided first: the close did not end it, and its club got no closing mail.
      expect(mailed).toHaveLength(0);
      expect(close.json().data.ended).toBe(2);
    } else {
      expect(decision.statusCode).toBe(409);
      expect(decision.json()).toMatchObject({ code: 'applications.reviewClosed' });
      expect(mailed).toHaveLength(1);
      expect(close.json().data.ended).toBe(3);
    }
    expect(close.json().data).toMatchObject({
      year: 2025,
      review_closed_at: '2026-01-05T06:00:00.000Z',
    });
  });

  it('is stored on the season, audited with what it ended, and mails each club in its language', async () => {
    const seasons = (await get('/list-seasons.php')).json().data;
    expect(seasons[1]).toMatchObject({ year: 2025, review_closed_at: '2026-01-05T06:00:00.000Z' });
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'season'), eq(auditLog.action, 'closeReview')));
    expect(entry).toMatchObject({ entityId: 2025, reason: 'Season over' });
    expect(entry?.fromValue).toMatch(
      /^[23] open: chairman_application_certificate 1, chairman [12]$/,
    );
    const mails = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'reviewClosed'))
      .orderBy(asc(notificationOutbox.id));
    const toReturned = mails.find((m) => m.recipient === returned.club.email);
    expect(toReturned).toMatchObject({ locale: 'bn', applicationId: returned.id });
    expect(toReturned?.body).toContain('কারণ: Season over');
    const toWaiting = mails.find((m) => m.recipient === waiting.club.email);
    expect(toWaiting).toMatchObject({
      locale: 'en',
      subject: 'The review of your Durga Puja 2025 NOC application has ended',
    });
    expect(mails.some((m) => m.recipient === issued.club.email)).toBe(false);
  });

  it('ends every undecided 2025 application: nobody reviews, uploads or decides it any more', async () => {
    const before = await h.snapshot();
    const upload = await reupload(returned.club, returned.id, 'chairman_application_certificate');
    expect(upload.statusCode).toBe(409);
    expect(upload.json()).toMatchObject({ code: 'applications.reviewClosed' });
    const review = await approve(returned.id, 'chairman_application_certificate');
    expect(review.statusCode).toBe(409);
    const final = await decideFinal(h, chairman.token, { id: waiting.id, code: 1 });
    expect(final.statusCode).toBe(409);
    expect(final.json()).toMatchObject({ code: 'applications.reviewClosed' });
    const twice = await post('/close-season-review.php', { year: 2025, reason: 'x' }, admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'seasons.reviewAlreadyClosed' });
    expect(await h.snapshot()).toEqual(before);
    const open = (await get('/season-open-applications.php', admin.token)).json().data;
    expect(open[1].year).toBe(2025);
  });
});

describe('withdrawing a past season’s NOC', () => {
  it('the chairman withdraws 2025’s issued NOC after its review closed, with a reason, audited: it verifies NOT VALID', async () => {
    const code = (await applicationRow(h, issued.id))?.verificationCode ?? '';
    expect((await get(`/verify-noc.php?code=${code}`)).json().data.valid).toBe(true);
    const noReason = await decideFinal(h, chairman.token, {
      id: issued.id,
      code: 2,
      reason: '',
      replaces: 1,
    });
    expect(noReason.statusCode).toBe(400);
    const res = await decideFinal(h, chairman.token, {
      id: issued.id,
      code: 2,
      reason: 'Pandal built on the road',
      replaces: 1,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(`/verify-noc.php?code=${code}`)).json().data).toEqual({ valid: false });
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'application'),
          eq(auditLog.entityId, issued.id),
          eq(auditLog.action, 'reject'),
        ),
      );
    expect(entry).toMatchObject({ item: 'chairman', reason: 'Pandal built on the road' });
  });

  it('store cannot withdraw it, and a withdrawn NOC stays refused', async () => {
    const again = await decideFinal(h, chairman.token, {
      id: issued.id,
      code: 1,
      replaces: 2,
    });
    expect(again.statusCode).toBe(409);
    const byStore = await decideFinal(h, store.token, {
      id: onward.id,
      code: 2,
      reason: 'x',
      replaces: 1,
    });
    expect(byStore.statusCode).toBe(403);
  });
});
