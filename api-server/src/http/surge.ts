import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOfToken, tokenOfHeader } from '../accounts/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ApiError } from './errors';
import { filesAllowed } from './multipart';
import { noteTurnedAway, pdfCheckWaitMs } from '../uploads/pdf-inspection';

/** The longest Retry-After a shed call is given: a phone comes back within this. */
const MAX_RETRY_AFTER_SECONDS = 60;

/** An answer slower than this is logged at warn, with what it waited for. */
const SLOW_ANSWER_MS = 10_000;

/**
 * Deadline day (issue 26): a call carrying documents (submit, acknowledgement, re-upload) that
 * would wait longer than SUBMIT_MAX_WAIT_SECONDS for the PDF checks queued before it is refused
 * before its body is read, 503 `server.busy` with Retry-After: the club's phone hears at once and
 * sends again later (the club portal does so by itself, saying so), instead of waiting past its
 * own timeout for an answer that may then be lost. Retry-After is the estimated wait, spread by
 * up to a half so the shed calls do not all come back at once. Every shed call and every answer
 * slower than 10 s is logged at warn with its cause.
 *
 * A club turned away before is not turned away for ever: only when the queue is long is the
 * call's account looked up, and an account turned away twice waits in the checks' first line
 * (pdf-inspection.ts), so its own wait is that line's. Without it, 195 of 1,024 clubs were shed
 * ten times in a row on PGlite and gave up.
 */
export function shedDocumentCallsWhenBusy(app: FastifyInstance, config: Config, db: Db): void {
  const queuedAtArrival = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (filesAllowed(request) === 0) return;
    let waitMs = pdfCheckWaitMs();
    if (waitMs > config.submitMaxWaitMs) {
      const account = await accountOf(db, request);
      if (account !== undefined) {
        waitMs = pdfCheckWaitMs(account);
        if (waitMs > config.submitMaxWaitMs) noteTurnedAway(account);
      }
    }
    queuedAtArrival.set(request, waitMs);
    if (waitMs <= config.submitMaxWaitMs) return;
    const spread = 1 + Math.random() / 2;
    const retryAfter = Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil((waitMs * spread) / 1000));
    request.log.warn(
      {
        cause: 'the PDF check queue is long',
        estimatedWaitMs: waitMs,
        maxWaitMs: config.submitMaxWaitMs,
        retryAfter,
        url: request.routeOptions.url,
      },
      'call shed: server busy',
    );
    throw new ApiError(503, 'server.busy', { 'Retry-After': String(retryAfter) });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime < SLOW_ANSWER_MS) return;
    const queued = queuedAtArrival.get(request);
    request.log.warn(
      {
        cause:
          queued !== undefined && queued > 1000
            ? 'queued behind PDF checks'
            : 'slow work (database, disk or PDF checks)',
        elapsedMs: Math.round(reply.elapsedTime),
        pdfQueueAtArrivalMs: queued,
        url: request.routeOptions.url,
        statusCode: reply.statusCode,
      },
      'slow answer',
    );
  });
}

/** The account a call's token names (as the PDF checks key it), or undefined for none valid. */
async function accountOf(db: Db, request: FastifyRequest): Promise<string | undefined> {
  const token = tokenOfHeader(request.headers.authorization);
  if (!token) return undefined;
  return callerOfToken(db, token).then(
    (caller) => String(caller.userId),
    () => undefined,
  );
}
