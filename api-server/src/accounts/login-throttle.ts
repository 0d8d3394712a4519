import { createHash } from 'node:crypto';
import { normaliseEmail, type MessageKey } from '@puja/domain';
import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../http/client-address';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { loginClaims, loginFailures, loginKnownAddresses } from '../db/schema';
import { ApiError } from '../http/errors';
import { apiErrorOf } from '../http/http';

const MINUTE_MS = 60_000;
/** Failures an account may have before each further attempt must wait. */
const ACCOUNT_FREE_FAILURES = 5;
/** The wait doubles with every failure past the free ones, up to this. */
const ACCOUNT_MAX_DELAY_MS = 15 * MINUTE_MS;
/** An account's failures are forgotten after this long without a new one. */
const ACCOUNT_MEMORY_MS = 60 * MINUTE_MS;
/** How often one instance sweeps rows past their use (after a failure, never on a timer). */
const SWEEP_EVERY_MS = MINUTE_MS;
/** An address that logged into an account this recently keeps its own counter for it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE_MS;
/** The advisory-lock classes of a claim: every claim locks its address, then its account. */
const ADDRESS_LOCK = 26_001;
const ACCOUNT_LOCK = 26_002;
/** A claim older than this is of a check that never ended (its instance stopped): ignored. */
const CLAIM_LIFE_MS = 30_000;
/** How long an attempt waits for the attempts in flight before it; then 429, retry in 1 s. */
const BUSY_WAIT_MS = 15_000;

/** Where a login comes from and which account it names (null when it names none). */
export interface LoginAttempt {
  address: string;
  /** The SHA-256 of the normalised e-mail: any text the client sent is a short, safe key. */
  account: string | null;
}

/** A span of milliseconds as an SQL interval. */
const interval = (ms: number) => sql`(${ms} * interval '1 millisecond')`;

/** Milliseconds from a stored moment to the database's now (one clock for every instance). */
const ageMs = (column: AnyPgColumn) =>
  sql<number>`(extract(epoch from now() - ${column}) * 1000)::float8`.mapWith(Number);

/** One counter row: `address`, `account`, or `known` (an account at one of its known addresses). */
interface Counter {
  scope: 'address' | 'account' | 'known';
  key: string;
}

/**
 * The counters an attempt is held by and counted on: its address's, and its account's own, or,
 * from an address that logged into the account within KNOWN_ADDRESS_MS, that address's counter
 * for the account, which failures from elsewhere never touch (decision 0033).
 */
async function countersOf(db: Db | Tx, { address, account }: LoginAttempt): Promise<Counter[]> {
  const counters: Counter[] = [{ scope: 'address', key: address }];
  if (account === null) return counters;
  const known = await db
    .select({ account: loginKnownAddresses.account })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.account, account),
        eq(loginKnownAddresses.address, address),
        gt(loginKnownAddresses.lastAt, sql`now() - ${interval(KNOWN_ADDRESS_MS)}`),
      ),
    );
  counters.push(
    known.length > 0
      ? { scope: 'known', key: `${account} ${address}` }
      : { scope: 'account', key: account },
  );
  return counters;
}

/** The rows of `table` (failures or claims) of the given counters. */
const rowsOf = (table: typeof loginFailures | typeof loginClaims, counters: Counter[]) =>
  or(...counters.map((c) => and(eq(table.scope, c.scope), eq(table.key, c.key))));

/** The wait an account's failures impose: 1 s after the fifth, doubling, at most 15 minutes. */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_FREE_FAILURES;
  return over >= 0 ? Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** over) : 0;
}

/**
 * How long this attempt must wait before it is checked, 0 when it may go ahead: its address
 * has `addressLimit` failures in the current minute, or its account (at this address, when it
 * is a known one) failed too often lately. Whichever instance asks.
 */
export async function loginWaitMs(
  db: Db | Tx,
  attempt: LoginAttempt,
  addressLimit: number,
): Promise<number> {
  return (await waitsOf(db, await countersOf(db, attempt), addressLimit)).settled;
}

