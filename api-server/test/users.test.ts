import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createHarness, PASSWORD, type Harness } from './harness';

let h: Harness;
let admin: { token: string; id: number; email: string };
let chairman: { token: string; id: number };
let store: { token: string; id: number };
let club: { token: string };

beforeAll(async () => {
  h = await createHarness();
  admin = await h.staff('admin');
  chairman = await h.staff('chairman');
  store = await h.staff('store');
  club = await h.club();
});
afterAll(() => h.close());

const post = (url: string, payload: Record<string, unknown>, token: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: h.bearer(token) });
const get = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? h.bearer(token) : {} });

const staffLogin = (email: string, password = PASSWORD) =>
  h.app.inject({ method: 'POST', url: '/admin-login.php', payload: { email, password } });

let made = 0;
const userForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rina Das',
  email: `user${(made += 1)}@test.example`,
  phone: '9830099999',
  password: PASSWORD,
  role: 'store',
  deptment: 'store',
  ...overrides,
});

describe('GET /list-users.php', () => {
  it.each(['admin', 'chairman'] as const)('%s sees staff users without passwords', async (role) => {
    const res = await get('/list-users.php', { admin, chairman }[role].token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const roles = new Set(body.data.map((u: { role: string }) => u.role));
    expect(roles.has('club')).toBe(false);
    expect(roles.has('admin')).toBe(true);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'deptment',
      'email',
      'id',
      'name',
      'phone',
      'role',
    ]);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('store and club users are refused', async () => {
    expect((await get('/list-users.php', store.token)).statusCode).toBe(403);
    expect((await get('/list-users.php', club.token)).statusCode).toBe(403);
    expect((await get('/list-users.php')).statusCode).toBe(401);
  });
});

describe('adding and editing users', () => {
  it('admin and chairman create chairman or store users who can log in', async () => {
    for (const [token, role] of [
      [admin.token, 'store'],
      [chairman.token, 'chairman'],
    ] as const) {
      const form = userForm({ role, deptment: role });
      const res = await post('/add-user.php', form, token);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        message: 'User added or updated successfully!',
        data: { email: form.email, role, deptment: role },
      });
      const login = await staffLogin(form.email);
      expect(login.json().data.role).toBe(role);
    }
  });

  it.each([
    [{ role: 'admin' }, 'Only chairman or store users can be created.'],
    [{ role: 'club' }, 'Only chairman or store users can be created.'],
    [{ name: '' }, 'Name is required.'],
    [{ email: 'bad' }, 'Please enter a valid email address.'],
    [{ phone: '' }, 'Phone is required.'],
    [{ password: '' }, 'Password is required.'],
  ])('refuses %j with 400 and changes nothing', async (overrides, message) => {
    const before = await h.snapshot();
    const res = await post('/add-user.php', userForm(overrides), admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await h.snapshot()).toEqual(before);
  });

  it('a taken e-mail is a 409', async () => {
    const before = await h.snapshot();
    const res = await post('/add-user.php', userForm({ email: admin.email }), admin.token);
    expect(res.statusCode).toBe(409);
    expect(await h.snapshot()).toEqual(before);
  });

  it('store users cannot manage users', async () => {
    const before = await h.snapshot();
    expect((await post('/add-user.php', userForm(), store.token)).statusCode).toBe(403);
    expect((await post('/add-user.php', userForm(), club.token)).statusCode).toBe(403);
    expect(await h.snapshot()).toEqual(before);
  });

  it('an edit with a blank password keeps the password', async () => {
    const form = userForm();
    const created = (await post('/add-user.php', form, admin.token)).json().data;
    const res = await post(
      '/update-user.php',
      { ...form, id: created.id, name: 'Rina Das Gupta', password: '', role: 'chairman' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rina Das Gupta',
      role: 'chairman',
      deptment: 'chairman',
    });
    const login = await staffLogin(form.email);
    expect(login.statusCode).toBe(200);
  });

  it('an edit with a new password replaces it', async () => {
    const form = userForm();
    const created = (await post('/add-user.php', form, admin.token)).json().data;
    await post(
      '/update-user.php',
      { ...form, id: created.id, password: 'Another#Pass1' },
      chairman.token,
    );
    const old = await staffLogin(form.email);
    expect(old.statusCode).toBe(401);
  });

  it("an admin's new password for a user ends that user's sessions", async () => {
    const form = userForm();
    await post('/add-user.php', form, admin.token);
    const session = (await staffLogin(form.email)).json().data;
    await post(
      '/update-user.php',
      { ...form, id: session.id, password: 'Another#Pass1' },
      admin.token,
    );
    expect((await get('/dashboard.php', session.token)).statusCode).toBe(401);
  });

  it('a new password for oneself needs the current one and ends only the other sessions', async () => {
    const form = userForm({ role: 'chairman', deptment: 'chairman' });
    await post('/add-user.php', form, admin.token);
    const first = (await staffLogin(form.email)).json().data;
    const second = (await staffLogin(form.email)).json().data;
    const change = { ...form, id: first.id, password: 'Another#Pass1' };
    const before = await h.snapshot();
    const missing = await post('/update-user.php', change, first.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('changePassword.currentRequired');
    const wrong = await post(
      '/update-user.php',
      { ...change, current_password: 'not-the-password' },
      first.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('changePassword.currentWrong');
    expect(await h.snapshot()).toEqual(before);
    const res = await post(
      '/update-user.php',
      { ...change, current_password: PASSWORD },
      first.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await get('/list-users.php', first.token)).statusCode).toBe(200);
    expect((await get('/list-users.php', second.token)).statusCode).toBe(401);
  });

  it('a chairman cannot edit or delete an admin; an admin stays admin when edited', async () => {
    const before = await h.snapshot();
    const edit = await post(
      '/update-user.php',
      { ...userForm({ email: admin.email }), id: admin.id, password: '' },
      chairman.token,
    );
    expect(edit.statusCode).toBe(403);
    expect((await get(`/delete-user.php?id=${admin.id}`, chairman.token)).statusCode).toBe(403);
    expect(await h.snapshot()).toEqual(before);
    const second = await h.staff('admin');
    const self = await post(
      '/update-user.php',
      { ...userForm({ email: second.email, role: 'store' }), id: second.id, password: '' },
      admin.token,
    );
    expect(self.json().data.role).toBe('admin');
  });

  it('unknown ids and club accounts are 404', async () => {
    const clubRow = (await h.database.db.select().from(users).where(eq(users.role, 'club')))[0]!;
    for (const id of [999999, clubRow.id]) {
      const res = await post('/update-user.php', { ...userForm(), id, password: '' }, admin.token);
      expect(res.statusCode).toBe(404);
      expect((await get(`/delete-user.php?id=${id}`, admin.token)).statusCode).toBe(404);
    }
  });
});

