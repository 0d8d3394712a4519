import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import { requireAction } from '../auth';
import type { AppContext } from '../context';
import { applications } from '../db/schema';
import { ApiError } from '../errors';
import { readInput, requireId, sendOk } from '../http';
import { enqueueLastSmsAgain } from '../outbox';

/** SMS calls of staff (issue 23, docs/decisions 0031). */
export function registerSmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * POST /resend-sms.php {id} (addition, staff): sends the application's last SMS again, to the
   * club's phone as it is now, through the outbox; recorded in the history ('resend_sms') with
   * the new SMS's state beside it. 404 for an unknown application, 422 when it has no SMS or
   * its club no mobile number (nothing is recorded then).
   */
  app.post('/resend-sms.php', async function resendLastSms(request, reply) {
    const caller = await requireAction(db, request, 'resendSms');
    const id = requireId((await readInput(request)).fields.id);
    await db.transaction(async (tx) => {
      const [application] = await tx
        .select({ id: applications.id, clubId: applications.clubId })
        .from(applications)
        .where(eq(applications.id, id))
        .for('update');
      if (!application) throw new ApiError(404, 'applications.notFound');
      const auditId = await recordAudit(tx, caller, {
        action: 'resend_sms',
        entity: 'application',
        entityId: id,
      });
      if (!(await enqueueLastSmsAgain(tx, application, auditId))) {
        throw new ApiError(422, 'sms.nothingToResend');
      }
    });
    return sendOk(reply, 'sms.resendQueued');
  });
}
