// The municipality's holidays (issue 30): a public list, admin's changes audited, every other
// role refused, bad input refused with its key and nothing changed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createHarness, type Harness, type StaffUser } from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });
const list = async (query = '') =>
  (await h.app.inject({ method: 'GET', url: `/list-holidays.php${query}` })).json();

describe('holidays', () => {
  it('admin adds, edits and deletes holidays; anyone reads them, by year', async () => {
    const added = await post(
      '/add-holiday.php',
      { date: '20/10/2026', name: 'Durga Puja (Dashami)', name_bn: 'দুর্গাপূজা (দশমী)' },
      admin.token,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      code: 'holidays.added',
      data: { date: '2026-10-20', name: 'Durga Puja (Dashami)', name_bn: 'দুর্গাপূজা (দশমী)' },
    });
    expect(
      (await post('/add-holiday.php', { date: '2027-01-26', name: 'Republic Day' }, admin.token))
        .statusCode,
    ).toBe(201);
    expect((await list()).data.map((day: { date: string }) => day.date)).toEqual([
      '2026-10-20',
      '2027-01-26',
    ]);
    expect((await list('?year=2027')).data).toEqual([
      { date: '2027-01-26', name: 'Republic Day', name_bn: null },
    ]);

    const edited = await post(
      '/update-holiday.php',
      { date: '2027-01-26', name: 'Republic Day', name_bn: 'প্রজাতন্ত্র দিবস' },
      admin.token,
    );
    expect(edited.statusCode).toBe(200);
    expect((await list('?year=2027')).data[0].name_bn).toBe('প্রজাতন্ত্র দিবস');
    expect(
      (await post('/delete-holiday.php', { date: '2027-01-26' }, admin.token)).statusCode,
    ).toBe(200);
    expect((await list('?year=2027')).data).toEqual([]);

    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.entity, 'holiday'));
    expect(audit.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['add', 20261020],
      ['add', 20270126],
      ['update', 20270126],
      ['delete', 20270126],
    ]);
    expect(audit[2]).toMatchObject({ fromValue: '2027-01-26 · Republic Day', role: 'admin' });
  });

  it('refuses every role but admin, and a caller without a session', async () => {
    const before = await list();
    const club = await h.club();
    for (const token of [store.token, chairman.token, club.token]) {
      const refused = await post('/add-holiday.php', { date: '2026-12-25', name: 'X' }, token);
      expect(refused.statusCode).toBe(403);
      expect((await post('/delete-holiday.php', { date: '2026-10-20' }, token)).statusCode).toBe(
        403,
      );
    }
    expect((await post('/add-holiday.php', { date: '2026-12-25', name: 'X' })).statusCode).toBe(
      401,
    );
    expect(await list()).toEqual(before);
  });

  it('refuses bad input, a day that is a holiday already and one that is not, changing nothing', async () => {
    const before = await list();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['/add-holiday.php', { date: '31/02/2026', name: 'X' }, 400, 'holidays.invalidDate'],
      ['/add-holiday.php', { date: '2026-12-25', name: ' ' }, 400, 'holidays.nameRequired'],
      ['/add-holiday.php', { date: '2026-10-20', name: 'Again' }, 409, 'holidays.exists'],
      ['/update-holiday.php', { date: '2026-12-31', name: 'X' }, 404, 'holidays.notFound'],
      ['/delete-holiday.php', { date: '2026-12-31' }, 404, 'holidays.notFound'],
    ];
    for (const [url, payload, status, code] of cases) {
      const answer = await post(url, payload, admin.token);
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
    }
    expect(await list()).toEqual(before);
    expect(
      (await h.app.inject({ method: 'GET', url: '/list-holidays.php?year=20x6' })).statusCode,
    ).toBe(400);
  });

  it('two admins adding the same day at once: one holiday, one refusal', async () => {
    const answers = await Promise.all(
      [1, 2].map(() =>
        post('/add-holiday.php', { date: '2026-11-14', name: 'Kali Puja' }, admin.token),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(
      (await list()).data.filter((day: { date: string }) => day.date === '2026-11-14'),
    ).toHaveLength(1);
  });
});

describe('importing a pasted holiday list', () => {
  const importList = (text: string, token?: string) =>
    post('/import-holidays.php', { text }, token);

  it('adds every new day in one go, audited, and keeps a day already listed as it is', async () => {
    await post('/add-holiday.php', { date: '2026-01-23', name: 'Netaji Jayanti' }, admin.token);
    const answer = await importList(
      '26/01/2026 Republic Day\n\n২৩/০১/২০২৬ Subhas Chandra Bose\n14/04/2026   Bengali New Year ',
      admin.token,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      code: 'holidays.importDone',
      data: { added: 2, skipped: 1 },
    });
    expect((await list('?year=2026')).data).toEqual(
      expect.arrayContaining([
        { date: '2026-01-23', name: 'Netaji Jayanti', name_bn: null },
        { date: '2026-01-26', name: 'Republic Day', name_bn: null },
        { date: '2026-04-14', name: 'Bengali New Year', name_bn: null },
      ]),
    );
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.entity, 'holiday'));
    expect(
      audit.filter((entry) => [20260126, 20260414].includes(entry.entityId ?? 0)),
    ).toHaveLength(2);
  });

  it('imports nothing when one line cannot be read, or nothing was pasted; admin only', async () => {
    const before = await list();
    const bad = await importList('02/02/2026 Saraswati Puja\n30/02/2026 No such day', admin.token);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'holidays.importInvalid']);
    const empty = await importList('  \n', admin.token);
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'holidays.importEmpty']);
    for (const token of [store.token, chairman.token]) {
      expect((await importList('03/03/2026 Dol Jatra', token)).statusCode).toBe(403);
    }
    expect((await importList('03/03/2026 Dol Jatra')).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('two imports of the same list at once add each day once', async () => {
    const text = '15/08/2026 Independence Day\n02/10/2026 Gandhi Jayanti';
    const answers = await Promise.all([1, 2].map(() => importList(text, admin.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.added).sort()).toEqual([0, 2]);
    const days = (await list('?year=2026')).data.map((day: { date: string }) => day.date);
    expect(days.filter((day: string) => day === '2026-08-15')).toHaveLength(1);
  });
});
