/**
 * Seasons (issue 20): the public list, opening and re-dating seasons (admin and chairman,
 * audited), the window enforced on apply by an injected clock, one application per club and
 * season, the list, dashboard, my-noc and history per season, past seasons read-only, renewal
 * carrying over the land document, and the mail when a season opens.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationOutbox } from '../src/db/schema';
import {
  applicationFields,
  applicationFiles,
  applicationRow,
  createHarness,
  multipart,
  pdf,
  type Harness,
  type StaffUser,
  type TestFile,
} from './harness';

/** The injected clock: moved by each test, read by the server's season windows. */
let nowMs = Date.parse('2025-09-10T06:00:00Z');
const at = (iso: string) => {
  nowMs = Date.parse(iso);
};

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness({}, { now: () => nowMs });
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

function post(url: string, payload: Record<string, unknown>, token?: string) {
  return h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? h.bearer(token) : {},
  });
}

function get(url: string, token?: string, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? h.bearer(token) : {}) },
  });
}

function applyWith(
  token: string,
  fields: Record<string, string | number>,
  files: Record<string, TestFile> = applicationFiles(),
) {
  const body = multipart({ ...applicationFields(), ...fields }, files);
  return h.app.inject({
    method: 'POST',
    url: '/apply-for-noc.php',
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(token) },
  });
}

const seasons = async () => (await get('/list-seasons.php')).json().data;
const list = async (token: string, query = '') =>
  get(`/apply-for-noc-list.php${query}`, token, { 'accept-encoding': 'identity' });

/** Clubs of the 2025 season, made before 2030 opens: one issued, one pending. */
let issuedClub: Awaited<ReturnType<Harness['club']>>;
let pendingClub: Awaited<ReturnType<Harness['club']>>;
let issued2025: number;
let pending2025: number;

describe('the seasons of a database made before seasons', () => {
  it('is season 2025, open with no close day, public to anyone', async () => {
    const res = await get('/list-seasons.php');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        year: 2025,
        opens_on: '2025-01-01',
        closes_on: null,
        puja_starts_on: null,
        state: 'open',
        review_closed_at: null,
      },
    ]);
  });

  it('takes 2025 applications, whatever apply_year a client sends', async () => {
    issuedClub = await h.club();
    pendingClub = await h.club();
    const first = await applyWith(issuedClub.token, { apply_year: 1999 });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.apply_year).toBe('2025');
    issued2025 = first.json().data.id;
    pending2025 = (await h.apply(pendingClub)).json().data.id;
    // The first club's NOC is issued in 2025.
    await h.uploadAcknowledgement(issuedClub, issued2025);
    for (const [doc, ok] of [
      ['acknowledgement', 1],
      ['chairman_application_certificate', 1],
      ['certificate', 1],
      ['agreement', 1],
    ] as const) {
      const res = await post(
        '/image-status-update.php',
        { id: issued2025, [`${doc}_status`]: ok },
        store.token,
      );
      expect(res.statusCode).toBe(200);
    }
    const final = await post(
      '/update-chairman-status.php',
      { id: issued2025, chairman_status: 1 },
      chairman.token,
    );
    expect(final.statusCode).toBe(200);
  });
});

