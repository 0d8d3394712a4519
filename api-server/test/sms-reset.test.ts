// Forgot password by phone (issue 23): the reset call takes an account's e-mail or its mobile
// number; the temporary password goes by SMS to a verified number, by e-mail otherwise, and the
// answer never tells whether an account exists.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { isConfirmationMail } from './confirm-by-mail';
import { headerOf } from './fake-smtp';
import { createHarness, type Harness } from './harness';

let h: Harness;
let phones = 0;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const SENT_BY_PHONE =
  "If this mobile number belongs to a club account, a new password has been sent to it by SMS (or to the account's e-mail while the number is not verified).";

const newMobile = () => `96000${String((phones += 1)).padStart(5, '0')}`;

async function filesIn(dir: string) {
  const path = join(h.config.dataDir, dir);
  const names = (await readdir(path).catch(() => [] as string[])).filter(
    (n) => !n.endsWith('.tmp'),
  );
  return Promise.all(names.sort().map((name) => readFile(join(path, name), 'utf8')));
}
const smsTo = async (mobile: string) =>
  (await filesIn('sms-outbox')).filter((text) => text.startsWith(`To: ${mobile}\n`));
/** Mails to an address, but the registration's confirmation (harness.club confirms by it). */
const mailsTo = async (email: string) =>
  (await filesIn('outbox')).filter(
    (text) => headerOf(text, 'To') === email && !isConfirmationMail(text),
  );

const reset = (login: string, language = 'en') =>
  h.app.inject({
    method: 'POST',
    url: '/forget-password.php',
    payload: { email: login },
    headers: { 'accept-language': language },
  });

const loginWith = (email: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/club-login.php', payload: { email, password } });

async function verifyPhone(userId: number) {
  await h.database.db
    .update(users)
    .set({ phoneVerifiedAt: new Date() })
    .where(eq(users.id, userId));
}

describe('forgot password by mobile number', () => {
  it('a verified number gets the temporary password by SMS, which logs in once', async () => {
    const mobile = newMobile();
    const club = await h.club({ phone: `+91 ${mobile}` });
    await verifyPhone(club.userId);
    const answer = await reset(`0${mobile}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(SENT_BY_PHONE);
    const [sms] = await vi.waitFor(
      async () => {
        const found = await smsTo(mobile);
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 15_000 },
    );
    expect(sms).toContain('Template: temporaryPassword');
    const password = /\n\n(\S+) is your one-time password for the Puja NOC Portal of /.exec(
      sms ?? '',
    )?.[1];
    expect(password).toBeTruthy();
    // The SMS names the municipality that sends it (issue 27).
    expect(sms).toContain(`Puja NOC Portal of ${h.config.municipality.name}, valid 1 hour.`);
    expect((await loginWith(club.email, password ?? '')).json().data.must_change_password).toBe(
      true,
    );
    expect((await loginWith(club.email, password ?? '')).statusCode).toBe(401);
    expect(await mailsTo(club.email)).toEqual([]);
  });

  it('in Bengali when asked in Bengali', async () => {
    const mobile = newMobile();
    const club = await h.club({ phone: mobile });
    await verifyPhone(club.userId);
    expect((await reset(mobile, 'bn')).json().code).toBe('forgotPassword.sentByPhone');
    const [sms] = await vi.waitFor(
      async () => {
        const found = await smsTo(mobile);
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 15_000 },
    );
    expect(sms).toContain('Encoding: UCS-2');
    expect(sms).toContain(
      `: ${h.config.municipality.name} পূজা এনওসি পোর্টালে অস্থায়ী পাসওয়ার্ড, এক ঘণ্টায় একবার চলবে।`,
    );
  });

  it('a number not yet verified: the password goes to the e-mail, the answer is the same', async () => {
    const mobile = newMobile();
    const club = await h.club({ phone: mobile });
    const answer = await reset(mobile);
    expect(answer.json().message).toBe(SENT_BY_PHONE);
    const [mail] = await vi.waitFor(
      async () => {
        const found = await mailsTo(club.email);
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 15_000 },
    );
    const password = /Temporary password: (\S+)/.exec(mail ?? '')?.[1];
    expect((await loginWith(club.email, password ?? '')).statusCode).toBe(200);
    expect(await smsTo(mobile)).toEqual([]);
  });

  it('a number two clubs share: each gets its own password by e-mail, no SMS', async () => {
    const mobile = newMobile();
    const first = await h.club({ phone: mobile });
    const second = await h.club({ phone: `+91-${mobile}` });
    await verifyPhone(first.userId);
    expect((await reset(mobile)).json().message).toBe(SENT_BY_PHONE);
    const passwords = await vi.waitFor(
      async () => {
        const mails = [...(await mailsTo(first.email)), ...(await mailsTo(second.email))];
        expect(mails).toHaveLength(2);
        return mails.map((mail) => /Temporary password: (\S+)/.exec(mail)?.[1]);
      },
      { timeout: 15_000 },
    );
    expect(new Set(passwords).size).toBe(2);
    expect(await smsTo(mobile)).toEqual([]);
  });

  it('an unknown number, a staff phone or a landline: the same answers, nothing sent', async () => {
    const unknown = newMobile();
    const landline = '033 2345 6789';
    expect((await reset(unknown)).json().message).toBe(SENT_BY_PHONE);
    // A landline is no mobile: it is taken as an (unknown) e-mail, as any text is.
    expect((await reset(landline)).json().message).toBe('Password has been sent to your email!');
    // The staff harness accounts have 9830000000.
    await h.staff('store');
    expect((await reset('9830000000')).json().message).toBe(SENT_BY_PHONE);
    // A verified club asked after them: once its SMS is out, the others have had their turn.
    const mobile = newMobile();
    const club = await h.club({ phone: mobile });
    await verifyPhone(club.userId);
    await reset(mobile);
    await vi.waitFor(async () => expect(await smsTo(mobile)).toHaveLength(1), { timeout: 15_000 });
    expect(await smsTo(unknown)).toEqual([]);
    expect(await smsTo('9830000000')).toEqual([]);
  });

  it('a number asked for more than 5 times an hour gets nothing more, with the same answer', async () => {
    const mobile = newMobile();
    const club = await h.club({ phone: mobile });
    await verifyPhone(club.userId);
    for (let n = 0; n < 7; n += 1) {
      const answer = await reset(mobile);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(SENT_BY_PHONE);
    }
    await vi.waitFor(async () => expect(await smsTo(mobile)).toHaveLength(5), { timeout: 15_000 });
    // The e-mail still works for the account.
    expect((await reset(club.email)).json().message).toBe('Password has been sent to your email!');
    await vi.waitFor(async () => expect(await mailsTo(club.email)).toHaveLength(1), {
      timeout: 15_000,
    });
    expect(await smsTo(mobile)).toHaveLength(5);
  });
});
