import { createHash } from 'node:crypto';
import { normaliseEmail, type MessageKey } from '@puja/domain';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from './client-address';
import type { Config } from './config';
import type { Db } from './db/client';
import { loginFailures } from './db/schema';
import { ApiError } from './errors';

const MINUTE_MS = 60_000;
/** Failures an account may have before each further attempt must wait. */
const ACCOUNT_FREE_FAILURES = 5;
/** The wait doubles with every failure past the free ones, up to this. */
const ACCOUNT_MAX_DELAY_MS = 15 * MINUTE_MS;
/** An account's failures are forgotten after this long without a new one. */
const ACCOUNT_MEMORY_MS = 60 * MINUTE_MS;
/** How often one instance sweeps rows past their use (after a failure, never on a timer). */
const SWEEP_EVERY_MS = MINUTE_MS;

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

/** The rows of an attempt's address and account. */
function rowsOf({ address, account }: LoginAttempt) {
  const ofAddress = and(eq(loginFailures.scope, 'address'), eq(loginFailures.key, address));
  if (account === null) return ofAddress;
  return or(ofAddress, and(eq(loginFailures.scope, 'account'), eq(loginFailures.key, account)));
}

/** The wait an account's failures impose: 1 s after the fifth, doubling, at most 15 minutes. */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_FREE_FAILURES;
  return over >= 0 ? Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** over) : 0;
}

/**
 * How long this attempt must wait before it is checked, 0 when it may go ahead: its address
 * has `addressLimit` failures in the current minute, or its account failed too often lately.
 * One small query, whichever instance asks.
 */
export async function loginWaitMs(
  db: Db,
  attempt: LoginAttempt,
  addressLimit: number,
): Promise<number> {
  const rows = await db
    .select({
      scope: loginFailures.scope,
      count: loginFailures.count,
      windowAge: ageMs(loginFailures.windowStart),
      lastAge: ageMs(loginFailures.lastAt),
    })
    .from(loginFailures)
    .where(rowsOf(attempt));
  let wait = 0;
  for (const row of rows) {
    if (row.scope === 'address' && row.windowAge < MINUTE_MS && row.count >= addressLimit) {
      wait = Math.max(wait, MINUTE_MS - row.windowAge);
    }
    if (row.scope === 'account' && row.lastAge < ACCOUNT_MEMORY_MS) {
      wait = Math.max(wait, accountDelayMs(row.count) - row.lastAge);
    }
  }
  return wait;
}

/**
 * Counts one failure for the attempt's address (a new window when the last began a minute
 * ago or more) and account (counting afresh after ACCOUNT_MEMORY_MS without one), in one
 * statement: failures on several instances at once are all counted.
 */
export async function recordLoginFailure(db: Db, attempt: LoginAttempt): Promise<void> {
  const { scope, count, windowStart, lastAt } = loginFailures;
  const fresh = sql`CASE WHEN ${scope} = 'address'
    THEN ${windowStart} > now() - ${interval(MINUTE_MS)}
    ELSE ${lastAt} > now() - ${interval(ACCOUNT_MEMORY_MS)} END`;
  // Address before account, in every statement: concurrent ones lock rows in the same order.
  const rows = [{ scope: 'address', key: attempt.address, count: 1 }];
  if (attempt.account !== null) rows.push({ scope: 'account', key: attempt.account, count: 1 });
  await db
    .insert(loginFailures)
    .values(rows)
    .onConflictDoUpdate({
      target: [scope, loginFailures.key],
      set: {
        count: sql`CASE WHEN ${fresh} THEN ${count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${fresh} THEN ${windowStart} ELSE now() END`,
        lastAt: sql`now()`,
      },
    });
}

/** A successful login forgets its account's failures (never its address's). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.scope, 'account'), eq(loginFailures.key, account)));
}

/**
 * Removes the rows that no longer count: an address whose last failure is a minute old, an
 * account whose last is ACCOUNT_MEMORY_MS old. Random e-mails and addresses cannot grow the
 * table beyond the failures of the last hour.
 */
export async function sweepLoginFailures(db: Db): Promise<void> {
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
 * waits 1 s, 2 s, 4 s … up to 15 minutes; a success clears the account). A refused attempt is a
 * 429 with Retry-After and costs no password check. The account is the e-mail the call itself
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
  const wait = await loginWaitMs(db, attempt, runtime.addressLimit);
  if (wait > 0) throw tooMany(wait);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === failure) {
      await recordLoginFailure(db, attempt);
      if (Date.now() - runtime.lastSweep >= SWEEP_EVERY_MS) {
        runtime.lastSweep = Date.now();
        await sweepLoginFailures(db);
      }
    }
    throw error;
  }
  if (attempt.account !== null) await clearAccountFailures(db, attempt.account);
  return result;
}

/** Makes the counters' database and limits available to countedPasswordCheck. */
export function registerLoginThrottle(app: FastifyInstance, config: Config, db: Db): void {
  app.decorate('loginThrottle', { db, addressLimit: config.loginRateLimit, lastSweep: 0 });
}
