// Other departments (issue 29): agencies kept by admin, agency officers, referrals made when the
// acknowledgement is approved, decided by officers or recorded from letters, answered by the
// club, deemed by the sweep, withdrawn by admin; the chairman's approval waits for them; the
// certificate's verification shows the clearances. Every call × role × refusal, bad input
// changing nothing, and two officers deciding one referral at once.
import { addWorkingDays, municipalDay, workingCalendar } from '@puja/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/auth';
import { auditLog, notificationOutbox, referrals, users } from '../src/db/schema';
import { sweepReferrals } from '../src/departments/sweep';
import {
  EXE,
  PASSWORD,
  createHarness,
  decideDocument,
  decideFinal,
  multipart,
  pdf,
  png,
  type Harness,
  type StaffUser,
} from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });
const get = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? h.bearer(token) : {} });
const postFiles = (
  url: string,
  fields: Record<string, string | number>,
  files: Parameters<typeof multipart>[1],
  token: string,
) => {
  const body = multipart(fields, files);
  return h.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(token) },
  });
};
const answer = (res: { statusCode: number; json(): { code?: string } }) => [
  res.statusCode,
  res.json().code,
];

const agencyFields = (fields: Payload): Payload => ({
  kind: 'other',
  wards: '',
  mode: 'online',
  days: 7,
  deemed_approval: false,
  active: true,
  ...fields,
});

