// Appeals (issue 30, decision 0047): a club appeals a final rejection or a department's
// rejection within the window, with an optional document; the Appellate Officer (an appellate
// user, the user named in the service standards, or the chairman when none is named) allows it
// (the decision is pending again) or dismisses it with a reason; the club is told by mail and
// SMS; the history shows it. Every call × role × refusal, bad input changing nothing, and two
// officers deciding one appeal at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, auditLog, notificationOutbox, referrals } from '../src/db/schema';
import {
  EXE,
  PASSWORD,
  createHarness,
  decideDocument,
  decideFinal,
  historyOf,
  multipart,
  pdf,
  type Harness,
  type StaffUser,
} from './harness';

const DAY_MS = 24 * 3600 * 1000;
let nowMs = Date.now();
let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;
let appellate: StaffUser;

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });
const get = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? h.bearer(token) : {} });
const answer = (res: { statusCode: number; json(): { code?: string } }) => [
  res.statusCode,
  res.json().code,
];

let users = 0;
/** A user made by admin through Manage Users, logged in at the Official Login. */
async function makeUser(role: string, extra: Payload = {}): Promise<StaffUser> {
  users += 1;
  const email = `${role}${users}@appeals.example`;
  const made = await post(
    '/add-user.php',
    { name: `${role} ${users}`, email, phone: '9830099999', password: PASSWORD, role, ...extra },
    admin.token,
  );
  expect(made.statusCode, made.body).toBe(201);
  const login = await post('/admin-login.php', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { id: login.json().data.id, token: login.json().data.token, email };
}

beforeAll(async () => {
  h = await createHarness({}, { now: () => nowMs });
  ({ admin, store, chairman } = await h.staffTeam());
  appellate = await makeUser('appellate');
});
afterAll(() => h.close());

/** A club's application with every document approved, rejected by the chairman. */
async function refusedApplication(reason = 'No land owner consent') {
  const club = await h.club();
  const applied = await h.apply(club);
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().data.id as number;
  expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
  for (const doc of [
    'acknowledgement',
    'chairman_application_certificate',
    'certificate',
    'agreement',
  ]) {
    const res = await decideDocument(h, store.token, { id, doc, code: 1 });
    expect(res.statusCode, res.body).toBe(200);
  }
  const rejected = await decideFinal(h, chairman.token, { id, code: 2, reason });
  expect(rejected.statusCode, rejected.body).toBe(200);
  return { id, club };
}

const fileAppeal = (token: string, fields: Payload) => post('/file-appeal.php', fields, token);
const myRow = async (club: { token: string; clubId: number }) =>
  (await post('/my-noc.php', { club_id: club.clubId }, club.token)).json().data[0];

describe('the appellate role', () => {
  it('Manage Users creates one; it logs in and may open the appeals only', async () => {
    const login = await post('/admin-login.php', { email: appellate.email, password: PASSWORD });
    expect(login.json().data.role).toBe('appellate');
    expect((await get('/list-appeals.php', appellate.token)).statusCode).toBe(200);
    expect((await get('/dashboard.php', appellate.token)).statusCode).toBe(403);
    expect((await get('/apply-for-noc-list.php', appellate.token)).statusCode).toBe(403);
    expect(
      (await post('/update-chairman-status.php', { id: 1, chairman_status: 1 }, appellate.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('a final rejection appealed', () => {
  it('the club sees it may appeal until when, files with a document, and is told by mail and SMS', async () => {
    const { id, club } = await refusedApplication();
    const row = await myRow(club);
    expect(row.appealable).toEqual([
      expect.objectContaining({ ground: 'finalRejected', referral_id: null }),
    ]);
    const body = multipart(
      { application_id: id, ground: 'finalRejected', reason: 'The owner has now consented' },
      { document: pdf('consent.pdf') },
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/file-appeal.php',
      payload: body.payload,
      headers: { ...body.headers, ...h.bearer(club.token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'appeals.filed',
      data: { ground: 'finalRejected', status: 'pending', step: 'final' },
    });
    const after = await myRow(club);
    expect(after.appeals).toEqual([
      expect.objectContaining({
        ground: 'finalRejected',
        status: 'pending',
        reason: 'The owner has now consented',
        decided_on: null,
        decision_reason: '',
      }),
    ]);
    expect(after).not.toHaveProperty('appealable');
    const outbox = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.applicationId, id));
    const filed = outbox.filter((row) => row.kind === 'appealFiled');
    expect(filed.map((row) => row.channel).sort()).toEqual(['mail', 'sms']);
    expect(filed.find((row) => row.channel === 'mail')?.subject).toContain(
      'your appeal is received',
    );
    const [stored] = await h.database.db
      .select()
      .from(appeals)
      .where(eq(appeals.applicationId, id));
    expect(stored?.document).toBeTruthy();
    // The work list carries the club's document as a link.
    const listed = (await get('/list-appeals.php', appellate.token)).json().data;
    const mine = listed.find((a: { application_id: number }) => a.application_id === id);
    expect(mine).toMatchObject({ club_name: expect.any(String), reg_no: expect.any(String) });
    expect(mine.document).toMatch(/^\/?(uploads|files)?/);
  });

  it('allowed: the final decision is pending again, the chairman decides again and issues', async () => {
    const { id, club } = await refusedApplication();
    const filed = await fileAppeal(club.token, {
      application_id: id,
      ground: 'finalRejected',
      reason: 'Consent letter attached at the office',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const appealId = filed.json().data.id as number;
    const finalStep = (row: { steps: { step: string; decided_on: string; due_on: string }[] }) =>
      row.steps.find((step) => step.step === 'final');
    const refusedOn = finalStep(await myRow(club));
    expect(refusedOn?.decided_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A week later the officer allows it: the final decision's clock starts again that day.
    const saved = nowMs;
    nowMs += 7 * DAY_MS;
    try {
      const allowed = await post(
        '/decide-appeal.php',
        { id: appealId, decision: 'allow', reason: 'Consent verified' },
        appellate.token,
      );
      expect(answer(allowed)).toEqual([200, 'appeals.decided']);
      const reopened = finalStep(await myRow(club));
      const allowedOn = new Date(nowMs + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
      expect(reopened).toMatchObject({ started_on: allowedOn, decided_on: null, overdue: false });
      expect((reopened?.due_on ?? '') > allowedOn).toBe(true);
    } finally {
      nowMs = saved;
    }
    const row = await myRow(club);
    expect(row.chairman_status).toBe('0');
    expect(row.appeals[0]).toMatchObject({
      status: 'allowed',
      decision_reason: 'Consent verified',
    });
    // The decider sees the allowed appeal's reason on the application row.
    const list = (await get(`/apply-for-noc-list.php`, chairman.token)).json().data;
    const listed = list.find((a: { id: number }) => a.id === id);
    expect(listed.appeals[0]).toMatchObject({
      status: 'allowed',
      reason: 'Consent letter attached at the office',
    });
    const issued = await decideFinal(h, chairman.token, { id, code: 1 });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await myRow(club)).chairman_status).toBe('1');
    expect(finalStep(await myRow(club))?.decided_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const history = await historyOf(h, chairman.token, id);
    expect(history.map((e) => e.action)).toEqual(
      expect.arrayContaining(['reject', 'fileAppeal', 'allowAppeal', 'approve']),
    );
    const allowedEntry = history.find((e) => e.action === 'allowAppeal');
    expect(allowedEntry?.notification).not.toBeNull();
    expect(allowedEntry?.sms).not.toBeNull();
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'allowAppeal'));
    expect(audit).toMatchObject({ entity: 'application', item: 'chairman', toValue: 'allowed' });
  });

  it('dismissed with a reason: the rejection stands and the club is told why', async () => {
    const { id, club } = await refusedApplication();
    const appealId = (
      await fileAppeal(club.token, {
        application_id: id,
        ground: 'finalRejected',
        reason: 'Please',
      })
    ).json().data.id;
    expect(
      answer(
        await post(
          '/decide-appeal.php',
          { id: appealId, decision: 'dismiss', reason: '' },
          appellate.token,
        ),
      ),
    ).toEqual([422, 'appeals.dismissReasonRequired']);
    const dismissed = await post(
      '/decide-appeal.php',
      { id: appealId, decision: 'dismiss', reason: 'No new facts' },
      chairman.token,
    );
    expect(answer(dismissed)).toEqual([200, 'appeals.decided']);
    const row = await myRow(club);
    expect(row.chairman_status).toBe('2');
    expect(row.appeals[0]).toMatchObject({ status: 'dismissed', decision_reason: 'No new facts' });
    const sms = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'appealDismissed'));
    expect(sms.some((row) => row.channel === 'sms' && row.body.includes('No new facts'))).toBe(
      true,
    );
    // The same rejection cannot be appealed again.
    expect(
      answer(
        await fileAppeal(club.token, {
          application_id: id,
          ground: 'finalRejected',
          reason: 'Again',
        }),
      ),
    ).toEqual([409, 'appeals.alreadyDecided']);
  });
});

describe('refusals change nothing', () => {
  it('filing: not a club, not the club’s, no ground, no reason, already appealed, out of time, bad file', async () => {
    const { id, club } = await refusedApplication();
    const other = await h.club();
    const pending = await h.club();
    const pendingApp = (await h.apply(pending)).json().data.id as number;
    const before = await h.snapshot();
    const ok = { application_id: id, ground: 'finalRejected', reason: 'Please reconsider' };
    expect((await post('/file-appeal.php', ok)).statusCode).toBe(401);
    expect((await fileAppeal(store.token, ok)).statusCode).toBe(403);
    expect(answer(await fileAppeal(other.token, ok))).toEqual([403, 'appeals.notYourApplication']);
    expect(answer(await fileAppeal(club.token, { ...ok, application_id: 999999 }))).toEqual([
      404,
      'applications.notFound',
    ]);
    expect(answer(await fileAppeal(club.token, { ...ok, ground: 'because' }))).toEqual([
      422,
      'appeals.noGround',
    ]);
    expect(answer(await fileAppeal(club.token, { ...ok, ground: 'referralRejected' }))).toEqual([
      422,
      'appeals.noGround',
    ]);
    expect(answer(await fileAppeal(club.token, { ...ok, reason: '  ' }))).toEqual([
      422,
      'appeals.reasonRequired',
    ]);
    expect(answer(await fileAppeal(pending.token, { ...ok, application_id: pendingApp }))).toEqual([
      422,
      'appeals.noGround',
    ]);
    const exe = multipart(ok as Record<string, string | number>, {
      document: { name: 'x.pdf', type: 'application/pdf', bytes: EXE },
    });
    const badFile = await h.app.inject({
      method: 'POST',
      url: '/file-appeal.php',
      payload: exe.payload,
      headers: { ...exe.headers, ...h.bearer(club.token) },
    });
    expect(badFile.statusCode).toBe(415);
    const saved = nowMs;
    nowMs += 31 * DAY_MS;
    try {
      expect(answer(await fileAppeal(club.token, ok))).toEqual([422, 'appeals.outOfTime']);
    } finally {
      nowMs = saved;
    }
    expect(await h.snapshot()).toEqual(before);
    expect(answer(await fileAppeal(club.token, ok))).toEqual([201, 'appeals.filed']);
    expect(answer(await fileAppeal(club.token, ok))).toEqual([409, 'appeals.alreadyAppealed']);
  });

  it('deciding: not an officer, not its officer, unknown, bad input, decided before', async () => {
    const { id, club } = await refusedApplication();
    const appealId = (
      await fileAppeal(club.token, {
        application_id: id,
        ground: 'finalRejected',
        reason: 'Please',
      })
    ).json().data.id;
    const before = await h.snapshot();
    const allow = { id: appealId, decision: 'allow', reason: '' };
    expect((await post('/decide-appeal.php', allow)).statusCode).toBe(401);
    expect((await post('/decide-appeal.php', allow, club.token)).statusCode).toBe(403);
    expect(answer(await post('/decide-appeal.php', allow, store.token))).toEqual([
      403,
      'appeals.notYourAppeal',
    ]);
    expect(answer(await post('/decide-appeal.php', allow, admin.token))).toEqual([
      403,
      'appeals.notYourAppeal',
    ]);
    expect(
      answer(await post('/decide-appeal.php', { ...allow, id: 999999 }, appellate.token)),
    ).toEqual([404, 'appeals.notFound']);
    expect(
      answer(await post('/decide-appeal.php', { ...allow, decision: 'uphold' }, appellate.token)),
    ).toEqual([422, 'appeals.invalidDecision']);
    expect(await h.snapshot()).toEqual(before);
    // A staff user named Appellate Officer of the final decision decides; the chairman no longer.
    const named = await post(
      '/update-service-standard.php',
      { step: 'final', days: 5, appellate_user_id: store.id },
      admin.token,
    );
    expect(named.statusCode, named.body).toBe(200);
    try {
      expect(answer(await post('/decide-appeal.php', allow, chairman.token))).toEqual([
        403,
        'appeals.notYourAppeal',
      ]);
      expect(answer(await post('/decide-appeal.php', allow, store.token))).toEqual([
        200,
        'appeals.decided',
      ]);
    } finally {
      await post(
        '/update-service-standard.php',
        { step: 'final', days: 5, appellate_user_id: '' },
        admin.token,
      );
    }
    expect(answer(await post('/decide-appeal.php', allow, appellate.token))).toEqual([
      409,
      'appeals.alreadyDecided',
    ]);
  });

  it('the list: staff and appellate officers only, by season', async () => {
    expect((await get('/list-appeals.php')).statusCode).toBe(401);
    const club = await h.club();
    expect((await get('/list-appeals.php', club.token)).statusCode).toBe(403);
    expect((await get('/list-appeals.php?year=1990', admin.token)).json().data).toEqual([]);
    const all = (await get('/list-appeals.php', admin.token)).json().data as unknown[];
    expect(all.length).toBeGreaterThan(0);
  });
});

describe('at once', () => {
  it('two appellate officers deciding one appeal at once: one wins, the other is told it is decided', async () => {
    const second = await makeUser('appellate');
    const { id, club } = await refusedApplication();
    const appealId = (
      await fileAppeal(club.token, {
        application_id: id,
        ground: 'finalRejected',
        reason: 'Please',
      })
    ).json().data.id;
    const answers = await Promise.all([
      post(
        '/decide-appeal.php',
        { id: appealId, decision: 'allow', reason: 'Fine' },
        appellate.token,
      ),
      post('/decide-appeal.php', { id: appealId, decision: 'dismiss', reason: 'No' }, second.token),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe(
      'appeals.alreadyDecided',
    );
    const decisions = await h.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(
      decisions.filter((e) => e.action === 'allowAppeal' || e.action === 'dismissAppeal'),
    ).toHaveLength(1);
  });

  it('a club filing twice at once: one appeal', async () => {
    const { id, club } = await refusedApplication();
    const fields = { application_id: id, ground: 'finalRejected', reason: 'Please' };
    const answers = await Promise.all([
      fileAppeal(club.token, fields),
      fileAppeal(club.token, fields),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(
      await h.database.db.select().from(appeals).where(eq(appeals.applicationId, id)),
    ).toHaveLength(1);
  });
});

describe('a department’s rejection appealed', () => {
  it('allowed: the referral is pending again with a new due date, and its officer decides it again', async () => {
    const agency = await post(
      '/add-agency.php',
      {
        name: 'Fire Appeals',
        kind: 'fire',
        wards: '',
        mode: 'online',
        days: 7,
        deemed_approval: false,
        active: true,
      },
      admin.token,
    );
    expect(agency.statusCode, agency.body).toBe(201);
    const agencyId = agency.json().data.id as number;
    const officer = await makeUser('agency', { agency_id: agencyId });
    const club = await h.club();
    const id = (await h.apply(club)).json().data.id as number;
    await h.uploadAcknowledgement(club, id);
    await decideDocument(h, store.token, { id, doc: 'acknowledgement', code: 1 });
    const [referral] = await h.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.applicationId, id));
    if (!referral) throw new Error('no referral');
    const rejected = await post(
      '/decide-referral.php',
      { id: referral.id, decision: 'reject', reason: 'No fire exit' },
      officer.token,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await myRow(club)).appealable).toEqual([
      expect.objectContaining({
        ground: 'referralRejected',
        referral_id: referral.id,
        agency_name: 'Fire Appeals',
      }),
    ]);
    const filed = await fileAppeal(club.token, {
      application_id: id,
      ground: 'referralRejected',
      referral_id: referral.id,
      reason: 'A second exit is built',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().data).toMatchObject({ step: 'referral', agency_name: 'Fire Appeals' });
    // The chairman hears it (no Appellate Officer named for the department).
    const allowed = await post(
      '/decide-appeal.php',
      { id: filed.json().data.id, decision: 'allow', reason: '' },
      chairman.token,
    );
    expect(answer(allowed)).toEqual([200, 'appeals.decided']);
    const [after] = await h.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(after).toMatchObject({ status: 'pending', decidedOn: null, reason: null });
    expect((after?.dueOn ?? '') >= referral.dueOn).toBe(true);
    // Its officer sees the club's reason on the reopened referral.
    const desk = (await get('/list-referrals.php', officer.token)).json().data as Array<{
      id: number;
      appeal_reason: string | null;
    }>;
    expect(desk.find((r) => r.id === referral.id)?.appeal_reason).toBe('A second exit is built');
    const again = await post(
      '/decide-referral.php',
      { id: referral.id, decision: 'approve' },
      officer.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    await post(
      '/update-agency.php',
      {
        id: agencyId,
        name: 'Fire Appeals',
        kind: 'fire',
        wards: '',
        mode: 'online',
        days: 7,
        deemed_approval: false,
        active: false,
      },
      admin.token,
    );
  });
});

describe('a late step (the "overdue" ground)', () => {
  it('is appealed once more than five working days late, once, and allowed with an order to decide it', async () => {
    const started = nowMs;
    try {
      const club = await h.club();
      const applied = await h.apply(club);
      expect(applied.statusCode, applied.body).toBe(201);
      const id = applied.json().data.id as number;
      // The acknowledgement's review starts its clock (2 working days by the standards).
      expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
      const late = { application_id: id, ground: 'overdue', reason: 'Nobody has looked at it' };
      expect(answer(await fileAppeal(club.token, late))).toEqual([422, 'appeals.notLateEnough']);
      expect((await myRow(club)).appealable ?? []).toEqual([]);

      // Three weeks on: far more than its days and five more.
      nowMs += 21 * DAY_MS;
      const row = await myRow(club);
      expect(row.appealable).toEqual([
        expect.objectContaining({
          ground: 'overdue',
          step: 'acknowledgement',
          referral_id: null,
          until: null,
          due_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ]);
      const filed = await fileAppeal(club.token, late);
      expect(filed.statusCode, filed.body).toBe(201);
      expect(filed.json().data).toMatchObject({
        ground: 'overdue',
        step: 'acknowledgement',
        status: 'pending',
        appealed_on: row.appealable[0].due_on,
      });
      // One appeal per late step: the second is told it waits.
      expect(answer(await fileAppeal(club.token, late))).toEqual([409, 'appeals.alreadyAppealed']);
      expect((await myRow(club)).appealable ?? []).toEqual([]);

      // Allowed: the step is ordered decided within the days given (a late step needs them).
      const appealId = filed.json().data.id as number;
      const allow = { id: appealId, decision: 'allow', reason: 'Decide it this week' };
      expect(answer(await post('/decide-appeal.php', allow, appellate.token))).toEqual([
        422,
        'appeals.invalidDays',
      ]);
      const decided = await post('/decide-appeal.php', { ...allow, days: 3 }, appellate.token);
      expect(decided.statusCode, decided.body).toBe(200);
      const after = await myRow(club);
      const [appeal] = after.appeals;
      expect(appeal).toMatchObject({ ground: 'overdue', status: 'allowed' });
      expect(appeal.order_due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(appeal.order_due_on > appeal.decided_on).toBe(true);
      // The late step is now due on the ordered day, no longer marked late.
      expect(after.steps.find((s: { step: string }) => s.step === 'acknowledgement')).toMatchObject(
        {
          due_on: appeal.order_due_on,
          decided_on: null,
          overdue: false,
        },
      );
    } finally {
      nowMs = started;
    }
  });

  it('on a department’s late referral, allowed: the referral is due on the ordered day', async () => {
    const started = nowMs;
    const agency = await post(
      '/add-agency.php',
      {
        name: 'Late Fire',
        kind: 'fire',
        wards: '',
        mode: 'online',
        days: 3,
        deemed_approval: false,
        active: true,
      },
      admin.token,
    );
    expect(agency.statusCode, agency.body).toBe(201);
    const agencyId = agency.json().data.id as number;
    try {
      const club = await h.club();
      const id = (await h.apply(club)).json().data.id as number;
      await h.uploadAcknowledgement(club, id);
      await decideDocument(h, store.token, { id, doc: 'acknowledgement', code: 1 });
      const [referral] = await h.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.applicationId, id));
      if (!referral) throw new Error('no referral');
      nowMs += 21 * DAY_MS;
      const filed = await fileAppeal(club.token, {
        application_id: id,
        ground: 'overdue',
        referral_id: referral.id,
        reason: 'The fire office has not answered',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const allowed = await post(
        '/decide-appeal.php',
        { id: filed.json().data.id, decision: 'allow', reason: 'Answer it', days: 2 },
        chairman.token,
      );
      expect(answer(allowed)).toEqual([200, 'appeals.decided']);
      const [appeal] = (await myRow(club)).appeals;
      const [after] = await h.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.id, referral.id));
      expect(after).toMatchObject({
        status: 'pending',
        dueOn: appeal.order_due_on,
        overdueOn: null,
      });
      expect(after?.dueOn).not.toBe(referral.dueOn);
    } finally {
      nowMs = started;
      await post(
        '/update-agency.php',
        {
          id: agencyId,
          name: 'Late Fire',
          kind: 'fire',
          wards: '',
          mode: 'online',
          days: 3,
          deemed_approval: false,
          active: false,
        },
        admin.token,
      );
    }
  });

  it('is refused while nothing of the application is waiting on the municipality', async () => {
    const { id, club } = await refusedApplication();
    const filed = await fileAppeal(club.token, {
      application_id: id,
      ground: 'overdue',
      reason: 'It took too long',
    });
    expect(answer(filed)).toEqual([422, 'appeals.noGround']);
  });
});

// Last in this file: it closes the season every application here belongs to.
describe('once the review of the season is closed', () => {
  it('no appeal is filed or allowed (a filing racing the closing: one order or the other); a waiting one may be dismissed', async () => {
    const appealed = await refusedApplication();
    const unappealed = await refusedApplication();
    const racing = await refusedApplication();
    const filing = (id: number) => ({
      application_id: id,
      ground: 'finalRejected',
      reason: 'The owner has now consented',
    });
    const filed = await fileAppeal(appealed.club.token, filing(appealed.id));
    expect(filed.statusCode, filed.body).toBe(201);
    const appealId = filed.json().data.id as number;
    expect((await myRow(unappealed.club)).appealable).toHaveLength(1);

    // Applications closed yesterday; the review closes while a club is filing.
    const yesterday = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
    const season = await post(
      '/update-season.php',
      { year: 2025, opens_on: '2025-01-01', closes_on: yesterday },
      admin.token,
    );
    expect(season.statusCode, season.body).toBe(200);
    const [race, closed] = await Promise.all([
      fileAppeal(racing.club.token, filing(racing.id)),
      post('/close-season-review.php', { year: 2025, reason: 'Puja over' }, admin.token),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    const raced = await h.database.db
      .select()
      .from(appeals)
      .where(eq(appeals.applicationId, racing.id));
    if (race.statusCode === 201) expect(raced).toHaveLength(1);
    else {
      expect(answer(race)).toEqual([409, 'appeals.reviewClosed']);
      expect(raced).toEqual([]);
    }

    // The club is offered nothing, and filing is refused, changing nothing.
    expect((await myRow(unappealed.club)).appealable).toBeUndefined();
    const before = await h.snapshot();
    expect(answer(await fileAppeal(unappealed.club.token, filing(unappealed.id)))).toEqual([
      409,
      'appeals.reviewClosed',
    ]);
    // Allowing would reopen the decision: refused, the appeal still waiting, the rejection standing.
    const allow = { id: appealId, decision: 'allow', reason: 'Consent is genuine' };
    expect(answer(await post('/decide-appeal.php', allow, appellate.token))).toEqual([
      409,
      'appeals.reviewClosed',
    ]);
    expect(await h.snapshot()).toEqual(before);
    const row = await myRow(appealed.club);
    expect(row.chairman_status).toBe('2'); // Rejected, on the wire
    expect(row.appeals).toEqual([expect.objectContaining({ id: appealId, status: 'pending' })]);

    // Dismissed with a reason: the club is told where it stands.
    const dismiss = { id: appealId, decision: 'dismiss', reason: 'The season’s review is over' };
    expect(answer(await post('/decide-appeal.php', dismiss, appellate.token))).toEqual([
      200,
      'appeals.decided',
    ]);
    expect((await myRow(appealed.club)).appeals).toEqual([
      expect.objectContaining({ id: appealId, status: 'dismissed' }),
    ]);
  });
});