describe('opening the next season', () => {
  it('is for admin and chairman only', async () => {
    const season = { year: 2030, opens_on: '2030-08-01' };
    expect((await post('/add-season.php', season)).statusCode).toBe(401);
    expect((await post('/add-season.php', season, store.token)).statusCode).toBe(403);
    expect((await post('/add-season.php', season, issuedClub.token)).statusCode).toBe(403);
    expect((await post('/update-season.php', season, store.token)).statusCode).toBe(403);
  });

  it.each([
    [{ year: 2030, opens_on: '2030-08-01' }, 422, 'seasons.currentStillOpen'],
    [{ year: 2025, opens_on: '2030-08-01' }, 422, 'seasons.yearNotAfterLatest'],
    [
      { year: 2030, opens_on: '2030-08-01', closes_on: '2030-07-01' },
      400,
      'seasons.closeBeforeOpen',
    ],
    [{ year: 'next', opens_on: '2030-08-01' }, 400, 'seasons.invalidYear'],
    [{ year: 2030, opens_on: '01/08/2030' }, 400, 'seasons.invalidDate'],
  ])('refuses %j (%i %s) and changes nothing', async (season, status, code) => {
    const before = await h.snapshot();
    const res = await post('/add-season.php', season, admin.token);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(await h.snapshot()).toEqual(before);
    expect(await seasons()).toHaveLength(1);
  });

  it('the chairman closes 2025 (audited), then the admin opens 2030 (audited)', async () => {
    const closed = await post(
      '/update-season.php',
      { year: 2025, opens_on: '2025-01-01', closes_on: '2025-09-30' },
      chairman.token,
    );
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      code: 'seasons.updated',
      data: { year: 2025, closes_on: '2025-09-30', state: 'open' },
    });
    const opened = await post(
      '/add-season.php',
      { year: 2030, opens_on: '2030-08-01', closes_on: '2030-09-15', puja_starts_on: '2030-10-17' },
      admin.token,
    );
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      code: 'seasons.added',
      data: { year: 2030, state: 'upcoming', puja_starts_on: '2030-10-17' },
    });
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'season'))
      .orderBy(asc(auditLog.id));
    expect(
      audit.map((row) => [row.action, row.entityId, row.role, row.fromValue, row.toValue]),
    ).toEqual([
      [
        'update',
        2025,
        'chairman',
        'opens 2025-01-01, closes -, puja -',
        'opens 2025-01-01, closes 2025-09-30, puja -',
      ],
      ['add', 2030, 'admin', null, 'opens 2030-08-01, closes 2030-09-15, puja 2030-10-17'],
    ]);
  });

  it('lists the seasons newest first with their state on the clock', async () => {
    at('2030-07-31T18:29:00Z'); // 23:59 IST on 31 July
    expect(
      (await seasons()).map((s: { year: number; state: string }) => [s.year, s.state]),
    ).toEqual([
      [2030, 'upcoming'],
      [2025, 'closed'],
    ]);
  });

  it('writes the season-opened mail to every club of 2025, due when 2030 opens (midnight IST)', async () => {
    const mails = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.kind, 'seasonOpened'), eq(notificationOutbox.channel, 'mail')),
      )
      .orderBy(asc(notificationOutbox.id));
    expect(mails.map((m) => [m.applicationId, m.recipient])).toEqual([
      [issued2025, issuedClub.email],
      [pending2025, pendingClub.email],
    ]);
    expect(mails[0]?.nextAttemptAt.toISOString()).toBe('2030-07-31T18:30:00.000Z');
    expect(mails[0]?.subject).toBe('Applications for the Durga Puja 2030 NOC are open');
    expect(mails[0]?.body).toContain('open on 01 Aug 2030. Last day: 15 Sept 2030.');
    expect(mails[0]?.body).toContain('Your details from last year are ready to reuse');
  });

  it('writes the season-opened SMS beside each mail, to the club’s mobile, due at the same moment', async () => {
    const sms = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.kind, 'seasonOpened'), eq(notificationOutbox.channel, 'sms')),
      )
      .orderBy(asc(notificationOutbox.id));
    expect(sms.map((m) => [m.channel, m.applicationId, m.recipient])).toEqual([
      ['sms', issued2025, '9831012345'],
      ['sms', pending2025, '9831012345'],
    ]);
    expect(sms[0]?.nextAttemptAt.toISOString()).toBe('2030-07-31T18:30:00.000Z');
    expect(sms[0]?.body).toBe(
      `${h.config.municipality.name}: Durga Puja 2030 NOC applications are open. Apply at ${h.config.smsLink}`,
    );
  });

  it('"Resend last SMS" of a 2025 application is refused once 2030 is the season (issue 26 L5), and sends nothing', async () => {
    const before = await h.database.db.select().from(notificationOutbox);
    const res = await post('/resend-sms.php', { id: issued2025 }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('sms.resendPastSeason');
    expect(await h.database.db.select().from(notificationOutbox)).toHaveLength(before.length);
  });

  it('re-dating the season rewrites the mails not yet sent, one per club', async () => {
    const res = await post(
      '/update-season.php',
      { year: 2030, opens_on: '2030-08-02', closes_on: '2030-09-15', puja_starts_on: '2030-10-17' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    const mails = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.kind, 'seasonOpened'), eq(notificationOutbox.channel, 'mail')),
      );
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.nextAttemptAt.toISOString() === '2030-08-01T18:30:00.000Z')).toBe(
      true,
    );
    expect(mails[0]?.body).toContain('open on 02 Aug 2030.');
    const sms = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.kind, 'seasonOpened'), eq(notificationOutbox.channel, 'sms')),
      );
    expect(sms.map((m) => m.nextAttemptAt.toISOString())).toEqual([
      '2030-08-01T18:30:00.000Z',
      '2030-08-01T18:30:00.000Z',
    ]);
  });
});