/**
 * The wait the counters' failures impose (`settled`); whether the address (`pending`) or the
 * account (`accountPending`) would hold the attempt if every attempt being checked right now
 * failed (those count as failures of this moment).
 */
async function waitsOf(
  db: Db | Tx,
  counters: Counter[],
  addressLimit: number,
): Promise<{ settled: number; pending: number; accountPending: boolean }> {
  const rows = await db
    .select({
      scope: loginFailures.scope,
      key: loginFailures.key,
      count: loginFailures.count,
      windowAge: ageMs(loginFailures.windowStart),
      lastAge: ageMs(loginFailures.lastAt),
    })
    .from(loginFailures)
    .where(rowsOf(loginFailures, counters));
  const claimed = await db
    .select({ scope: loginClaims.scope, key: loginClaims.key, n: count() })
    .from(loginClaims)
    .where(
      and(
        rowsOf(loginClaims, counters),
        gt(loginClaims.at, sql`now() - ${interval(CLAIM_LIFE_MS)}`),
      ),
    )
    .groupBy(loginClaims.scope, loginClaims.key);
  const waits = { settled: 0, pending: 0, accountPending: false };
  for (const counter of counters) {
    const row = rows.find((r) => r.scope === counter.scope && r.key === counter.key);
    const inFlight =
      claimed.find((r) => r.scope === counter.scope && r.key === counter.key)?.n ?? 0;
    if (counter.scope === 'address') {
      const failures = row && row.windowAge < MINUTE_MS ? row.count : 0;
      if (failures >= addressLimit)
        waits.settled = Math.max(waits.settled, MINUTE_MS - row!.windowAge);
      else if (failures + inFlight >= addressLimit) waits.pending = Math.max(waits.pending, 1000);
    } else {
      const failures = row && row.lastAge < ACCOUNT_MEMORY_MS ? row.count : 0;
      const wait = accountDelayMs(failures) - (row?.lastAge ?? 0);
      if (wait > 0) waits.settled = Math.max(waits.settled, wait);
      // The attempts in flight count as failures of this moment.
      else if (inFlight > 0 && accountDelayMs(failures + inFlight) > 0) {
        waits.accountPending = true;
      }
    }
  }
  return waits;
}

/**
 * Counts one failure for the attempt's address (a new window when the last began a minute
 * ago or more) and account (counting afresh after ACCOUNT_MEMORY_MS without one), in one
 * statement: failures on several instances at once are all counted.
 */
export async function recordLoginFailure(db: Db | Tx, attempt: LoginAttempt): Promise<void> {
  await recordFailure(db, await countersOf(db, attempt));
}

async function recordFailure(db: Db | Tx, counters: Counter[]): Promise<void> {
  const { scope, count, windowStart, lastAt } = loginFailures;
  const fresh = sql`CASE WHEN ${scope} = 'address'
    THEN ${windowStart} > now() - ${interval(MINUTE_MS)}
    ELSE ${lastAt} > now() - ${interval(ACCOUNT_MEMORY_MS)} END`;
  // Address before account, in every statement: concurrent ones lock rows in the same order.
  await db
    .insert(loginFailures)
    .values(counters.map((c) => ({ ...c, count: 1 })))
    .onConflictDoUpdate({
      target: [scope, loginFailures.key],
      set: {
        count: sql`CASE WHEN ${fresh} THEN ${count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${fresh} THEN ${windowStart} ELSE now() END`,
        lastAt: sql`now()`,
      },
    });
}

/** Runs `work` holding the advisory locks of the attempt's address, then of its account. */
function underLocks<T>(db: Db, attempt: LoginAttempt, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${attempt.address}))`,
    );
    if (attempt.account !== null) {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${attempt.account}))`,
      );
    }
    return work(tx);
  });
}

/** A claimed attempt (its counters and claim rows), a refusal with its wait, or "ask again". */
export type LoginClaim =
  | { kind: 'claimed'; counters: Counter[]; ids: number[] }
  | { kind: 'refused'; waitMs: number }
  | { kind: 'busy' };