describe('GET /delete-user.php', () => {
  it('deletes a user and ends their sessions', async () => {
    const victim = await h.staff('store');
    const res = await get(`/delete-user.php?id=${victim.id}`, chairman.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User deleted successfully!');
    expect((await get('/dashboard.php', victim.token)).statusCode).toBe(401);
  });

  it('nobody deletes themselves', async () => {
    const before = await h.snapshot();
    const res = await get(`/delete-user.php?id=${chairman.id}`, chairman.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot delete your own account.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('a missing id is a 400', async () => {
    expect((await get('/delete-user.php', admin.token)).statusCode).toBe(400);
  });

  it('two admins deleting each other at once: no 500, an admin always remains', async () => {
    for (let round = 0; round < 5; round += 1) {
      const first = await h.staff('admin');
      const second = await h.staff('admin');
      const results = await Promise.all([
        get(`/delete-user.php?id=${second.id}`, first.token),
        get(`/delete-user.php?id=${first.id}`, second.token),
      ]);
      for (const res of results) expect([200, 401, 422]).toContain(res.statusCode);
      expect(results.some((res) => res.statusCode === 200)).toBe(true);
    }
    const admins = await h.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.length).toBeGreaterThan(0);
  });

  it('the last admin is never deleted, even by two admins at once', async () => {
    const db = h.database.db;
    const others = await db.select().from(users).where(eq(users.role, 'admin'));
    // Only these two admins exist while the test runs.
    await db.update(users).set({ role: 'chairman' }).where(eq(users.role, 'admin'));
    try {
      const first = await h.staff('admin');
      const second = await h.staff('admin');
      const results = await Promise.all([
        get(`/delete-user.php?id=${second.id}`, first.token),
        get(`/delete-user.php?id=${first.id}`, second.token),
      ]);
      // One deletion wins. The other is refused: by the last-admin rule (422), or, when it
      // arrives after the winner committed, because its own account and session are gone (401).
      const codes = results.map((res) => res.statusCode).sort();
      expect([
        [200, 401],
        [200, 422],
      ]).toContainEqual(codes);
      const left = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(left).toHaveLength(1);
    } finally {
      for (const user of others) {
        await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      }
    }
  });
});
