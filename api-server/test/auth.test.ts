import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clubs, pendingRegistrations, sessions, users } from '../src/db/schema';
import {
  confirmationToken,
  createHarness,
  mailText,
  outboxMailsTo,
  PASSWORD,
  type Harness,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

describe('staff login', () => {
  it('returns the user object with an opaque token, never a password', async () => {
    const staff = await h.staff('store');
    const res = await post('/admin-login.php', { email: staff.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: true,
      message: 'Login successful!',
      code: 'login.success',
    });
    expect(body.data).toMatchObject({ email: staff.email, role: 'store', name: 'Test store' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    const stored = await h.database.db.select().from(sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.data.token);
  });

  it('accepts urlencoded forms as a PHP host does', async () => {
    const staff = await h.staff('admin');
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: `email=${encodeURIComponent(staff.email)}&password=${encodeURIComponent(PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'wrong-password' })],
    ['an unknown e-mail', () => ({ email: 'nobody@test.example', password: PASSWORD })],
  ])('refuses %s with one generic 401 message', async (_label, body) => {
    const staff = await h.staff('admin');
    const res = await post('/admin-login.php', body(staff.email));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      status: false,
      message: 'Invalid email or password.',
      code: 'login.invalidCredentials',
    });
  });

  it('refuses a club account on the official login with the same message', async () => {
    const club = await h.club();
    const res = await post('/admin-login.php', { email: club.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password.');
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: 'a@test.example' }, 'Password is required.'],
    [{ email: ['a'], password: 'x' }, 'Email is required.'],
  ])('refuses missing or mistyped fields with 400 (%j)', async (body, message) => {
    const res = await post('/admin-login.php', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a huge body with 413', async () => {
    const res = await post('/admin-login.php', { email: 'x'.repeat(200_000), password: 'y' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, status: false });
  });

  it('refuses a huge urlencoded form with 413 and a plain-text body with 400', async () => {
    const form = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: `email=${'x'.repeat(100_000)}&password=y`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    const text = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: 'email=a@test.example',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The request is not valid.');
  });

  it('refuses prototype poisoning in JSON with 400', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: '{"email":"a@test.example","password":"x","__proto__":{"role":"admin"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['/admin-login.php', { email: 'a\u0000@test.example', password: 'x' }],
    ['/club-login.php', { email: 'club@test.example', password: 'pass\u0000word' }],
    ['/forget-password.php', { email: 'a\u0000@test.example' }],
    ['/admin-login.php', 'email=a%00b%40test.example&password=x'],
  ])('refuses a NUL character (%s %j) with 400, not a database error', async (url, payload) => {
    const before = await h.snapshot();
    const res = await post(url, payload, {
      'content-type':
        typeof payload === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request is not valid.');
    expect(await h.snapshot()).toEqual(before);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'email=a'],
    ['cut off mid-part', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-'],
  ])('refuses malformed multipart (%s) with 400, not 500', async (_label, type, payload) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      status: false,
      message: 'The request is not valid.',
      code: 'validation.invalidRequest',
    });
  });
});

describe('club login', () => {
  it('answers status "success" with the club fields and role club', async () => {
    const club = await h.club();
    const res = await post('/club-login.php', { email: club.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ club_id: club.clubId, email: club.email, role: 'club' });
    expect(body.data.clubname).toMatch(/^Test Club/);
    expect(typeof body.data.token).toBe('string');
  });

  it('answers status "error" on bad credentials', async () => {
    const res = await post('/club-login.php', { email: 'x@test.example', password: 'nope-nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      status: 'error',
      message: 'Invalid email or password.',
      code: 'login.invalidCredentials',
    });
  });

  it('refuses a staff account on the club login', async () => {
    const staff = await h.staff('chairman');
    const res = await post('/club-login.php', { email: staff.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('a protected call needs a bearer token', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/dashboard.php' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to continue.');
  });

  it('an unknown token is refused', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer('made-up-token'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout invalidates the token', async () => {
    const staff = await h.staff('store');
    const headers = h.bearer(staff.token);
    expect((await h.app.inject({ method: 'GET', url: '/dashboard.php', headers })).statusCode).toBe(
      200,
    );
    const out = await post('/logout.php', {}, headers);
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('You have been logged out.');
    const after = await h.app.inject({ method: 'GET', url: '/dashboard.php', headers });
    expect(after.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const staff = await h.staff('store');
    await h.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, staff.id));
    const res = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer(staff.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');
  });
});

describe('rate limits', () => {
  it('repeated login attempts get 429, and so do too many other calls', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '3', RATE_LIMIT: '4' });
    try {
      const logins = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/admin-login.php',
          payload: { email: 'a@test.example', password: 'wrong-password' },
        });
        logins.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().message).toBe(
            'Too many login attempts. Please wait a few minutes and try again.',
          );
        }
      }
      expect(logins).toEqual([401, 401, 401, 429, 429]);
      const calls = [];
      for (let i = 0; i < 5; i += 1) {
        calls.push((await limited.app.inject({ method: 'GET', url: '/list-club.php' })).statusCode);
      }
      expect(calls).toEqual([200, 200, 200, 200, 429]);
      const last = await limited.app.inject({ method: 'GET', url: '/list-club.php' });
      expect(last.json()).toEqual({
        success: false,
        status: false,
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'server.rateLimited',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('login limits', () => {
  const login = (target: Harness, email: string, password: string, forwardedFor?: string) =>
    target.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: { email, password },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('successful logins are never counted: an office behind one address is not locked out', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '3' });
    try {
      const staff = await limited.staff('store');
      const codes = [];
      for (let i = 0; i < 8; i += 1)
        codes.push((await login(limited, staff.email, PASSWORD)).statusCode);
      expect(codes).toEqual(Array(8).fill(200));
    } finally {
      await limited.close();
    }
  });

  it('failures are counted per account with a growing delay, from any address', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
    try {
      const staff = await limited.staff('store');
      const other = await limited.staff('chairman');
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push(
          (await login(limited, staff.email, 'wrong-password', `198.51.100.${i}`)).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      // Even the right password waits now, whatever the address; the answer says how long.
      const waiting = await login(limited, staff.email.toUpperCase(), PASSWORD, '198.51.100.77');
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json().message).toBe(
        'Too many login attempts. Please wait a few minutes and try again.',
      );
      // Another account from the same addresses is not affected.
      expect((await login(limited, other.email, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await login(limited, staff.email, 'wrong-again', '198.51.100.8')).statusCode).toBe(
        401,
      );
      const longer = await login(limited, staff.email, PASSWORD, '198.51.100.9');
      expect(longer.statusCode).toBe(429);
      expect(longer.headers['retry-after']).toBe('2');
    } finally {
      await limited.close();
    }
  });

  it('behind one trusted proxy the client is the right-most address: a forged one does not help', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        const forged = `10.9.${i}.1, 203.0.113.9`;
        codes.push((await login(limited, `guess${i}@test.example`, 'wrong', forged)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      const staff = await limited.staff('store');
      expect((await login(limited, staff.email, PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('club registration, confirmed by the mailed link (issue 19, decision 0028)', () => {
  async function newClub(status = 'A') {
    const [club] = await h.database.db
      .insert(clubs)
      .values({ clubname: `Registration Club ${Math.random()}`, status })
      .returning();
    return club!;
  }
  const payload = (clubId: number, overrides: Record<string, unknown> = {}) => ({
    club_id: clubId,
    govt_register_no: 'WB/123',
    phone: '9831012345',
    email: `reg${Math.random().toString(36).slice(2)}@test.example`,
    address: '5 Kali Mandir Lane',
    ward_no: '12',
    password: PASSWORD,
    ...overrides,
  });
  const confirm = (token: string) => post('/confirm-registration.php', { token });
  const accountsOf = (clubId: number) =>
    h.database.db.select().from(users).where(eq(users.clubId, clubId));
  const pendingOf = (clubId: number) =>
    h.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.clubId, clubId));
  /** Registers and confirms through the mailed link. */
  async function registered(clubId: number, overrides: Record<string, unknown> = {}) {
    const body = payload(clubId, overrides);
    expect((await post('/add-club-registration.php', body)).statusCode).toBe(200);
    const token = await confirmationToken(h, String(body.email).toLowerCase());
    expect((await confirm(token)).statusCode).toBe(200);
    return body;
  }

  it('registering takes nothing: the link mailed in the app language creates the account', async () => {
    const club = await newClub();
    const body = payload(club.id);
    const res = await post('/add-club-registration.php', body, { 'accept-language': 'bn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      code: 'registration.checkEmail',
      message:
        'Check your e-mail: we have sent a link to confirm the registration. The club is registered once you open it.',
    });
    expect(await accountsOf(club.id)).toEqual([]);
    const early = await post('/club-login.php', { email: body.email, password: PASSWORD });
    expect(early.statusCode).toBe(401);

    const [mail] = await outboxMailsTo(h, body.email);
    expect(mail).toMatchObject({ kind: 'registrationConfirm', locale: 'bn', applicationId: null });
    expect(mail?.subject).toBe(`${club.clubname}-এর নথিভুক্তি নিশ্চিত করুন`);
    // The text as written, or as sent once the outbox has let go of it (issue 26 L6).
    const text = mailText(h, mail);
    expect(text).toContain(`${h.config.portalUrl}/confirm-registration?token=`);
    expect(text).toContain('২৪ ঘণ্টার মধ্যে');
    const [pending] = await pendingOf(club.id);
    const hours = (pending!.expiresAt.getTime() - pending!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
    // Only the token's hash is kept.
    const token = await confirmationToken(h, body.email);
    expect(JSON.stringify(pending)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      code: 'registration.confirmed',
      data: { clubname: club.clubname },
    });
    const [account] = await accountsOf(club.id);
    expect(account).toMatchObject({ email: body.email, locale: 'bn', wardNo: 12 });
    const login = await post('/club-login.php', { email: body.email, password: PASSWORD });
    expect(login.json().data.club_id).toBe(club.id);
    // The link opened again (a second tap, a mail scanner) answers the same, once more.
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(await accountsOf(club.id)).toHaveLength(1);
  });

  it('a phone, ward and reg. no. typed in Bengali digits register, kept in Latin digits (issue 27)', async () => {
    const club = await newClub();
    const body = await registered(club.id, {
      phone: '৯৮৩১০ ১২৩৪৫',
      ward_no: '১২',
      govt_register_no: 'WB/১২৩/২০১৯',
    });
    const [account] = await accountsOf(club.id);
    expect(account).toMatchObject({
      email: body.email,
      phone: '98310 12345',
      wardNo: 12,
      govtRegisterNo: 'WB/123/2019',
    });
  });

  it('a Bengali ward out of range is refused like a Latin one, and nothing is kept', async () => {
    const club = await newClub();
    const res = await post('/add-club-registration.php', payload(club.id, { ward_no: '২৬' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation.wardRange' });
    expect(await pendingOf(club.id)).toEqual([]);
  });

  it('an unknown or malformed link is refused and creates nothing', async () => {
    const before = await h.snapshot();
    for (const token of ['A'.repeat(43), 'short', '../../etc', '']) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().code).toBe('registration.confirmInvalid');
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('an unconfirmed registration expires: its link is refused and the club registers afresh', async () => {
    const club = await newClub();
    const body = payload(club.id);
    await post('/add-club-registration.php', body);
    const token = await confirmationToken(h, body.email);
    await h.database.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.clubId, club.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('registration.confirmExpired');
    expect(await accountsOf(club.id)).toEqual([]);
    const fresh = await registered(club.id);
    expect((await accountsOf(club.id))[0]?.email).toBe(fresh.email);
  });

  it('non-ASCII capitals register and then log in, in any spelling of the address', async () => {
    for (const [typed, later] of [
      ['ΟΔΟΣ@example.org', 'οδος@EXAMPLE.org'],
      ['İnci@example.org', 'İNCI@example.org'],
    ] as const) {
      const club = await newClub();
      await registered(club.id, { email: typed });
      for (const email of [typed, later]) {
        const login = await post('/club-login.php', { email, password: PASSWORD });
        expect(login.statusCode, email).toBe(200);
        expect(login.json().data.club_id).toBe(club.id);
      }
    }
  });

  it('a club already registered answers 409 and changes nothing', async () => {
    const club = await newClub();
    await registered(club.id);
    const before = await h.snapshot();
    const res = await post('/add-club-registration.php', payload(club.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This club is already registered.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('a pending registration holds nothing: 20 of one club, all confirmed at once, make one account', async () => {
    const club = await newClub();
    const bodies = Array.from({ length: 20 }, () => payload(club.id));
    for (const body of bodies) {
      expect((await post('/add-club-registration.php', body)).statusCode).toBe(200);
    }
    const tokens = await Promise.all(bodies.map((body) => confirmationToken(h, body.email)));
    const results = await Promise.all(tokens.map(confirm));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe(
      'registration.alreadyRegistered',
    );
    expect(await accountsOf(club.id)).toHaveLength(1);
  });

  it('a taken address (a club or staff account) is answered exactly as a new one; its owner is mailed instead', async () => {
    const owner = await newClub();
    const existing = await registered(owner.id);
    const staff = await h.staff('store');
    for (const email of [String(existing.email).toUpperCase(), staff.email]) {
      const newcomer = await newClub();
      const fresh = await post('/add-club-registration.php', payload(newcomer.id));
      const taken = await post('/add-club-registration.php', payload(newcomer.id, { email }));
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
      // Only the new address waits for its confirmation; the owner is told someone tried.
      expect((await pendingOf(newcomer.id)).map((p) => p.email)).not.toContain(email.toLowerCase());
      const mails = await outboxMailsTo(h, email.toLowerCase());
      expect(mails.at(-1)).toMatchObject({
        kind: 'registrationAddressTaken',
        subject: 'Someone tried to register with your e-mail address',
      });
      expect(mailText(h, mails.at(-1))).toContain(newcomer.clubname);
      expect(
        mails.some(
          (mail) => mail.kind === 'registrationConfirm' && mail.body.includes(newcomer.clubname),
        ),
      ).toBe(false);
    }
  });

  it('a club deactivated before the link is opened is refused at confirmation', async () => {
    const club = await newClub();
    const body = payload(club.id);
    await post('/add-club-registration.php', body);
    await h.database.db.update(clubs).set({ status: 'I' }).where(eq(clubs.id, club.id));
    const res = await confirm(await confirmationToken(h, body.email));
    expect(res.statusCode).toBe(422);
    expect(await accountsOf(club.id)).toEqual([]);
  });

  it('an inactive club is refused with 422', async () => {
    const club = await newClub('I');
    const before = await h.snapshot();
    const res = await post('/add-club-registration.php', payload(club.id));
    expect(res.statusCode).toBe(422);
    expect(await h.snapshot()).toEqual(before);
  });

  it.each([
    [{ club_id: 999999 }, 400, 'Please select a club from the list.'],
    [{ club_id: '' }, 400, 'Please select a club from the list.'],
    [{ club_id: '99999999999' }, 400, 'Please select a club from the list.'],
    [{ club_id: 1e12 }, 400, 'Please select a club from the list.'],
    [{ ward_no: '26' }, 400, 'Ward No. must be between 1 and 25.'],
    [{ ward_no: 'seven' }, 400, 'Ward No. must be between 1 and 25.'],
    [{ email: 'not-an-email' }, 400, 'Please enter a valid email address.'],
    [{ phone: '' }, 400, 'Phone is required.'],
    [{ password: 'short' }, 400, 'Password must be at least 8 characters.'],
    [{ address: { $ne: 1 } }, 400, 'Address is required.'],
    [{ address: '1 Station Road\u0000' }, 400, 'The request is not valid.'],
  ])('refuses bad input %j with %i and changes nothing', async (overrides, code, message) => {
    const club = await newClub();
    const before = await h.snapshot();
    const res = await post('/add-club-registration.php', payload(club.id, overrides));
    expect(res.statusCode).toBe(code);
    expect(res.json().message).toBe(message);
    expect(await h.snapshot()).toEqual(before);
  });

  it('reads club_id as a plain id: "7e0" or "7.0" is not club 7', async () => {
    const club = await newClub();
    for (const clubId of [`${club.id}e0`, `${club.id}.0`, `0x${club.id.toString(16)}`]) {
      const before = await h.snapshot();
      const res = await post('/add-club-registration.php', payload(club.id, { club_id: clubId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please select a club from the list.');
      expect(await h.snapshot()).toEqual(before);
    }
  });

  it('stores SQL metacharacters literally', async () => {
    const club = await newClub();
    const address = '1\'; DROP TABLE users; -- \\ %_ "quoted"';
    await registered(club.id, { address });
    const [row] = await accountsOf(club.id);
    expect(row?.address).toBe(address);
  });
});

describe('forgot password', () => {
  /** The temporary password mailed to an address (the mail leaves after the answer). */
  async function mailedPassword(email: string): Promise<string> {
    const outbox = join(h.config.dataDir, 'outbox');
    return vi.waitFor(
      async () => {
        const mails = await Promise.all(
          (await readdir(outbox)).map((f) => readFile(join(outbox, f), 'utf8')),
        );
        // The latest password mail (the address also got its registration's confirmation).
        const found = mails
          .filter((m) => m.includes(`To: ${email}`))
          .map((m) => /Temporary password: (\S+)/.exec(m)?.[1])
          .filter(Boolean)
          .at(-1);
        expect(found).toBeTruthy();
        return found ?? '';
      },
      { timeout: 15_000 },
    );
  }

  const dashboard = (token: string) =>
    h.app.inject({ method: 'POST', url: '/my-noc.php', payload: {}, headers: h.bearer(token) });

  it('mails a club a temporary password beside the current one: nothing ends until it is used', async () => {
    const club = await h.club();
    const res = await post('/forget-password.php', { email: club.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Password has been sent to your email!',
      code: 'forgotPassword.success',
    });
    const temporary = await mailedPassword(club.email);
    // The current password and the open session keep working.
    expect((await dashboard(club.token)).statusCode).toBe(200);
    const current = await post('/club-login.php', { email: club.email, password: PASSWORD });
    expect(current.statusCode).toBe(200);
    expect(current.json().data.must_change_password).toBe(false);
    // The temporary one logs in once, into a session that must choose a new password first.
    const login = await post('/club-login.php', { email: club.email, password: temporary });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.must_change_password).toBe(true);
    const again = await post('/club-login.php', { email: club.email, password: temporary });
    expect(again.statusCode).toBe(401);
    const pending = login.json().data.token as string;
    const refused = await dashboard(pending);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('changePassword.required');
    // Choosing the new password needs no current one here, and ends the other sessions.
    const change = await post(
      '/change-password.php',
      { new_password: 'Chosen#2025' },
      h.bearer(pending),
    );
    expect(change.statusCode).toBe(200);
    expect(change.json().code).toBe('changePassword.success');
    expect((await dashboard(pending)).statusCode).toBe(200);
    expect((await dashboard(club.token)).statusCode).toBe(401);
    expect(
      (await post('/club-login.php', { email: club.email, password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post('/club-login.php', { email: club.email, password: 'Chosen#2025' })).statusCode,
    ).toBe(200);
  });

  it('writes the mail in the language the request asked for (Accept-Language)', async () => {
    const club = await h.club();
    const res = await post(
      '/forget-password.php',
      { email: club.email },
      {
        'accept-language': 'bn',
      },
    );
    expect(res.statusCode).toBe(200);
    const outbox = join(h.config.dataDir, 'outbox');
    const mail = await vi.waitFor(async () => {
      const mails = await Promise.all(
        (await readdir(outbox)).map((f) => readFile(join(outbox, f), 'utf8')),
      );
      const found = mails.find(
        (m) => m.includes(`To: ${club.email}`) && m.includes('অস্থায়ী পাসওয়ার্ড'),
      );
      expect(found).toBeTruthy();
      return found ?? '';
    });
    expect(mail).toContain('Subject: আপনার পূজা এনওসি পোর্টালের নতুন পাসওয়ার্ড');
    const temporary = /অস্থায়ী পাসওয়ার্ড: (\S+)/.exec(mail)?.[1] ?? '';
    expect(temporary).not.toBe('');
    const login = await post('/club-login.php', { email: club.email, password: temporary });
    expect(login.statusCode).toBe(200);
  });

  it('a temporary password expires after an hour', async () => {
    const club = await h.club();
    await post('/forget-password.php', { email: club.email });
    const temporary = await mailedPassword(club.email);
    await h.database.db
      .update(users)
      .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, club.userId));
    const res = await post('/club-login.php', { email: club.email, password: temporary });
    expect(res.statusCode).toBe(401);
  });

  it('answers a staff address like an unknown one and changes nothing: no lockout', async () => {
    const staff = await h.staff('admin');
    const before = await h.snapshot();
    const res = await post('/forget-password.php', { email: staff.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: true,
      message: 'Password has been sent to your email!',
      code: 'forgotPassword.success',
    });
    expect(await h.snapshot()).toEqual(before);
    const [row] = await h.database.db.select().from(users).where(eq(users.email, staff.email));
    expect(row?.tempPasswordHash).toBeNull();
    const stillIn = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer(staff.token),
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('answers the same for an unknown address and changes nothing', async () => {
    const before = await h.snapshot();
    const res = await post('/forget-password.php', { email: 'nobody@test.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: true,
      message: 'Password has been sent to your email!',
      code: 'forgotPassword.success',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('a blank address is a 400', async () => {
    const res = await post('/forget-password.php', { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter your email address.');
  });
});

describe('change password', () => {
  it('asks for the current password, then ends the other sessions and keeps this one', async () => {
    const club = await h.club();
    const second = (await post('/club-login.php', { email: club.email, password: PASSWORD })).json()
      .data.token as string;
    const missing = await post(
      '/change-password.php',
      { new_password: 'Chosen#2025' },
      h.bearer(club.token),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('changePassword.currentRequired');
    const wrong = await post(
      '/change-password.php',
      { current_password: 'not-it-at-all', new_password: 'Chosen#2025' },
      h.bearer(club.token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('changePassword.currentWrong');
    const short = await post(
      '/change-password.php',
      { current_password: PASSWORD, new_password: 'short' },
      h.bearer(club.token),
    );
    expect(short.json().code).toBe('validation.passwordTooShort');
    const res = await post(
      '/change-password.php',
      { current_password: PASSWORD, new_password: 'Chosen#2025' },
      h.bearer(club.token),
    );
    expect(res.statusCode).toBe(200);
    const me = (token: string) =>
      h.app.inject({ method: 'POST', url: '/my-noc.php', payload: {}, headers: h.bearer(token) });
    expect((await me(club.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const res = await post('/change-password.php', { current_password: 'a', new_password: 'b' });
    expect(res.statusCode).toBe(401);
  });
});