/**
 * Claims an attempt before its password is checked: under advisory locks of its address and
 * its account (in that order, so claims never deadlock), reads the failures and the attempts
 * being checked (claims), and goes ahead only when all of those failing would still allow it.
 * Attempts sent together are thus checked no faster than attempts sent in turn. `refused`: the
 * failures hold it, or the account's attempts in flight would; `busy`: the address's attempts
 * in flight may hold it, ask again once they are settled (settleLoginClaim).
 */
export async function claimLoginAttempt(
  db: Db,
  attempt: LoginAttempt,
  addressLimit: number,
): Promise<LoginClaim> {
  return underLocks(db, attempt, async (tx): Promise<LoginClaim> => {
    const counters = await countersOf(tx, attempt);
    const waits = await waitsOf(tx, counters, addressLimit);
    if (waits.settled > 0) return { kind: 'refused', waitMs: waits.settled };
    // An account's sixth attempt at once waits as the sixth in turn would: 429, retry in 1 s.
    if (waits.accountPending)
      return { kind: 'refused', waitMs: accountDelayMs(ACCOUNT_FREE_FAILURES) };
    // Logins at once behind one address (a NAT) wait for the ones in flight, rarely long.
    if (waits.pending > 0) return { kind: 'busy' };
    const ids = await tx.insert(loginClaims).values(counters).returning({ id: loginClaims.id });
    return { kind: 'claimed', counters, ids: ids.map((row) => row.id) };
  });
}

/**
 * Settles a claimed attempt under the same locks: a failure is counted; a success forgets the
 * account's failures (from everywhere, and of this address when it is a known one) and
 * remembers the address as one that logged into the account; `other` (something else went
 * wrong, nothing was guessed) counts nothing. The claim ends in every case.
 */
export async function settleLoginClaim(
  db: Db,
  attempt: LoginAttempt,
  claim: { counters: Counter[]; ids: number[] },
  outcome: 'failure' | 'success' | 'other',
): Promise<void> {
  await underLocks(db, attempt, async (tx) => {
    await tx.delete(loginClaims).where(inArray(loginClaims.id, claim.ids));
    if (outcome === 'failure') await recordFailure(tx, claim.counters);
    if (outcome !== 'success' || attempt.account === null) return;
    await clearAccountFailures(tx, attempt.account, attempt.address);
    await tx
      .insert(loginKnownAddresses)
      .values({ account: attempt.account, address: attempt.address })
      .onConflictDoUpdate({
        target: [loginKnownAddresses.account, loginKnownAddresses.address],
        set: { lastAt: sql`now()` },
      });
  });
}

/**
 * A successful login forgets its account's failures from everywhere, and those of the address
 * it came from when that is a known one (never the address's own failures).
 */
export async function clearAccountFailures(
  db: Db | Tx,
  account: string,
  address?: string,
): Promise<void> {
  const ofAccount = and(eq(loginFailures.scope, 'account'), eq(loginFailures.key, account));
  await db
    .delete(loginFailures)
    .where(
      address === undefined
        ? ofAccount
        : or(
            ofAccount,
            and(eq(loginFailures.scope, 'known'), eq(loginFailures.key, `${account} ${address}`)),
          ),
    );
}

/**
 * Removes the rows that no longer count: an address whose last failure is a minute old, an
 * account whose last is ACCOUNT_MEMORY_MS old, a known address unused for KNOWN_ADDRESS_MS. Random e-mails and addresses cannot grow the
 * table beyond the failures of the last hour.
 */
export async function sweepLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginKnownAddresses)
    .where(lt(loginKnownAddresses.lastAt, sql`now() - ${interval(KNOWN_ADDRESS_MS)}`));
  await db.delete(loginClaims).where(lt(loginClaims.at, sql`now() - ${interval(CLAIM_LIFE_MS)}`));
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.lastAt, sql`now() - ${interval(MINUTE_MS)}`),
        or(
          eq(loginFailures.scope, 'address'),
          lt(loginFailures.lastAt, sql`now() - ${interval(ACCOUNT_MEMORY_MS)}`),
        ),
      ),
    );
}

