// The phone is verified (issue 23, decision 0034): with REGISTRATION_CONFIRM_BY=sms (or SMS_URL
// set) a registration is confirmed by a 6-digit code sent by SMS to the club's phone (here into
// DATA_DIR/sms-outbox), never by a mailed link: one confirmation, not two.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clubs, pendingRegistrations, users } from '../src/db/schema';
import { createHarness, outboxMailsTo, type Harness } from './harness';
import { codeSent as codeSentOf, smsTo as smsToOf } from './sms-codes';

const PASSWORD = 'Club#Code2025';
let h: Harness;
let phones = 0;

beforeAll(async () => {
  h = await createHarness({
    REGISTRATION_CONFIRM_BY: 'sms',
    LOGIN_RATE_LIMIT: '10000',
    SMS_PER_NUMBER_HOURLY: '3',
    SMS_PER_ADDRESS_HOURLY: '1000',
  });
});
afterAll(() => h.close());

const newMobile = () => `97000${String((phones += 1)).padStart(5, '0')}`;

async function newClub() {
  const [club] = await h.database.db
    .insert(clubs)
    .values({ clubname: `Code Club ${Math.random().toString(36).slice(2, 8)}`, status: 'A' })
    .returning();
  return club!;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload, headers });

async function register(overrides: Record<string, unknown> = {}, language = 'en') {
  const club = await newClub();
  const mobile = newMobile();
  const body = {
    club_id: club.id,
    govt_register_no: '',
    phone: `+91 ${mobile}`,
    email: `code${Math.random().toString(36).slice(2)}@test.example`,
    address: '5 Kali Mandir Lane',
    ward_no: '12',
    password: PASSWORD,
    ...overrides,
  };
  const answer = await post('/add-club-registration.php', body, { 'accept-language': language });
  return { club, mobile, body, answer };
}

const smsTo = (mobile: string) => smsToOf(h, mobile);
const codeSent = (mobile: string, count = 1) => codeSentOf(h, mobile, count);

const confirmCode = (registration: string, code: string) =>
  post('/confirm-registration-code.php', { registration, code });
const resend = (registration: string) => post('/resend-registration-code.php', { registration });
const accountsOf = (clubId: number) =>
  h.database.db.select().from(users).where(eq(users.clubId, clubId));
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves a registration's last code into the past, as the clock would. */
async function codeSentSecondsAgo(clubId: number, seconds: number) {
  await h.database.db
    .update(pendingRegistrations)
    .set({ codeSentAt: sql`now() - ${seconds} * interval '1 second'` })
    .where(eq(pendingRegistrations.clubId, clubId));
}

