import { normaliseEmail } from '@puja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { ApiError } from './errors';

/** The calls whose failures are counted (a wrong password answers 401). */
const LOGIN_PATHS = new Set(['/admin-login.php', '/club-login.php']);

const MINUTE_MS = 60_000;
/** Failures an account may have before each further attempt must wait. */
const ACCOUNT_FREE_FAILURES = 5;
/** The wait doubles with every failure past the free ones, up to this. */
const ACCOUNT_MAX_DELAY_MS = 15 * MINUTE_MS;
/** An account's failures are forgotten after this long without a new one. */
const ACCOUNT_MEMORY_MS = 60 * MINUTE_MS;
/** Past this many tracked keys, expired ones are swept (random e-mails cannot grow memory). */
const SWEEP_AT = 10_000;

interface AccountFailures {
  count: number;
  last: number;
  /** No attempt is checked before this moment. */
  until: number;
}

function tooMany(waitMs: number): ApiError {
  return new ApiError(429, 'login.tooManyAttempts', {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

function accountOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? normaliseEmail(email) : null;
}

/**
 * Failed logins are counted, successes never: per client address (LOGIN_RATE_LIMIT failures
 * per minute; the address is the right-most one not of a trusted proxy, see TRUST_PROXY) and
 * per account (after five failures each attempt waits 1 s, 2 s, 4 s … up to 15 minutes; a
 * success clears the account). A refused attempt is a 429 with Retry-After and costs no
 * password check. The counters live in the instance's memory: behind N instances an address
 * or account gets at most N times the allowance.
 */
export function registerLoginThrottle(app: FastifyInstance, config: Config): void {
  const addresses = new Map<string, number[]>();
  const accounts = new Map<string, AccountFailures>();

  function recentFailures(address: string, now: number): number[] {
    const recent = (addresses.get(address) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length === 0) addresses.delete(address);
    else addresses.set(address, recent);
    return recent;
  }

  function sweep(now: number): void {
    if (addresses.size > SWEEP_AT) for (const key of addresses.keys()) recentFailures(key, now);
    if (accounts.size > SWEEP_AT) {
      for (const [key, state] of accounts) {
        if (state.last < now - ACCOUNT_MEMORY_MS) accounts.delete(key);
      }
    }
  }

  app.addHook('preHandler', async (request) => {
    if (!LOGIN_PATHS.has(request.routeOptions.url ?? '')) return;
    const now = Date.now();
    const recent = recentFailures(request.ip, now);
    if (recent.length >= config.loginRateLimit) {
      throw tooMany((recent[0] ?? now) + MINUTE_MS - now);
    }
    const account = accountOf(request);
    const state = account ? accounts.get(account) : undefined;
    if (state && state.until > now) throw tooMany(state.until - now);
  });

  // Before the answer leaves, so the client's next attempt already sees it.
  app.addHook('onSend', async (request, reply) => {
    if (!LOGIN_PATHS.has(request.routeOptions.url ?? '')) return;
    const account = accountOf(request);
    if (reply.statusCode === 200) {
      if (account) accounts.delete(account);
      return;
    }
    if (reply.statusCode !== 401) return;
    const now = Date.now();
    addresses.set(request.ip, [...recentFailures(request.ip, now), now]);
    if (account) {
      const previous = accounts.get(account);
      const count = previous && previous.last > now - ACCOUNT_MEMORY_MS ? previous.count + 1 : 1;
      const over = count - ACCOUNT_FREE_FAILURES;
      const delay = over >= 0 ? Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** over) : 0;
      accounts.set(account, { count, last: now, until: now + delay });
    }
    sweep(now);
  });
}
