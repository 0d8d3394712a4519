import { isPastSeasonApplication } from '@puja/domain';
import { eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lockApplication } from '../applications/application-store';
import { onApplicationTrail, recordAudit } from '../applications/audit';
import { requireAction } from '../accounts/auth';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { ApiError } from '../http/errors';
import { readInput, requireId, sendOk } from '../http/http';
import { enqueueLastSmsAgain } from './outbox';
import { readCurrentSeason } from '../seasons/season-store';

/** How often staff may send an application's last SMS again (issue 26, L5). */
export const RESEND_SMS_LIMITS = { gapMinutes: 10, perDay: 5 } as const;

/**
 * Refuses a resend within RESEND_SMS_LIMITS: 429 `sms.resendTooSoon` within 10 minutes of the
 * last, `sms.resendDailyLimit` after five in 24 hours, each with Retry-After. Counted from the
 * history ('resend_sms' entries), read under the application's row lock: staff at once are
 * counted one after the other.
 */
async function requireResendAllowed(tx: Tx, id: number): Promise<void> {
  const secondsAgo = sql<number>`extract(epoch from now() - ${auditLog.at})::float8`.mapWith(
    Number,
  );
  const resends = await tx
    .select({ secondsAgo })
    .from(auditLog)
    .where(
      onApplicationTrail(
        id,
        eq(auditLog.action, 'resend_sms'),
        gt(auditLog.at, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(auditLog.at);
  const day = 24 * 3600;
  const gap = RESEND_SMS_LIMITS.gapMinutes * 60;
  const latest = resends.at(-1);
  const retry = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
  if (latest && latest.secondsAgo < gap) {
    throw new ApiError(429, 'sms.resendTooSoon', retry(gap - latest.secondsAgo));
  }
  const oldest = resends.at(-RESEND_SMS_LIMITS.perDay);
  if (resends.length >= RESEND_SMS_LIMITS.perDay && oldest) {
    throw new ApiError(429, 'sms.resendDailyLimit', retry(day - oldest.secondsAgo));
  }
}

/** SMS calls of staff (issue 23, docs/decisions 0031). */
export function registerSmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * POST /resend-sms.php {id} (addition, staff): sends the application's last SMS again, to the
   * club's phone as it is now, through the outbox; recorded in the history ('resend_sms') with
   * the new SMS's state beside it. 404 for an unknown application; 409 `sms.resendPastSeason`
   * for a past season's; 429 within the limits (requireResendAllowed); 422 when it has no SMS
   * or its club no mobile number, 409 `sms.resendStale` when the application changed since
   * that SMS (nothing is recorded then).
   */
  app.post('/resend-sms.php', async function resendLastSms(request, reply) {
    const caller = await requireAction(db, request, 'resendSms');
    const id = requireId((await readInput(request)).fields.id);
    await db.transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!application) throw new ApiError(404, 'applications.notFound');
      if (isPastSeasonApplication(application, (await readCurrentSeason(tx)).year)) {
        throw new ApiError(409, 'sms.resendPastSeason');
      }
      await requireResendAllowed(tx, id);
      const auditId = await recordAudit(tx, caller, {
        action: 'resend_sms',
        entity: 'application',
        entityId: id,
      });
      const resent = await enqueueLastSmsAgain(tx, { id, clubId: application.club_id }, auditId);
      if (resent === 'stale') throw new ApiError(409, 'sms.resendStale');
      if (resent === 'none') throw new ApiError(422, 'sms.nothingToResend');
    });
    return sendOk(reply, 'sms.resendQueued');
  });
}
