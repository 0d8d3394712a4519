// Issue 27: a club account changes hands. The club changes its e-mail (confirmed by a link
// mailed to the new address; the old one stays until then), its phone (by SMS code where SMS
// confirms registrations) and its password; an admin hands an account to a new address.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVACY_NOTICE_VERSION } from '@puja/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/accounts/auth';
import { auditLog, clubs, users } from '../src/db/schema';
import {
  confirmationToken,
  createHarness,
  mailsSent,
  outboxMailsTo,
  PASSWORD,
  type Harness,
} from './harness';

let h: Harness;
let made = 0;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const post = (url: string, payload: object, token?: string) =>
  h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const newAddress = () => `next${(made += 1)}-${Date.now()}@test.example`;
const accountOf = async (userId: number) =>
  (await h.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
const login = (email: string, password = PASSWORD) => post('/club-login.php', { email, password });

/** The texts of the mails sent to an address (the outbox keeps no account mail's text once sent). */
async function sentTexts(email: string): Promise<string[]> {
  await mailsSent(h);
  return h.sentMails.filter((mail) => mail.to === email).map((mail) => mail.text);
}

const CHANGE_LINK = /confirm-email-change\?token=([A-Za-z0-9_-]+)/;

/** The token of the last e-mail-change link mailed to an address. */
async function changeToken(email: string): Promise<string> {
  const token = (await sentTexts(email))
    .map((text) => CHANGE_LINK.exec(text)?.[1])
    .findLast(Boolean);
  if (!token) throw new Error(`no change link mailed to ${email}`);
  return token;
}

describe('the registration picker marks registered clubs (issue 27)', () => {
  it('the public list says whether each club has an account, and nothing else', async () => {
    const club = await h.club();
    const [free] = await h.database.db
      .insert(clubs)
      .values({ clubname: `Free Club ${Date.now()}` })
      .returning();
    const res = await h.app.inject({ method: 'GET', url: '/list-club.php' });
    const rows = res.json().data as Array<Record<string, unknown>>;
    const taken = rows.find((row) => row.id === club.clubId);
    expect(Object.keys(taken!).sort()).toEqual(['clubname', 'id', 'registered', 'status']);
    expect(taken!.registered).toBe(true);
    expect(rows.find((row) => row.id === free!.id)?.registered).toBe(false);
    expect(res.body).not.toContain(club.email);
  });
});

describe('the privacy notice shown at registration is recorded (issue 27)', () => {
  async function registerWith(notice: unknown) {
    const [club] = await h.database.db
      .insert(clubs)
      .values({ clubname: `Notice Club ${(made += 1)} ${Date.now()}` })
      .returning();
    const email = newAddress();
    const res = await post('/add-club-registration.php', {
      club_id: club!.id,
      phone: '9831012345',
      email,
      address: '1 Station Road',
      ward_no: 3,
      password: PASSWORD,
      ...(notice === undefined ? {} : { privacy_notice: notice }),
    });
    expect(res.statusCode).toBe(200);
    const confirmed = await post('/confirm-registration.php', {
      token: await confirmationToken(h, email),
    });
    expect(confirmed.statusCode).toBe(200);
    const [account] = await h.database.db.select().from(users).where(eq(users.clubId, club!.id));
    return account!.privacyNoticeVersion;
  }

  it('the server says the notice version and the retention seasons, to anyone', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/privacy-notice.php' });
    expect(res.json().data).toEqual({
      version: PRIVACY_NOTICE_VERSION,
      retention_seasons: h.config.documentRetentionSeasons,
    });
  });

  it('the version the page showed goes with the account; an unknown or missing one records none', async () => {
    expect(await registerWith(PRIVACY_NOTICE_VERSION)).toBe(PRIVACY_NOTICE_VERSION);
    expect(await registerWith('1999-01-01')).toBeNull();
    expect(await registerWith(undefined)).toBeNull();
  });
});