/** Adds an agency as admin; its id. */
async function addAgency(fields: Payload): Promise<number> {
  const res = await post('/add-agency.php', agencyFields(fields), admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

let officers = 0;
/** An officer of an agency, made by admin through Manage Users, logged in. */
async function officer(agencyId: number): Promise<StaffUser> {
  officers += 1;
  const email = `officer${officers}@agency.example`;
  const made = await post(
    '/add-user.php',
    {
      name: `Officer ${officers}`,
      email,
      phone: '9830099999',
      password: PASSWORD,
      role: 'agency',
      agency_id: agencyId,
    },
    admin.token,
  );
  expect(made.statusCode, made.body).toBe(201);
  const login = await post('/admin-login.php', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().data).toMatchObject({ role: 'agency', agency_id: agencyId });
  return { id: login.json().data.id, token: login.json().data.token, email };
}

/** A club's application (puja ward 7) with its acknowledgement uploaded; its id and the club. */
async function acknowledgedApplication() {
  const club = await h.club();
  const applied = await h.apply(club);
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().data.id as number;
  expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
  return { id, club };
}

/** The referrals of an application as its club reads them (my-noc.php). */
async function clubReferrals(club: { token: string; clubId: number }) {
  const res = await post('/my-noc.php', { club_id: club.clubId }, club.token);
  expect(res.statusCode).toBe(200);
  return (res.json().data[0]?.referrals ?? []) as Array<Record<string, unknown>>;
}

const referralOf = async (club: { token: string; clubId: number }, agencyId: number) => {
  const found = (await clubReferrals(club)).find((r) => r.agency_id === agencyId);
  if (!found) throw new Error(`no referral to agency ${agencyId}`);
  return found as { id: number; status: string; round: number; due_on: string };
};

const today = () => municipalDay(Date.now());

describe('before any agency: the spec’s flow', () => {
  it('an approved acknowledgement refers nowhere and rows carry no referrals', async () => {
    const { id, club } = await acknowledgedApplication();
    expect(
      (await decideDocument(h, store.token, { id, doc: 'acknowledgement', code: 1 })).statusCode,
    ).toBe(200);
    const row = (await post('/my-noc.php', { club_id: club.clubId }, club.token)).json().data[0];
    expect(row).not.toHaveProperty('referrals');
    expect(await h.database.db.select().from(referrals)).toEqual([]);
  });
});

describe('agencies', () => {
  it('admin adds and edits agencies, audited; staff and officers read them', async () => {
    const id = await addAgency({
      name: 'Fire & Emergency Services (test)',
      kind: 'fire',
      wards: '1-3, 5',
      email: 'fire@agency.example',
      phone: '033 2345 6789',
    });
    const edited = await post(
      '/update-agency.php',
      agencyFields({ id, name: 'Fire & Emergency Services (test)', kind: 'fire', days: 5 }),
      admin.token,
    );
    expect(answer(edited)).toEqual([200, 'agencies.updated']);
    expect(edited.json().data).toMatchObject({ id, wards: [], days: 5, email: null });
    const fireOfficer = await officer(id);
    for (const token of [admin.token, store.token, chairman.token, fireOfficer.token]) {
      const listed = await get('/list-agencies.php', token);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.find((a: { id: number }) => a.id === id)).toEqual({
        id,
        name: 'Fire & Emergency Services (test)',
        kind: 'fire',
        wards: [],
        mode: 'online',
        days: 5,
        deemed_approval: false,
        email: null,
        phone: null,
        active: true,
      });
    }
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agency'), eq(auditLog.entityId, id)));
    expect(audit.map((entry) => entry.action)).toEqual(['add', 'update']);
    expect(audit[0]?.toValue).toContain('wards 1,2,3,5');
  });

  it('refuses every role but admin a change, a club the list, a caller without a session', async () => {
    const club = await h.club();
    const someOfficer = await officer(await addAgency({ name: 'Roles test agency' }));
    for (const token of [store.token, chairman.token, someOfficer.token, club.token]) {
      expect((await post('/add-agency.php', agencyFields({ name: 'X' }), token)).statusCode).toBe(
        403,
      );
      expect(
        (await post('/update-agency.php', agencyFields({ id: 1, name: 'X' }), token)).statusCode,
      ).toBe(403);
    }
    expect((await get('/list-agencies.php', club.token)).statusCode).toBe(403);
    expect((await get('/list-agencies.php')).statusCode).toBe(401);
    expect((await post('/add-agency.php', agencyFields({ name: 'X' }))).statusCode).toBe(401);
  });

  it('refuses bad input, a name taken and an unknown agency, changing nothing', async () => {
    await addAgency({ name: 'Taken Name' });
    const before = await h.snapshot();
    const cases: [string, Payload, number, string][] = [
      ['/add-agency.php', { name: '' }, 400, 'agencies.nameRequired'],
      ['/add-agency.php', { name: 'A', kind: 'army' }, 400, 'agencies.invalidKind'],
      ['/add-agency.php', { name: 'A', wards: '0-30' }, 400, 'agencies.invalidWards'],
      ['/add-agency.php', { name: 'A', mode: 'fax' }, 400, 'agencies.invalidMode'],
      ['/add-agency.php', { name: 'A', days: 0 }, 400, 'agencies.invalidDays'],
      ['/add-agency.php', { name: 'A', email: 'x@' }, 400, 'validation.emailInvalid'],
      ['/add-agency.php', { name: 'taken name' }, 409, 'agencies.nameTaken'],
      ['/update-agency.php', { id: 99999, name: 'A' }, 404, 'agencies.notFound'],
    ];
    for (const [url, fields, status, code] of cases) {
      expect(answer(await post(url, agencyFields(fields), admin.token))).toEqual([status, code]);
    }
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('agency officers in Manage Users', () => {
  it('only admin creates one, with an agency that exists', async () => {
    const agencyId = await addAgency({ name: 'Officer rules agency' });
    const user = {
      name: 'SI Das',
      email: 'si.das@agency.example',
      phone: '9830012345',
      password: PASSWORD,
      role: 'agency',
    };
    expect(
      answer(await post('/add-user.php', { ...user, agency_id: agencyId }, chairman.token)),
    ).toEqual([403, 'auth.forbidden']);
    expect(answer(await post('/add-user.php', user, admin.token))).toEqual([
      400,
      'users.agencyRequired',
    ]);
    expect(answer(await post('/add-user.php', { ...user, agency_id: 99999 }, admin.token))).toEqual(
      [422, 'agencies.notFound'],
    );
    const made = await post('/add-user.php', { ...user, agency_id: agencyId }, admin.token);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ role: 'agency', agency_id: agencyId });
    const listed = (await get('/list-users.php', admin.token)).json().data;
    expect(listed.find((u: { email: string }) => u.email === user.email)).toMatchObject({
      role: 'agency',
      agency_id: agencyId,
    });
    // A chairman may not edit the officer either.
    const id = made.json().data.id as number;
    expect(
      (await post('/update-user.php', { ...user, id, agency_id: agencyId }, chairman.token))
        .statusCode,
    ).toBe(403);
  });

  it('an officer sees no application list, dashboard or user list', async () => {
    const someOfficer = await officer(await addAgency({ name: 'No list agency' }));
    for (const url of ['/apply-for-noc-list.php', '/list-users.php']) {
      expect((await get(url, someOfficer.token)).statusCode).toBe(403);
    }
  });
});

describe('referrals', () => {
  let police1: number;
  let police2: number;
  let fire: number;
  let power: number;
  let pcb: number;
  let asleep: number;
  let policeOfficer: StaffUser;
  let policeOfficer2: StaffUser;
  let fireOfficer: StaffUser;
  let powerOfficer: StaffUser;
  let pcbOfficer: StaffUser;
  let app: Awaited<ReturnType<typeof acknowledgedApplication>>;

  beforeAll(async () => {
    police1 = await addAgency({ name: 'PS wards 1-12', kind: 'police', wards: '1-12' });
    police2 = await addAgency({ name: 'PS wards 13-25', kind: 'police', wards: '13-25' });
    fire = await addAgency({ name: 'Fire service', kind: 'fire', days: 5 });
    power = await addAgency({
      name: 'WBSEDCL',
      kind: 'electricity',
      days: 3,
      deemed_approval: true,
    });
    pcb = await addAgency({ name: 'Pollution board', kind: 'pollution', mode: 'offline' });
    asleep = await addAgency({ name: 'Sleeping office', active: false });
    // The agencies of the earlier tests stop taking referrals.
    for (const agency of (await get('/list-agencies.php', admin.token)).json().data) {
      if ([police1, police2, fire, power, pcb].includes(agency.id)) continue;
      await post('/update-agency.php', { ...agency, active: false }, admin.token);
    }
    policeOfficer = await officer(police1);
    policeOfficer2 = await officer(police1);
    fireOfficer = await officer(fire);
    powerOfficer = await officer(power);
    pcbOfficer = await officer(pcb);
    app = await acknowledgedApplication();
    const approved = await decideDocument(h, store.token, {
      id: app.id,
      doc: 'acknowledgement',
      code: 1,
    });
    expect(approved.statusCode).toBe(200);
  });

  it('the approved acknowledgement refers the application to each active agency covering ward 7', async () => {
    const made = await clubReferrals(app.club);
    expect(made.map((r) => r.agency_name)).toEqual([
      'Fire service',
      'PS wards 1-12',
      'Pollution board',
      'WBSEDCL',
    ]);
    const calendar = workingCalendar();
    const fireReferral = made.find((r) => r.agency_id === fire);
    expect(fireReferral).toEqual({
      id: expect.any(Number),
      agency_id: fire,
      agency_name: 'Fire service',
      kind: 'fire',
      status: 'pending',
      due_on: addWorkingDays(today(), 5, calendar),
      decided_on: null,
      reference_no: null,
      conditions: [],
      reason: null,
      response: null,
      round: 1,
    });
    expect(made.some((r) => r.agency_id === police2 || r.agency_id === asleep)).toBe(false);
    // Staff's list rows carry them too; the history records each.
    const list = await get('/apply-for-noc-list.php', admin.token);
    const row = list.json().data.find((a: { id: number }) => a.id === app.id);
    expect(row.referrals).toHaveLength(4);
    const history = await get(`/application-history.php?id=${app.id}`, admin.token);
    expect(
      history
        .json()
        .data.filter((e: { action: string }) => e.action === 'referralCreated')
        .map((e: { item: string }) => e.item)
        .sort(),
    ).toEqual(['Fire service', 'PS wards 1-12', 'Pollution board', 'WBSEDCL']);
  });

  it('an officer lists its agency’s referrals only, with the application’s slice; staff all', async () => {
    const mine = (await get('/list-referrals.php', policeOfficer.token)).json().data;
    expect(mine.every((r: { agency_id: number }) => r.agency_id === police1)).toBe(true);
    const one = mine.find((r: { application_id: number }) => r.application_id === app.id);
    expect(one.application).toMatchObject({
      id: app.id,
      puja_location_ward_no: 7,
      land_type: 'own',
      club_president_phone: '9830012345',
    });
    expect(one.application.chairman_application_certificate).toMatch(/^files\/\d+\//);
    expect(one.application).not.toHaveProperty('email');
    const all = (await get('/list-referrals.php', store.token)).json().data;
    expect(all.filter((r: { application_id: number }) => r.application_id === app.id)).toHaveLength(
      4,
    );
    const year = new Date().getUTCFullYear();
    expect((await get(`/list-referrals.php?year=${year + 5}`, store.token)).json().data).toEqual(
      [],
    );
    expect((await get('/list-referrals.php?year=20x6', store.token)).statusCode).toBe(400);
    expect((await get('/list-referrals.php', app.club.token)).statusCode).toBe(403);
    expect((await get('/list-referrals.php')).statusCode).toBe(401);
  });

  it('the chairman cannot approve while referrals are open', async () => {
    for (const doc of ['chairman_application_certificate', 'certificate', 'agreement']) {
      expect((await decideDocument(h, store.token, { id: app.id, doc, code: 1 })).statusCode).toBe(
        200,
      );
    }
    expect(answer(await decideFinal(h, chairman.token, { id: app.id, code: 1 }))).toEqual([
      422,
      'review.referralsOpen',
    ]);
  });

  it('decide-referral: an officer of its agency decides; others, bad input and a second decision are refused', async () => {
    const police = await referralOf(app.club, police1);
    const pollution = await referralOf(app.club, pcb);
    const before = await h.snapshot();
    const refusals: [Payload, string, number, string][] = [
      [{ id: police.id, decision: 'approve' }, fireOfficer.token, 403, 'referrals.notYourAgency'],
      [{ id: police.id, decision: 'approve' }, admin.token, 403, 'auth.forbidden'],
      [{ id: police.id, decision: 'approve' }, store.token, 403, 'auth.forbidden'],
      [{ id: police.id, decision: 'approve' }, app.club.token, 403, 'auth.forbidden'],
      [{ id: pollution.id, decision: 'approve' }, pcbOfficer.token, 403, 'referrals.offlineAgency'],
      [{ id: police.id, decision: 'object' }, policeOfficer.token, 422, 'referrals.reasonRequired'],
      [
        { id: police.id, decision: 'reject', reason: ' ' },
        policeOfficer.token,
        422,
        'referrals.reasonRequired',
      ],
      [
        { id: police.id, decision: 'conditions' },
        policeOfficer.token,
        422,
        'referrals.conditionsRequired',
      ],
      [
        { id: police.id, decision: 'conditions', conditions: ['x'.repeat(201)] },
        policeOfficer.token,
        422,
        'referrals.conditionTooLong',
      ],
      [{ id: police.id, decision: 'maybe' }, policeOfficer.token, 422, 'referrals.invalidDecision'],
      [{ id: 99999, decision: 'approve' }, policeOfficer.token, 404, 'referrals.notFound'],
    ];
    for (const [payload, token, status, code] of refusals) {
      expect(answer(await post('/decide-referral.php', payload, token))).toEqual([status, code]);
    }
    expect(await h.snapshot()).toEqual(before);
    expect(
      (await post('/decide-referral.php', { id: police.id, decision: 'approve' })).statusCode,
    ).toBe(401);

    const decided = await post(
      '/decide-referral.php',
      {
        id: police.id,
        decision: 'conditions',
        conditions: 'No loudspeaker after 22:00\nVolunteers at the gate',
        reference_no: 'PS/114',
      },
      policeOfficer.token,
    );
    expect(answer(decided)).toEqual([200, 'referrals.decided']);
    expect(await referralOf(app.club, police1)).toMatchObject({
      status: 'conditions',
      conditions: ['No loudspeaker after 22:00', 'Volunteers at the gate'],
      reference_no: 'PS/114',
      decided_on: today(),
    });
    expect(
      answer(
        await post(
          '/decide-referral.php',
          { id: police.id, decision: 'reject', reason: 'x' },
          policeOfficer.token,
        ),
      ),
    ).toEqual([409, 'referrals.notPending']);
    // The club is told by mail and SMS, and the history names the officer.
    const told = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'referralApprovedWithConditions'));
    expect(told.map((m) => m.channel)).toEqual(['mail']);
    expect(told[0]?.body).toContain('- No loudspeaker after 22:00');
    const sms = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.applicationId, app.id), eq(notificationOutbox.channel, 'sms')),
      );
    expect(sms.some((m) => m.kind === 'referralApproved' && m.body.includes('PS wards 1-12'))).toBe(
      true,
    );
  });

  it('an objection is answered by the owning club only, while objected; round 2 with a new due date', async () => {
    const fireReferral = await referralOf(app.club, fire);
    const respond = (fields: Record<string, string | number>, token: string, files = {}) =>
      postFiles('/respond-referral.php', fields, files, token);
    expect(
      answer(await respond({ id: fireReferral.id, response: 'Too early' }, app.club.token)),
    ).toEqual([409, 'referrals.notObjected']);
    const objected = await post(
      '/decide-referral.php',
      { id: fireReferral.id, decision: 'object', reason: 'Only one exit on the plan' },
      fireOfficer.token,
    );
    expect(objected.statusCode).toBe(200);
    expect(await referralOf(app.club, fire)).toMatchObject({
      status: 'objected',
      reason: 'Only one exit on the plan',
    });

    const other = await h.club();
    const before = await h.snapshot();
    expect(
      answer(
        await respond({ id: fireReferral.id, response: 'Mine' }, other.token, { document: pdf() }),
      ),
    ).toEqual([403, 'auth.notYourApplication']);
    expect(answer(await respond({ id: fireReferral.id, response: 'x' }, store.token))).toEqual([
      403,
      'auth.forbidden',
    ]);
    expect(answer(await respond({ id: fireReferral.id, response: ' ' }, app.club.token))).toEqual([
      422,
      'referrals.responseRequired',
    ]);
    expect(
      (
        await respond({ id: fireReferral.id, response: 'Plan' }, app.club.token, {
          document: { name: 'x.pdf', type: 'application/pdf', bytes: EXE },
        })
      ).statusCode,
    ).toBe(415);
    expect(await h.snapshot()).toEqual(before);

    const answered = await respond(
      { id: fireReferral.id, response: 'A second exit is added; the new plan is attached.' },
      app.club.token,
      { document: pdf('plan.pdf') },
    );
    expect(answer(answered)).toEqual([200, 'referrals.answered']);
    expect(await referralOf(app.club, fire)).toMatchObject({
      status: 'pending',
      round: 2,
      response: 'A second exit is added; the new plan is attached.',
      due_on: addWorkingDays(today(), 5, workingCalendar()),
    });
    // The officer sees the answer and opens its document by a signed link.
    const listed = (await get('/list-referrals.php', fireOfficer.token)).json().data;
    const mine = listed.find((r: { id: number }) => r.id === fireReferral.id);
    expect(mine.response_document).toMatch(new RegExp(`^files/${app.id}/`));
    const file = await h.app.inject({ method: 'GET', url: `/${mine.response_document}` });
    expect(file.statusCode).toBe(200);
    expect(
      (
        await post(
          '/decide-referral.php',
          { id: fireReferral.id, decision: 'approve' },
          fireOfficer.token,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('record-referral-reply: admin and store record an offline agency’s letter, checked like every document', async () => {
    const pollution = await referralOf(app.club, pcb);
    const powerReferral = await referralOf(app.club, power);
    const letter = { letter: pdf('letter.pdf') };
    const fields = (extra: Record<string, string | number> = {}) => ({
      id: pollution.id,
      decision: 'conditions',
      conditions: 'Sound below 65 dB',
      reference_no: 'WBPCB/77',
      letter_date: '01/08/2026',
      ...extra,
    });
    const before = await h.snapshot();
    const refusals: [
      Record<string, string | number>,
      Record<string, never> | typeof letter,
      string,
      number,
      string | undefined,
    ][] = [
      [fields(), letter, chairman.token, 403, 'auth.forbidden'],
      [fields(), letter, pcbOfficer.token, 403, 'auth.forbidden'],
      [fields(), {}, store.token, 422, 'referrals.letterRequired'],
      [fields({ reference_no: '' }), letter, store.token, 422, 'referrals.referenceRequired'],
      [
        fields({ letter_date: '31/02/2026' }),
        letter,
        store.token,
        422,
        'referrals.letterDateInvalid',
      ],
      [fields({ conditions: '' }), letter, store.token, 422, 'referrals.conditionsRequired'],
      [fields({ id: powerReferral.id }), letter, store.token, 422, 'referrals.onlineAgency'],
    ];
    for (const [payload, files, token, status, code] of refusals) {
      expect(answer(await postFiles('/record-referral-reply.php', payload, files, token))).toEqual([
        status,
        code,
      ]);
    }
    const exe = await postFiles(
      '/record-referral-reply.php',
      fields(),
      { letter: { name: 'l.pdf', type: 'application/pdf', bytes: EXE } },
      store.token,
    );
    expect(exe.statusCode).toBe(415);
    expect(await h.snapshot()).toEqual(before);

    const recorded = await postFiles(
      '/record-referral-reply.php',
      fields(),
      { letter: png('letter.png') },
      store.token,
    );
    expect(answer(recorded)).toEqual([200, 'referrals.recorded']);
    expect(await referralOf(app.club, pcb)).toMatchObject({
      status: 'conditions',
      reference_no: 'WBPCB/77',
      conditions: ['Sound below 65 dB'],
    });
    const [row] = await h.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, pollution.id));
    expect(row).toMatchObject({ letterDate: '2026-08-01', decidedBy: store.id });
    expect(await h.storedFiles()).toContain(row?.letterPath);
  });

  it('the sweep deems a silent agency’s referral approved once past its due date, as of --at', async () => {
    const powerReferral = await referralOf(app.club, power);
    const calendar = workingCalendar();
    const dueMs = Date.parse(`${powerReferral.due_on}T12:00:00+05:30`);
    expect(await sweepReferrals(h.database.db, h.config, dueMs)).toEqual([]);
    expect((await referralOf(app.club, power)).status).toBe('pending');
    const after = addWorkingDays(powerReferral.due_on, 1, calendar);
    const afterMs = Date.parse(`${after}T09:00:00+05:30`);
    expect(await sweepReferrals(h.database.db, h.config, afterMs)).toEqual([powerReferral.id]);
    expect(await referralOf(app.club, power)).toMatchObject({
      status: 'deemed',
      decided_on: after,
    });
    // Once deemed, nothing more to sweep; the system is the actor on the trail.
    expect(await sweepReferrals(h.database.db, h.config, afterMs)).toEqual([]);
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, 'referralDeemed')));
    expect(entry).toMatchObject({ role: 'system', fromValue: 'pending', toValue: 'deemed' });
    expect(
      (
        await post(
          '/decide-referral.php',
          { id: powerReferral.id, decision: 'approve' },
          powerOfficer.token,
        )
      ).statusCode,
    ).toBe(409);
  });

  it('a referral’s own history, every round with when and who, for its agency’s officers and staff only', async () => {
    type Entry = { at: string; by_role: string; by_name: string | null; event: Payload };
    const historyOf = async (token: string, agencyId: number) => {
      const listed = (await get('/list-referrals.php', token)).json().data as Array<{
        application_id: number;
        agency_id: number;
        history: Entry[];
      }>;
      return listed.find((r) => r.application_id === app.id && r.agency_id === agencyId)?.history;
    };
    const fireHistory = await historyOf(fireOfficer.token, fire);
    expect(fireHistory?.map((e) => [e.by_role, e.event])).toEqual([
      [
        'store',
        {
          type: 'referralCreated',
          agencyName: 'Fire service',
          dueOn: expect.any(String),
          round: 1,
        },
      ],
      [
        'agency',
        {
          type: 'referralObjected',
          agencyName: 'Fire service',
          reason: 'Only one exit on the plan',
          round: 1,
        },
      ],
      [
        'club',
        {
          type: 'referralAnswered',
          agencyName: 'Fire service',
          round: 2,
          dueOn: addWorkingDays(today(), 5, workingCalendar()),
          response: 'A second exit is added; the new plan is attached.',
        },
      ],
      [
        'agency',
        { type: 'referralApproved', agencyName: 'Fire service', referenceNo: null, round: 2 },
      ],
    ]);
    expect(fireHistory?.[1]?.by_name).toMatch(/^Officer \d+$/);
    expect(fireHistory?.[2]?.by_name).toBeNull(); // the club is named by the slice, not its account
    expect(fireHistory?.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    // Staff read the same; a letter recorded says its date, the sweep is the system.
    expect(await historyOf(store.token, fire)).toEqual(fireHistory);
    expect((await historyOf(store.token, pcb))?.at(-1)).toMatchObject({
      by_role: 'store',
      event: { type: 'referralApprovedWithConditions', byLetter: true, letterDate: '2026-08-01' },
    });
    expect((await historyOf(admin.token, power))?.at(-1)).toMatchObject({
      by_role: 'system',
      by_name: null,
      event: { type: 'referralDeemed', agencyName: 'WBSEDCL', round: 1 },
    });
    // An officer of another agency gets none of it: not the referral, not its history.
    expect(await historyOf(policeOfficer.token, fire)).toBeUndefined();
    const police = (await get('/list-referrals.php', policeOfficer.token)).json().data;
    expect(JSON.stringify(police)).not.toContain('Only one exit on the plan');
    expect(JSON.stringify(police)).not.toContain('A second exit is added');
  });

  it('every referral cleared: the chairman issues, and verify-noc shows each clearance', async () => {
    const issued = await decideFinal(h, chairman.token, { id: app.id, code: 1 });
    expect(issued.statusCode, issued.body).toBe(200);
    const code = issued.json().data.verification_code as string;
    const verified = (await get(`/verify-noc.php?code=${code}`)).json().data;
    expect(verified.valid).toBe(true);
    expect(verified.clearances).toEqual([
      {
        agency_name: 'Fire service',
        kind: 'fire',
        status: 'approved',
        reference_no: null,
        decided_on: today(),
        conditions: [],
      },
      {
        agency_name: 'PS wards 1-12',
        kind: 'police',
        status: 'conditions',
        reference_no: 'PS/114',
        decided_on: today(),
        conditions: ['No loudspeaker after 22:00', 'Volunteers at the gate'],
      },
      expect.objectContaining({ agency_name: 'Pollution board', reference_no: 'WBPCB/77' }),
      expect.objectContaining({ agency_name: 'WBSEDCL', status: 'deemed' }),
    ]);
  });

  it('a rejection blocks the approval, the application may still be rejected; admin withdraws a referral', async () => {
    const second = await acknowledgedApplication();
    await decideDocument(h, store.token, { id: second.id, doc: 'acknowledgement', code: 1 });
    for (const doc of ['chairman_application_certificate', 'certificate', 'agreement']) {
      await decideDocument(h, store.token, { id: second.id, doc, code: 1 });
    }
    const police = await referralOf(second.club, police1);
    await post(
      '/decide-referral.php',
      { id: police.id, decision: 'reject', reason: 'The pandal blocks the main road' },
      policeOfficer.token,
    );
    expect(answer(await decideFinal(h, chairman.token, { id: second.id, code: 1 }))).toEqual([
      422,
      'review.referralRejected',
    ]);

    const withdrawFire = (await referralOf(second.club, fire)).id;
    const before = await h.snapshot();
    for (const token of [store.token, chairman.token, fireOfficer.token, second.club.token]) {
      expect(
        (await post('/withdraw-referral.php', { id: withdrawFire, reason: 'x' }, token)).statusCode,
      ).toBe(403);
    }
    expect(
      answer(await post('/withdraw-referral.php', { id: withdrawFire, reason: '' }, admin.token)),
    ).toEqual([422, 'referrals.reasonRequired']);
    expect(
      answer(await post('/withdraw-referral.php', { id: 99999, reason: 'x' }, admin.token)),
    ).toEqual([404, 'referrals.notFound']);
    expect(await h.snapshot()).toEqual(before);
    expect(
      answer(
        await post(
          '/withdraw-referral.php',
          { id: withdrawFire, reason: 'Sent in error' },
          admin.token,
        ),
      ),
    ).toEqual([200, 'referrals.withdrawn']);
    expect(
      answer(
        await post('/withdraw-referral.php', { id: withdrawFire, reason: 'Again' }, admin.token),
      ),
    ).toEqual([409, 'referrals.alreadyWithdrawn']);
    expect(await referralOf(second.club, fire)).toMatchObject({
      status: 'withdrawn',
      reason: 'Sent in error',
    });
    const fireList = (await get('/list-referrals.php', fireOfficer.token)).json().data;
    expect(
      fireList.find((r: { id: number }) => r.id === withdrawFire).history.at(-1),
    ).toMatchObject({
      by_role: 'admin',
      event: { type: 'referralWithdrawn', reason: 'Sent in error', from: 'pending' },
    });

    const refused = await decideFinal(h, chairman.token, {
      id: second.id,
      code: 2,
      reason: 'The police refused',
    });
    expect(refused.statusCode).toBe(200);
  });

  it('two officers deciding the same referral at once: one wins, the other is told it is decided', async () => {
    const third = await acknowledgedApplication();
    await decideDocument(h, store.token, { id: third.id, doc: 'acknowledgement', code: 1 });
    const police = await referralOf(third.club, police1);
    const answers = await Promise.all([
      post('/decide-referral.php', { id: police.id, decision: 'approve' }, policeOfficer.token),
      post(
        '/decide-referral.php',
        { id: police.id, decision: 'reject', reason: 'Road' },
        policeOfficer2.token,
      ),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, third.id), eq(auditLog.item, 'PS wards 1-12')));
    expect(audit.filter((e) => e.action !== 'referralCreated')).toHaveLength(1);
    // The referral's own history has the one decision that won, after its making.
    const listed = (await get('/list-referrals.php', policeOfficer.token)).json().data;
    const history = listed.find((r: { id: number }) => r.id === police.id).history;
    expect(history.map((e: { event: { type: string } }) => e.event.type)).toEqual([
      'referralCreated',
      answers[0]?.statusCode === 200 ? 'referralApproved' : 'referralRejected',
    ]);
  });

  it('an inactive agency keeps its open referrals and gets no new ones', async () => {
    const fourth = await acknowledgedApplication();
    const firstList = (await get('/list-agencies.php', admin.token)).json().data;
    const fireAgency = firstList.find((a: { id: number }) => a.id === fire);
    await decideDocument(h, store.token, { id: fourth.id, doc: 'acknowledgement', code: 1 });
    await post('/update-agency.php', { ...fireAgency, active: false }, admin.token);
    expect((await referralOf(fourth.club, fire)).status).toBe('pending');
    const fifth = await acknowledgedApplication();
    await decideDocument(h, store.token, { id: fifth.id, doc: 'acknowledgement', code: 1 });
    expect((await clubReferrals(fifth.club)).some((r) => r.agency_id === fire)).toBe(false);
    await post('/update-agency.php', { ...fireAgency, active: true }, admin.token);
  });
});

describe('an officer account without its agency row', () => {
  it('lists nothing', async () => {
    await h.database.db.insert(users).values({
      name: 'Orphan',
      email: 'orphan@agency.example',
      phone: '9830000000',
      role: 'agency',
      deptment: 'agency',
      passwordHash: await hashPassword(PASSWORD),
    });
    const login = await post('/admin-login.php', {
      email: 'orphan@agency.example',
      password: PASSWORD,
    });
    expect((await get('/list-referrals.php', login.json().data.token)).json().data).toEqual([]);
  });
});
