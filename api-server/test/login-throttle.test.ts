// The login failure counters as rows (src/accounts/login-throttle.ts): what the statements keep, on the
// embedded PGlite and on PostgreSQL alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../src/db/schema';
import {
  accountDelayMs,
  clearAccountFailures,
  loginWaitMs,
  recordLoginFailure,
  sweepLoginFailures,
} from '../src/accounts/login-throttle';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const db = () => h.database.db;
let made = 0;
/** A fresh address and account, so tests share no rows. */
const attempt = () => {
  made += 1;
  return { address: `192.0.2.${made}`, account: `account-${made}` };
};

async function counts(key: string): Promise<number | undefined> {
  const rows = await db()
    .select({ count: loginFailures.count })
    .from(loginFailures)
    .where(sql`${loginFailures.key} = ${key}`);
  return rows[0]?.count;
}

/** Moves a row's moments back in time, as if its failures were that old. */
async function age(key: string, ms: number): Promise<void> {
  await db()
    .update(loginFailures)
    .set({
      windowStart: sql`${loginFailures.windowStart} - ${ms} * interval '1 millisecond'`,
      lastAt: sql`${loginFailures.lastAt} - ${ms} * interval '1 millisecond'`,
    })
    .where(sql`${loginFailures.key} = ${key}`);
}

describe('login failure counters', () => {
  it('failures recorded at once are all counted', async () => {
    const a = attempt();
    await Promise.all(Array.from({ length: 12 }, () => recordLoginFailure(db(), a)));
    expect(await counts(a.address)).toBe(12);
    expect(await counts(a.account)).toBe(12);
  });

  it('an address waits out the rest of its minute; a new minute counts afresh', async () => {
    const a = attempt();
    for (let i = 0; i < 3; i += 1) await recordLoginFailure(db(), { ...a, account: null });
    const wait = await loginWaitMs(db(), a, 3);
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await loginWaitMs(db(), a, 4)).toBe(0);
    await age(a.address, 60_001);
    expect(await loginWaitMs(db(), a, 3)).toBe(0);
    await recordLoginFailure(db(), { ...a, account: null });
    expect(await counts(a.address)).toBe(1);
  });

  it('an account waits after five failures, longer with each; a success clears it', async () => {
    const a = attempt();
    for (let i = 0; i < 4; i += 1) await recordLoginFailure(db(), a);
    expect(await loginWaitMs(db(), { ...a, address: '198.51.100.200' }, 1000)).toBe(0);
    await recordLoginFailure(db(), a);
    const wait = await loginWaitMs(db(), { ...a, address: '198.51.100.201' }, 1000);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1000);
    expect([5, 6, 7, 14, 40].map(accountDelayMs)).toEqual([1000, 2000, 4000, 512_000, 900_000]);
    await clearAccountFailures(db(), a.account);
    expect(await counts(a.account)).toBeUndefined();
    // The address keeps its failures: only a success of the account forgets the account's.
    expect(await counts(a.address)).toBe(5);
  });

  it('an account counts afresh after an hour without a failure', async () => {
    const a = attempt();
    for (let i = 0; i < 6; i += 1) await recordLoginFailure(db(), a);
    await age(a.account, 60 * 60_000 + 1);
    expect(await loginWaitMs(db(), a, 1000)).toBe(0);
    await recordLoginFailure(db(), a);
    expect(await counts(a.account)).toBe(1);
  });

  it('a sweep removes the rows past their use and keeps the ones that still count', async () => {
    const [stale, live] = [attempt(), attempt()];
    await recordLoginFailure(db(), stale);
    await recordLoginFailure(db(), live);
    await age(stale.address, 61_000);
    await age(stale.account, 60 * 60_000 + 1);
    await age(live.account, 61_000);
    await sweepLoginFailures(db());
    expect(await counts(stale.address)).toBeUndefined();
    expect(await counts(stale.account)).toBeUndefined();
    expect(await counts(live.address)).toBe(1);
    expect(await counts(live.account)).toBe(1);
  });
});