describe('a club changes its e-mail address (issue 27)', () => {
  it('the new address gets a link; until it is opened the old one logs in; then the new one does and the old is told', async () => {
    const club = await h.club({ locale: 'bn' });
    const next = newAddress();
    const res = await post(
      '/change-email.php',
      { new_email: ` ${next.toUpperCase()} `, current_password: PASSWORD },
      club.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'account.email.linkSent',
      data: { pending_email: next },
    });
    const [mail] = await outboxMailsTo(h, next);
    expect(mail?.locale).toBe('bn');
    expect(mail?.subject).toContain('নতুন ই-মেল ঠিকানা নিশ্চিত করুন');
    // Until confirmed: the old address stays, the page shows what waits.
    expect((await login(club.email)).statusCode).toBe(200);
    expect((await login(next)).statusCode).toBe(401);
    const shown = await h.app.inject({
      method: 'GET',
      url: '/club-account.php',
      headers: h.bearer(club.token),
    });
    expect(shown.json().data).toMatchObject({ email: club.email, pending_email: next });

    const confirmed = await post('/confirm-email-change.php', { token: await changeToken(next) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      code: 'account.confirmEmail.confirmed',
      data: { email: next },
    });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(club.email)).statusCode).toBe(401);
    const told = (await outboxMailsTo(h, club.email)).filter((m) => m.kind === 'emailChanged');
    expect(told).toHaveLength(1);
    // In the account's language: Bengali.
    expect((await sentTexts(club.email)).join('\n')).toContain(`এখন ${next} ঠিকানা ব্যবহার করে`);
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, club.userId), eq(auditLog.action, 'email_change')));
    expect(audit).toMatchObject([{ fromValue: club.email, toValue: next }]);
    // A used link is no link.
    const again = await post('/confirm-email-change.php', { token: await changeToken(next) });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('account.confirmEmail.invalid');
  });

  it('refuses a wrong password, its own address, another account’s address and bad input, changing nothing', async () => {
    const club = await h.club();
    const other = await h.club();
    const before = await accountOf(club.userId);
    const cases: Array<[object, number, string]> = [
      [
        { new_email: newAddress(), current_password: 'wrong-password' },
        422,
        'changePassword.currentWrong',
      ],
      [{ new_email: club.email, current_password: PASSWORD }, 422, 'account.email.same'],
      [
        { new_email: other.email.toUpperCase(), current_password: PASSWORD },
        409,
        'users.emailTaken',
      ],
      [{ new_email: 'not-an-address', current_password: PASSWORD }, 400, 'validation.emailInvalid'],
      [{ new_email: newAddress(), current_password: '' }, 400, 'changePassword.currentRequired'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post('/change-email.php', payload, club.token);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    expect(await accountOf(club.userId)).toEqual(before);
  });

  it('only a logged-in club may ask: staff 403, no session 401', async () => {
    const admin = await h.staff('admin');
    const payload = { new_email: newAddress(), current_password: PASSWORD };
    expect((await post('/change-email.php', payload, admin.token)).statusCode).toBe(403);
    expect((await post('/change-email.php', payload)).statusCode).toBe(401);
    expect(
      (
        await post(
          '/change-phone.php',
          { new_phone: '9830099999', current_password: PASSWORD },
          admin.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await post('/confirm-phone-change.php', { code: '123456' })).statusCode).toBe(401);
  });

  it('an expired link answers 410 and changes nothing; an unknown one 404', async () => {
    const club = await h.club();
    const next = newAddress();
    await post('/change-email.php', { new_email: next, current_password: PASSWORD }, club.token);
    await h.database.db
      .update(users)
      .set({ pendingEmailExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(users.id, club.userId));
    const res = await post('/confirm-email-change.php', { token: await changeToken(next) });
    expect([res.statusCode, res.json().code]).toEqual([410, 'account.confirmEmail.expired']);
    expect((await accountOf(club.userId)).email).toBe(club.email);
    const unknown = await post('/confirm-email-change.php', { token: 'x'.repeat(43) });
    expect([unknown.statusCode, unknown.json().code]).toEqual([
      404,
      'account.confirmEmail.invalid',
    ]);
  });

  it('one link opened twice at once changes the address once', async () => {
    const club = await h.club();
    const next = newAddress();
    await post('/change-email.php', { new_email: next, current_password: PASSWORD }, club.token);
    const token = await changeToken(next);
    const answers = await Promise.all([
      post('/confirm-email-change.php', { token }),
      post('/confirm-email-change.php', { token }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect((await accountOf(club.userId)).email).toBe(next);
    expect(
      (await outboxMailsTo(h, club.email)).filter((m) => m.kind === 'emailChanged'),
    ).toHaveLength(1);
  });

  it('two clubs confirming the same new address at once: one gets it, the other 409', async () => {
    const first = await h.club();
    const second = await h.club();
    const next = newAddress();
    for (const club of [first, second]) {
      await post('/change-email.php', { new_email: next, current_password: PASSWORD }, club.token);
    }
    const links = (await sentTexts(next))
      .map((text) => CHANGE_LINK.exec(text)?.[1])
      .filter(Boolean) as string[];
    expect(links).toHaveLength(2);
    const answers = await Promise.all(
      links.map((token) => post('/confirm-email-change.php', { token })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await h.database.db.select().from(users).where(eq(users.email, next));
    expect(owners).toHaveLength(1);
  });
});

describe('a club changes its phone without SMS (issue 27)', () => {
  it('changes at once, no longer verified; its own number is refused', async () => {
    const club = await h.club();
    await h.database.db
      .update(users)
      .set({ phoneVerifiedAt: sql`now()` })
      .where(eq(users.id, club.userId));
    const same = await post(
      '/change-phone.php',
      { new_phone: '9831012345', current_password: PASSWORD },
      club.token,
    );
    expect([same.statusCode, same.json().code]).toEqual([422, 'account.phone.same']);
    const res = await post(
      '/change-phone.php',
      { new_phone: '9830011111', current_password: PASSWORD },
      club.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'account.phone.changed',
      data: { confirm_by: 'none' },
    });
    const account = await accountOf(club.userId);
    expect([account.phone, account.phoneVerifiedAt]).toEqual(['9830011111', null]);
  });
});

describe('an admin hands a club account to a new address (issue 27)', () => {
  it('the new address logs in by a temporary password; the old holder is shut out and told, both mails in the account language', async () => {
    const admin = await h.staff('admin');
    const club = await h.club({ locale: 'bn' });
    const next = newAddress();
    const res = await post(
      '/hand-over-club.php',
      { id: club.clubId, email: next, reason: 'New secretary elected' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('account.handOverSuccess');
    // The old holder: its session ended, its password no longer works.
    const old = await h.app.inject({
      method: 'GET',
      url: '/club-account.php',
      headers: h.bearer(club.token),
    });
    expect(old.statusCode).toBe(401);
    expect((await login(club.email)).statusCode).toBe(401);
    expect((await login(next)).statusCode).toBe(401);
    const [toOld] = (await outboxMailsTo(h, club.email)).filter(
      (m) => m.kind === 'accountHandedOver',
    );
    expect(toOld?.locale).toBe('bn');
    const oldTexts = (await sentTexts(club.email)).join('\n');
    expect(oldTexts).toContain(next);
    expect(oldTexts).toContain('কারণ: New secretary elected');
    const [toNew] = (await outboxMailsTo(h, next)).filter((m) => m.kind === 'accountHandedTo');
    expect(toNew?.locale).toBe('bn');
    expect((await sentTexts(next)).join('\n')).toContain('/login');
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, club.clubId), eq(auditLog.action, 'hand_over')));
    expect(audit).toMatchObject({
      userId: admin.id,
      role: 'admin',
      fromValue: club.email,
      toValue: next,
      reason: 'New secretary elected',
    });
    // The new holder asks for a temporary password, by mail (never the old holder's phone).
    const reset = await post('/forget-password.php', { email: next });
    expect(reset.statusCode).toBe(200);
    const password = await vi.waitFor(
      async () => {
        const outbox = join(h.config.dataDir, 'outbox');
        const texts = await Promise.all(
          (await readdir(outbox)).map((name) => readFile(join(outbox, name), 'utf8')),
        );
        const found = texts
          .filter((text) => text.includes(`To: ${next}`))
          .map((text) => /Temporary password: (\S+)/.exec(text)?.[1])
          .find(Boolean);
        expect(found).toBeTruthy();
        return found ?? '';
      },
      { timeout: 15_000 },
    );
    const inAgain = await login(next, password);
    expect(inAgain.statusCode).toBe(200);
    expect(inAgain.json().data.must_change_password).toBe(true);
  });

  it('only an admin may: store, chairman and clubs 403; refusals change nothing', async () => {
    const club = await h.club();
    const before = await accountOf(club.userId);
    const payload = { id: club.clubId, email: newAddress(), reason: 'r' };
    for (const role of ['store', 'chairman'] as const) {
      const staff = await h.staff(role);
      expect((await post('/hand-over-club.php', payload, staff.token)).statusCode).toBe(403);
    }
    expect((await post('/hand-over-club.php', payload, club.token)).statusCode).toBe(403);
    expect((await post('/hand-over-club.php', payload)).statusCode).toBe(401);
    const admin = await h.staff('admin');
    const other = await h.club();
    const [free] = await h.database.db
      .insert(clubs)
      .values({ clubname: `Unregistered ${Date.now()}` })
      .returning();
    const cases: Array<[object, number, string]> = [
      [{ ...payload, reason: ' ' }, 400, 'clubs.releaseReasonRequired'],
      [{ ...payload, email: 'nope' }, 400, 'validation.emailInvalid'],
      [{ ...payload, email: other.email }, 409, 'users.emailTaken'],
      [{ ...payload, email: club.email }, 422, 'account.email.same'],
      [{ ...payload, id: free!.id }, 422, 'account.handOverNoAccount'],
      [{ ...payload, id: 999_999 }, 404, 'clubs.notFound'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('/hand-over-club.php', body, admin.token);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    expect(await accountOf(club.userId)).toEqual(before);
  });
});

describe('a club changes its phone by SMS code (issue 27, decision 0034)', () => {
  let s: Harness;
  beforeAll(async () => {
    s = await createHarness({
      REGISTRATION_CONFIRM_BY: 'sms',
      SMS_PER_NUMBER_HOURLY: '2',
      SMS_PER_ADDRESS_HOURLY: '1000',
    });
  });
  afterAll(() => s.close());

  const postS = (url: string, payload: object, token: string) =>
    s.app.inject({ method: 'POST', url, payload, headers: s.bearer(token) });

  /** A logged-in club account (h.club() confirms by link, which an SMS stack has none of). */
  async function smsClub() {
    const [club] = await s.database.db
      .insert(clubs)
      .values({ clubname: `Phone Club ${(made += 1)} ${Date.now()}` })
      .returning();
    const email = newAddress();
    const [user] = await s.database.db
      .insert(users)
      .values({
        name: club!.clubname,
        email,
        phone: '9831012345',
        role: 'club',
        deptment: 'club',
        passwordHash: await hashPassword(PASSWORD),
        clubId: club!.id,
      })
      .returning();
    const res = await s.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email, password: PASSWORD },
    });
    return { userId: user!.id, token: res.json().data.token as string };
  }

  async function codeTo(mobile: string, count: number): Promise<string> {
    const dir = join(s.config.dataDir, 'sms-outbox');
    const texts = await vi.waitFor(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).sort();
        const all = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
        const found = all.filter((text) => text.startsWith(`To: ${mobile}\n`));
        expect(found).toHaveLength(count);
        return found;
      },
      { timeout: 10_000 },
    );
    return /\n\n(\d{6})\b/.exec(texts.at(-1) ?? '')?.[1] ?? '';
  }

  it('the code sent to the new number changes it, verified; a wrong code counts; the old number stays till then', async () => {
    const club = await smsClub();
    const res = await postS(
      '/change-phone.php',
      { new_phone: '+91 97001 23456', current_password: PASSWORD },
      club.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'account.phone.codeSentShort',
      data: {
        confirm_by: 'sms',
        phone: '+91 ••••••• 456',
        expires_in: 600,
        resend_after: 60,
        tries: 5,
      },
    });
    const code = await codeTo('9700123456', 1);
    expect(
      (await s.database.db.select().from(users).where(eq(users.id, club.userId)))[0]?.phone,
    ).toBe('9831012345');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await postS('/confirm-phone-change.php', { code: wrong }, club.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'registration.codeWrong',
      data: { tries_left: 4 },
    });
    const right = await postS('/confirm-phone-change.php', { code }, club.token);
    expect([right.statusCode, right.json().code]).toEqual([200, 'account.phone.changed']);
    const [account] = await s.database.db.select().from(users).where(eq(users.id, club.userId));
    expect(account?.phone).toBe('+91 97001 23456');
    expect(account?.phoneVerifiedAt).toBeInstanceOf(Date);
    const none = await postS('/confirm-phone-change.php', { code }, club.token);
    expect([none.statusCode, none.json().code]).toEqual([404, 'account.phone.noChange']);
  });

  it('refuses a number that is not an Indian mobile, a new code within a minute, and too many codes to one number', async () => {
    const club = await smsClub();
    const landline = await postS(
      '/change-phone.php',
      { new_phone: '033 2345 6789', current_password: PASSWORD },
      club.token,
    );
    expect([landline.statusCode, landline.json().code]).toEqual([400, 'validation.mobileInvalid']);
    const first = await postS(
      '/change-phone.php',
      { new_phone: '9700200000', current_password: PASSWORD },
      club.token,
    );
    expect(first.statusCode).toBe(200);
    const soon = await postS(
      '/change-phone.php',
      { new_phone: '9700200000', current_password: PASSWORD },
      club.token,
    );
    expect([soon.statusCode, soon.json().code]).toEqual([429, 'registration.codeResendWait']);
    const moveBack = () =>
      s.database.db
        .update(users)
        .set({ pendingPhoneCodeSentAt: sql`now() - interval '2 minutes'` })
        .where(eq(users.id, club.userId));
    await moveBack();
    expect(
      (
        await postS(
          '/change-phone.php',
          { new_phone: '9700200000', current_password: PASSWORD },
          club.token,
        )
      ).statusCode,
    ).toBe(200);
    await moveBack();
    const third = await postS(
      '/change-phone.php',
      { new_phone: '9700200000', current_password: PASSWORD },
      club.token,
    );
    expect([third.statusCode, third.json().code]).toEqual([429, 'registration.codeRateLimited']);
  });

  it('five wrong codes use the code up; two codes at once count as two tries', async () => {
    const club = await smsClub();
    await postS(
      '/change-phone.php',
      { new_phone: '9700300000', current_password: PASSWORD },
      club.token,
    );
    const code = await codeTo('9700300000', 1);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const atOnce = await Promise.all([
      postS('/confirm-phone-change.php', { code: wrong }, club.token),
      postS('/confirm-phone-change.php', { code: wrong }, club.token),
    ]);
    expect(atOnce.map((a) => a.json().data.tries_left).sort()).toEqual([3, 4]);
    for (let i = 0; i < 3; i += 1)
      await postS('/confirm-phone-change.php', { code: wrong }, club.token);
    const spent = await postS('/confirm-phone-change.php', { code }, club.token);
    expect([spent.statusCode, spent.json().code]).toEqual([429, 'registration.codeTooManyTries']);
  });
});