describe('registration confirmed by a code sent by SMS (issue 23)', () => {
  it('sends a 6-digit code in the app language instead of a link; the code creates the account, its phone verified', async () => {
    const { club, mobile, body, answer } = await register({}, 'bn');
    expect(answer.statusCode).toBe(200);
    const { registration, ...rest } = answer.json().data;
    expect(answer.json().code).toBe('registration.checkPhone');
    expect(rest).toEqual({
      confirm_by: 'sms',
      phone: `+91 ••••••• ${mobile.slice(-3)}`,
      expires_in: 600,
      resend_after: 60,
      tries: 5,
    });
    const code = await codeSent(mobile);
    const [sms] = await smsTo(mobile);
    expect(sms).toContain('Template: registrationCode');
    expect(sms).toContain(
      `${code}: ${h.config.municipality.name} পূজা এনওসি পোর্টালে ক্লাবের নথিভুক্তির কোড`,
    );
    // One confirmation, not two: no link is mailed.
    expect(await outboxMailsTo(h, body.email)).toEqual([]);
    // Stored hashed: neither the code nor the token is in the row.
    const [pending] = await h.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.clubId, club.id));
    expect(JSON.stringify(pending)).not.toContain(code);
    expect(JSON.stringify(pending)).not.toContain(registration);
    expect(await accountsOf(club.id)).toEqual([]);

    const confirmed = await confirmCode(registration, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      code: 'registration.confirmed',
      data: { clubname: club.clubname },
    });
    const [account] = await accountsOf(club.id);
    expect(account?.phoneVerifiedAt).toBeInstanceOf(Date);
    const login = await post('/club-login.php', { email: body.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    // Again: the same answer, still one account.
    expect((await confirmCode(registration, code)).statusCode).toBe(200);
    expect(await accountsOf(club.id)).toHaveLength(1);
  });

  it('a registration by code cannot be confirmed as a link with its token', async () => {
    const { club, answer } = await register();
    const link = await post('/confirm-registration.php', {
      token: answer.json().data.registration,
    });
    expect(link.statusCode).toBe(404);
    expect(await accountsOf(club.id)).toEqual([]);
  });

  it('refuses a phone that is not an Indian mobile, and sends nothing', async () => {
    const { club, answer } = await register({ phone: '033 2345 6789' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('validation.mobileInvalid');
    const pending = await h.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.clubId, club.id));
    expect(pending).toEqual([]);
  });

  it('a wrong code says how many tries are left; the fifth wrong one uses the code up', async () => {
    const { club, mobile, answer } = await register();
    const { registration } = answer.json().data;
    const code = await codeSent(mobile);
    for (const left of [4, 3, 2, 1, 0]) {
      const wrong = await confirmCode(registration, wrongOf(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        code: 'registration.codeWrong',
        data: { tries_left: left },
      });
    }
    // Even the right code is refused now: a new one is needed.
    const used = await confirmCode(registration, code);
    expect(used.statusCode).toBe(429);
    expect(used.json().code).toBe('registration.codeTooManyTries');
    expect(await accountsOf(club.id)).toEqual([]);
  });

  it('a malformed code is refused without counting a try', async () => {
    const { club, mobile, answer } = await register();
    const { registration } = answer.json().data;
    const code = await codeSent(mobile);
    for (let i = 0; i < 6; i++) {
      const bad = await confirmCode(registration, '12ab');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('registration.codeFormat');
    }
    expect((await confirmCode(registration, code)).statusCode).toBe(200);
    expect(await accountsOf(club.id)).toHaveLength(1);
  });

  it('a code expires 10 minutes after it was sent', async () => {
    const { club, mobile, answer } = await register();
    const { registration } = answer.json().data;
    const code = await codeSent(mobile);
    await codeSentSecondsAgo(club.id, 600);
    const late = await confirmCode(registration, code);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('registration.codeExpired');
    expect(await accountsOf(club.id)).toEqual([]);
  });

  it('a new code only after 60 s; it replaces the old one and gives 5 tries again', async () => {
    const { club, mobile, answer } = await register();
    const { registration } = answer.json().data;
    const first = await codeSent(mobile);
    const early = await resend(registration);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('registration.codeResendWait');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    await confirmCode(registration, wrongOf(first));
    await codeSentSecondsAgo(club.id, 60);
    const again = await resend(registration);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 'registration.codeResent', data: { tries: 5 } });
    const second = await codeSent(mobile, 2);
    if (second !== first) {
      expect((await confirmCode(registration, first)).json().data).toEqual({ tries_left: 4 });
    }
    expect((await confirmCode(registration, second)).statusCode).toBe(200);
    expect(await accountsOf(club.id)).toHaveLength(1);
  });

  it('codes to one number are limited per hour (SMS_PER_NUMBER_HOURLY), registering or resending', async () => {
    const mobile = newMobile();
    const [a, b, c] = [await newClub(), await newClub(), await newClub()];
    const registerWith = (clubId: number) =>
      post('/add-club-registration.php', {
        club_id: clubId,
        phone: mobile,
        email: `limit${Math.random().toString(36).slice(2)}@test.example`,
        address: 'x',
        ward_no: '3',
        password: PASSWORD,
      });
    const first = await registerWith(a.id);
    expect((await registerWith(b.id)).statusCode).toBe(200);
    await codeSentSecondsAgo(a.id, 60);
    expect((await resend(first.json().data.registration)).statusCode).toBe(200);
    // The fourth SMS to the number this hour: refused, nothing registered or sent.
    const refused = await registerWith(c.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('registration.codeRateLimited');
    await codeSentSecondsAgo(a.id, 60);
    const resendRefused = await resend(first.json().data.registration);
    expect(resendRefused.statusCode).toBe(429);
    expect(resendRefused.json().code).toBe('registration.codeRateLimited');
    await vi.waitFor(async () => expect(await smsTo(mobile)).toHaveLength(3), { timeout: 10_000 });
  });

  it('an address with an account is answered as a new one: its owner is mailed, no code goes to the phone, nothing is registered (issue 26, L4)', async () => {
    const owner = await register();
    const ownerCode = await codeSent(owner.mobile);
    await confirmCode(owner.answer.json().data.registration, ownerCode);
    const fresh = await register();
    const { club, mobile, answer } = await register({ email: owner.body.email });
    // The same answer, field for field, as for a new address.
    expect(answer.statusCode).toBe(200);
    expect(answer.json().code).toBe('registration.checkPhone');
    const { registration, ...rest } = answer.json().data;
    const { registration: freshHandle, ...freshRest } = fresh.answer.json().data;
    expect(registration).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(freshHandle)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect({ ...rest, phone: '' }).toEqual({ ...freshRest, phone: '' });
    const mails = await outboxMailsTo(h, owner.body.email);
    // The owner registered by SMS: its address got the link proving it, and holds the rest
    // until proved (email-proof.test.ts).
    expect(mails.map((mail) => [mail.kind, mail.heldForProof])).toEqual([
      ['emailVerify', false],
      ['registrationAddressTaken', true],
    ]);
    // No code to the phone, no registration to confirm.
    await codeSent(fresh.mobile);
    expect(await smsTo(mobile)).toEqual([]);
    const pending = await h.database.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.clubId, club.id));
    expect(pending).toEqual([]);
    const guess = await confirmCode(registration, '123456');
    expect(guess.statusCode).toBe(404);
    expect(await accountsOf(club.id)).toEqual([]);
  });

  it('an unknown registration is refused, and changes nothing', async () => {
    const unknown = await confirmCode('x'.repeat(43), '123456');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('registration.codeUnknown');
    expect((await resend('x'.repeat(43))).statusCode).toBe(404);
  });
});
