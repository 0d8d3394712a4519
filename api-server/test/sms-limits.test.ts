// Issue 26, M3: the hourly SMS limits per number hold for requests sent at once (the count and
// the insert run under a lock per number and address, src/messages/sms-throttle.ts): registration codes
// and temporary passwords by SMS alike, on PGlite and on PostgreSQL.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/accounts/auth';
import { clubs, users } from '../src/db/schema';
import { createHarness, PASSWORD, type Harness } from './harness';

const LIMIT = 5;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    REGISTRATION_CONFIRM_BY: 'sms',
    SMS_PER_NUMBER_HOURLY: String(LIMIT),
    SMS_PER_ADDRESS_HOURLY: '1000',
  });
});
afterAll(() => h?.close());

/** The SMS written to DATA_DIR/sms-outbox for a number. */
async function smsTo(mobile: string): Promise<number> {
  const dir = join(h.config.dataDir, 'sms-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
  const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${mobile}\n`)).length;
}

/** Waits for `count` SMS to the number (they go after the answers), then checks none follow. */
async function expectSmsTo(mobile: string, count: number) {
  await vi.waitFor(async () => expect(await smsTo(mobile)).toBeGreaterThanOrEqual(count), {
    timeout: 20_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await smsTo(mobile)).toBe(count);
}

describe('SMS limits under requests at once (M3)', () => {
  it('100 registrations at once with one phone: at most the hourly limit of codes', async () => {
    const mobile = '9712300001';
    const made = await h.database.db
      .insert(clubs)
      .values(Array.from({ length: 100 }, (_, i) => ({ clubname: `Burst Club ${i}`, status: 'A' })))
      .returning({ id: clubs.id });
    const answers = await Promise.all(
      made.map((club, i) =>
        h.app.inject({
          method: 'POST',
          url: '/add-club-registration.php',
          payload: {
            club_id: club.id,
            govt_register_no: '',
            phone: mobile,
            email: `burst${i}@test.example`,
            address: '1 Station Road',
            ward_no: 3,
            password: PASSWORD,
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(100 - LIMIT);
    await expectSmsTo(mobile, LIMIT);
  });

  it('100 password resets by one number at once: at most the hourly limit of SMS', async () => {
    const mobile = '9712300002';
    // A club account with this verified number (written directly: this file confirms by SMS).
    const [club] = await h.database.db
      .insert(clubs)
      .values({ clubname: 'Reset Burst Club', status: 'A' })
      .returning({ id: clubs.id });
    await h.database.db.insert(users).values({
      name: 'Reset Burst Club',
      email: 'reset-burst@test.example',
      phone: mobile,
      phoneVerifiedAt: new Date(),
      role: 'club',
      deptment: 'club',
      clubId: club!.id,
      passwordHash: await hashPassword(PASSWORD),
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        h.app.inject({ method: 'POST', url: '/forget-password.php', payload: { email: mobile } }),
      ),
    );
    // The answer is the same for every request (it never tells); the SMS sent are limited.
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    await expectSmsTo(mobile, LIMIT);
  });
});
