// Service standards (issue 30): the public charter, seeded with the defaults; admin's changes of
// a step's days and Appellate Officer, every change audited; every other role refused; bad input
// refused with its key and nothing changed; two admins at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createHarness, type Harness, type StaffUser } from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;
let fire: number;

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });
const list = async () =>
  (await h.app.inject({ method: 'GET', url: '/list-service-standards.php' })).json();
const update = (payload: Payload, token?: string) =>
  post('/update-service-standard.php', payload, token);
const answer = (res: { statusCode: number; json(): { code?: string } }) => [
  res.statusCode,
  res.json().code,
];
const audits = () =>
  h.database.db.select().from(auditLog).where(eq(auditLog.entity, 'serviceStandard'));

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
  const added = await post(
    '/add-agency.php',
    {
      name: 'Fire & Emergency Services',
      kind: 'fire',
      wards: '',
      mode: 'online',
      days: 7,
      deemed_approval: false,
      active: true,
    },
    admin.token,
  );
  expect(added.statusCode, added.body).toBe(201);
  fire = added.json().data.id as number;
});
afterAll(() => h.close());

describe('service standards', () => {
  it('anyone reads the charter: the defaults in order, then each department, the chairman hearing appeals', async () => {
    const answer = await h.app.inject({ method: 'GET', url: '/list-service-standards.php' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe(true);
    expect(answer.json().data).toEqual(
      [
        ['acknowledgement', 2, 'store'],
        ['chairman_application_certificate', 3, 'store'],
        ['certificate', 3, 'store'],
        ['agreement', 3, 'store'],
        ['final', 5, 'chairman'],
      ]
        .map(([step, days, role]): Record<string, unknown> => ({
          step,
          agency_id: null,
          agency_name: null,
          days,
          designated_role: role,
          appellate_user_id: null,
          appellate_name: null,
        }))
        .concat([
          {
            step: 'referral',
            agency_id: fire,
            agency_name: 'Fire & Emergency Services',
            days: 7,
            designated_role: 'agency',
            appellate_user_id: null,
            appellate_name: null,
          },
        ]),
    );
  });

  it("admin changes a step's days and Appellate Officer, and a department's; each change audited", async () => {
    const saved = await update(
      { step: 'final', days: '7', appellate_user_id: String(store.id) },
      admin.token,
    );
    expect(answer(saved)).toEqual([200, 'standards.updated']);
    const referral = await update(
      { step: 'referral', agency_id: fire, days: 10, appellate_user_id: chairman.id },
      admin.token,
    );
    expect(answer(referral)).toEqual([200, 'standards.updated']);
    const data = (await list()).data as {
      step: string;
      days: number;
      appellate_user_id: number | null;
      appellate_name: string | null;
    }[];
    expect(data.find((s) => s.step === 'final')).toMatchObject({
      days: 7,
      appellate_user_id: store.id,
      appellate_name: expect.any(String),
    });
    expect(data.find((s) => s.step === 'referral')).toMatchObject({
      days: 10,
      appellate_user_id: chairman.id,
    });
    // The department's own list says the same days.
    const agencies = await h.app.inject({
      method: 'GET',
      url: '/list-agencies.php',
      headers: h.bearer(admin.token),
    });
    expect(agencies.json().data.find((a: { id: number }) => a.id === fire).days).toBe(10);

    // Back to the chairman; the same values again change nothing and are not audited.
    expect(
      answer(await update({ step: 'final', days: 7, appellate_user_id: '' }, admin.token)),
    ).toEqual([200, 'standards.updated']);
    expect(
      answer(await update({ step: 'final', days: 7, appellate_user_id: null }, admin.token)),
    ).toEqual([200, 'standards.updated']);
    const entries = await audits();
    expect(entries.map((e) => [e.action, e.item, e.entityId, e.role])).toEqual([
      ['update', 'final', null, 'admin'],
      ['update', 'referral', fire, 'admin'],
      ['update', 'final', null, 'admin'],
    ]);
    expect(entries[0]).toMatchObject({
      fromValue: '5 working days · appeals: chairman',
      toValue: expect.stringMatching(
        new RegExp(`^7 working days · appeals: .+ \\(#${store.id}\\)$`),
      ),
    });
    expect(entries[1]?.fromValue).toBe('7 working days · appeals: chairman');
  });

  it('refuses every role but admin, and a caller without a session, changing nothing', async () => {
    const before = await list();
    const club = await h.club();
    for (const token of [store.token, chairman.token, club.token]) {
      expect(
        answer(await update({ step: 'final', days: 9, appellate_user_id: '' }, token))[0],
      ).toBe(403);
    }
    expect((await update({ step: 'final', days: 9 })).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('refuses bad input with its key: days, step, a department that is not, an Appellate Officer who is not staff', async () => {
    const before = await list();
    const entries = (await audits()).length;
    const club = await h.club();
    const cases: [Payload, number, string][] = [
      [{ step: 'final', days: 0 }, 400, 'standards.invalidDays'],
      [{ step: 'final', days: 61 }, 400, 'standards.invalidDays'],
      [{ step: 'final', days: 'five' }, 400, 'standards.invalidDays'],
      [{ step: 'payment', days: 3 }, 400, 'standards.invalidStep'],
      [{ step: 'referral', days: 3 }, 400, 'standards.invalidStep'],
      [{ step: 'final', agency_id: fire, days: 3 }, 400, 'standards.invalidStep'],
      [{ step: 'referral', agency_id: 9999, days: 3 }, 404, 'standards.notFound'],
      [
        { step: 'final', days: 3, appellate_user_id: club.userId },
        400,
        'standards.appellateNotStaff',
      ],
      [{ step: 'final', days: 3, appellate_user_id: 99999 }, 400, 'standards.appellateNotStaff'],
      [{ step: 'final', days: 3, appellate_user_id: 'x' }, 400, 'standards.appellateNotStaff'],
    ];
    for (const [payload, status, code] of cases) {
      expect(answer(await update(payload, admin.token)), JSON.stringify(payload)).toEqual([
        status,
        code,
      ]);
    }
    expect(await list()).toEqual(before);
    expect(await audits()).toHaveLength(entries);
  });

  it('two admins changing one step at once: both saved one after the other, each audited', async () => {
    const other = await h.staff('admin');
    const answers = await Promise.all([
      update({ step: 'agreement', days: 4, appellate_user_id: '' }, admin.token),
      update({ step: 'agreement', days: 6, appellate_user_id: chairman.id }, other.token),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const entries = (await audits()).filter((e) => e.item === 'agreement');
    expect(entries).toHaveLength(2);
    // The second change's "from" is the first change's "to": nothing lost between them.
    expect(entries[1]?.fromValue).toBe(entries[0]?.toValue);
    const agreement = (await list()).data.find((s: { step: string }) => s.step === 'agreement');
    expect(entries[1]?.toValue).toContain(`${agreement.days} working days`);
  });

  it('a deleted Appellate Officer leaves the chairman hearing appeals', async () => {
    const leaving = await h.staff('store');
    expect(
      answer(
        await update({ step: 'certificate', days: 3, appellate_user_id: leaving.id }, admin.token),
      ),
    ).toEqual([200, 'standards.updated']);
    const deleted = await h.app.inject({
      method: 'GET',
      url: `/delete-user.php?id=${leaving.id}`,
      headers: h.bearer(admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const certificate = (await list()).data.find((s: { step: string }) => s.step === 'certificate');
    expect(certificate).toMatchObject({ appellate_user_id: null, appellate_name: null });
  });
});