describe('the window, on the injected clock', () => {
  it('refuses to apply before the season opens (23:59 IST the day before), changing nothing', async () => {
    at('2030-08-01T18:29:00Z');
    const before = await h.snapshot();
    const res = await applyWith(pendingClub.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'applyNoc.seasonNotOpen' });
    expect(await h.snapshot()).toEqual(before);
  });

  it('my-noc answers nothing for the new season; the history keeps 2025', async () => {
    const mine = await post('/my-noc.php', { club_id: issuedClub.clubId }, issuedClub.token);
    expect(mine.json().data).toEqual([]);
    const history = await post(
      '/my-noc-history.php',
      { club_id: issuedClub.clubId },
      issuedClub.token,
    );
    expect(
      history.json().data.map((a: { id: number; apply_year: string }) => [a.id, a.apply_year]),
    ).toEqual([[issued2025, '2025']]);
    const theirs = await post(
      '/my-noc-history.php',
      { club_id: pendingClub.clubId },
      issuedClub.token,
    );
    expect(theirs.statusCode).toBe(403);
  });

  let renewed: number;

  it('takes one application per club in the open season (midnight IST), carrying the land document over', async () => {
    at('2030-08-01T18:30:00Z');
    const { load_agreement_image: _land, ...fourFiles } = applicationFiles();
    const res = await applyWith(
      issuedClub.token,
      { land_document_from: issued2025, land_type: 'own' },
      fourFiles,
    );
    expect(res.statusCode).toBe(201);
    const app = res.json().data;
    expect(app).toMatchObject({ apply_year: '2030', reg_no: '1', chairman_status: '0' });
    renewed = app.id;
    const [oldRow, newRow] = [
      await applicationRow(h, issued2025),
      await applicationRow(h, renewed),
    ];
    expect(newRow?.loadAgreementImage).not.toBe(oldRow?.loadAgreementImage);
    const [oldBytes, newBytes] = await Promise.all([
      readFile(join(h.filesDir, oldRow?.loadAgreementImage ?? '')),
      readFile(join(h.filesDir, newRow?.loadAgreementImage ?? '')),
    ]);
    expect(newBytes.equals(oldBytes)).toBe(true);
    const again = await applyWith(issuedClub.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'applications.alreadyExists' });
  });

  it('refuses to carry over a land document of another land type or another club', async () => {
    const { load_agreement_image: _land, ...fourFiles } = applicationFiles();
    const before = await h.snapshot();
    const changed = await applyWith(
      pendingClub.token,
      { land_document_from: pending2025, land_type: 'others' },
      fourFiles,
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'applyNoc.landDocumentNotReusable' });
    const theirs = await applyWith(
      pendingClub.token,
      { land_document_from: issued2025, land_type: 'own' },
      fourFiles,
    );
    expect(theirs.statusCode).toBe(403);
    const none = await applyWith(pendingClub.token, { land_type: 'own' }, fourFiles);
    expect(none.json()).toMatchObject({ code: 'applyNoc.incomplete' });
    expect(await h.snapshot()).toEqual(before);
  });

  it('my-noc answers the current season only; the history every season, newest first', async () => {
    const mine = await post('/my-noc.php', { club_id: issuedClub.clubId }, issuedClub.token);
    expect(mine.json().data.map((a: { id: number }) => a.id)).toEqual([renewed]);
    const history = await post(
      '/my-noc-history.php',
      { club_id: issuedClub.clubId },
      issuedClub.token,
    );
    expect(history.json().data.map((a: { id: number }) => a.id)).toEqual([renewed, issued2025]);
  });

  it('the list and dashboard answer the current season, ?year= another, each with its own ETag', async () => {
    const current = await list(admin.token);
    expect(current.json().data.map((a: { id: number }) => a.id)).toEqual([renewed]);
    const past = await list(admin.token, '?year=2025');
    expect(past.json().data.map((a: { id: number }) => a.id)).toEqual([issued2025, pending2025]);
    expect(past.headers.etag).not.toBe(current.headers.etag);
    // A write in 2030 leaves the 2025 list's tag as it was: a 304 for a client holding it.
    await h.uploadAcknowledgement(issuedClub, renewed);
    const again = await get('/apply-for-noc-list.php?year=2025', admin.token, {
      'if-none-match': String(past.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect((await list(admin.token)).headers.etag).not.toBe(current.headers.etag);
    expect((await get('/dashboard.php', admin.token)).json().data).toMatchObject({
      total_applications: '1',
      total_approved: '0',
    });
    expect((await get('/dashboard.php?year=2025', admin.token)).json().data).toMatchObject({
      total_applications: '2',
      total_approved: '1',
    });
    expect((await get('/apply-for-noc-list.php?year=2031', admin.token)).json()).toMatchObject({
      code: 'seasons.notFound',
    });
  });

  it('a past season’s decided application is on record: no document decision, no new decision', async () => {
    const before = await h.snapshot();
    const review = await post(
      '/image-status-update.php',
      { id: issued2025, agreement_status: 2, agreement_reason: 'x' },
      store.token,
    );
    expect(review.statusCode).toBe(409);
    expect(review.json()).toMatchObject({ code: 'applications.pastSeason' });
    const again = await post(
      '/update-chairman-status.php',
      { id: issued2025, chairman_status: 1, previous_chairman_status: 1 },
      chairman.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'applications.pastSeason' });
    expect(await h.snapshot()).toEqual(before);
  });

  it('a past season’s application still under review goes on (issue 27)', async () => {
    const ack = await h.uploadAcknowledgement(pendingClub, pending2025, pdf('late.pdf'));
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data).toMatchObject({ apply_year: '2025' });
  });

  it('a 2025 certificate still verifies after 2030 opened, naming its season', async () => {
    const [row] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, issued2025)));
    expect(row).toBeDefined();
    const code = (await applicationRow(h, issued2025))?.verificationCode ?? '';
    const res = await get(`/verify-noc.php?code=${code}`);
    expect(res.json().data).toMatchObject({
      valid: true,
      season_year: 2025,
      memo_number: expect.stringMatching(/\/DURGAPUJA\/2025$/),
    });
  });

  it('refuses to apply once the close day is over (midnight IST)', async () => {
    at('2030-09-15T18:30:00Z');
    const res = await applyWith(pendingClub.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'applyNoc.seasonClosed' });
    at('2030-09-15T18:29:00Z');
    expect((await applyWith(pendingClub.token, {})).statusCode).toBe(201);
  });
});