function tooMany(waitMs: number): ApiError {
  return new ApiError(429, 'login.tooManyAttempts', {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/** The attempt of a request naming an e-mail (the one the call itself read), from its address. */
function attemptOf(request: FastifyRequest, email: string): LoginAttempt {
  if (email.trim() === '') return { address: addressKey(request.ip), account: null };
  const account = createHash('sha256').update(normaliseEmail(email)).digest('hex');
  return { address: addressKey(request.ip), account };
}

interface ThrottleRuntime {
  db: Db;
  addressLimit: number;
  lastSweep: number;
  /** Attempts waiting for attempts in flight (claimWhenFree). */
  waiters: Set<() => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The password-guess counters' database and limits (see countedPasswordCheck). */
    loginThrottle: ThrottleRuntime;
  }
}

/**
 * Runs a password check counted as a login attempt: failed ones are counted, successes never.
 * Per client address (LOGIN_RATE_LIMIT failures per minute; the address is the right-most one
 * not of a trusted proxy, see TRUST_PROXY) and per account (after five failures each attempt
 * waits 1 s, 2 s, 4 s … up to 15 minutes; a success clears the account; an address that logged
 * into the account within 30 days has its own count for it). A refused attempt is a 429 with
 * Retry-After and costs no password check. The attempt is claimed (counted) before the check and
 * taken back when it did not fail: guesses sent at once are held as guesses sent in turn. The account is the e-mail the call itself
 * read from its input, whatever carried it (JSON, form, multipart or query string), so no
 * transport escapes the count. `check` failing with the `failure` message is one failure.
 * The counters are rows of the database, so every instance on it shares them.
 */
export async function countedPasswordCheck<T>(
  request: FastifyRequest,
  email: string,
  failure: MessageKey,
  check: () => Promise<T>,
): Promise<T> {
  const runtime = request.server.loginThrottle;
  const { db } = runtime;
  const attempt = attemptOf(request, email);
  const claim = await claimWhenFree(runtime, attempt);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    // A refusal of the check (a store's Refused or an ApiError) with the failure's key.
    const refused = apiErrorOf(error);
    const failed = refused instanceof ApiError && refused.messageKey === failure;
    await settle(runtime, attempt, claim, failed ? 'failure' : 'other');
    if (failed && Date.now() - runtime.lastSweep >= SWEEP_EVERY_MS) {
      runtime.lastSweep = Date.now();
      await sweepLoginFailures(db);
    }
    throw error;
  }
  await settle(runtime, attempt, claim, 'success');
  return result;
}

/**
 * Claims the attempt, waiting while attempts in flight may hold it: woken when one of this
 * instance's is settled, else asking again after a growing pause (other instances' attempts).
 */
async function claimWhenFree(runtime: ThrottleRuntime, attempt: LoginAttempt) {
  const deadline = Date.now() + BUSY_WAIT_MS;
  let pause = 50;
  for (;;) {
    const claim = await claimLoginAttempt(runtime.db, attempt, runtime.addressLimit);
    if (claim.kind === 'claimed') return claim;
    if (claim.kind === 'refused') throw tooMany(claim.waitMs);
    if (Date.now() >= deadline) throw tooMany(1000);
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        runtime.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pause);
      runtime.waiters.add(wake);
    });
    pause = Math.min(pause * 2, 1000);
  }
}

async function settle(
  runtime: ThrottleRuntime,
  attempt: LoginAttempt,
  claim: { counters: Counter[]; ids: number[] },
  outcome: 'failure' | 'success' | 'other',
) {
  try {
    await settleLoginClaim(runtime.db, attempt, claim, outcome);
  } finally {
    // The longest waiting attempt here asks again now; the others at their next pause.
    const [oldest] = runtime.waiters;
    oldest?.();
  }
}

/** Makes the counters' database and limits available to countedPasswordCheck. */
export function registerLoginThrottle(app: FastifyInstance, config: Config, db: Db): void {
  app.decorate('loginThrottle', {
    db,
    addressLimit: config.loginRateLimit,
    lastSweep: 0,
    waiters: new Set<() => void>(),
  });
}
