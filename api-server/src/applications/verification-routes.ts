import { NOT_VALID, parseVerificationCode, verificationOf } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { findApplicationByVerificationCode } from './application-store';
import type { AppContext } from '../context';
import { sendOk } from '../http/http';
import { referralsOf } from '../departments/referral-store';

/** The public verification call: rate-limited per client address (VERIFY_RATE_LIMIT). */
export const VERIFY_PATH = '/verify-noc.php';

/** Public verification of an issued NOC's certificate (issue 12, docs/decisions/0022). */
export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  /**
   * GET /verify-noc.php?code= (addition, no login): the facts printed on a valid certificate,
   * else `{ valid: false }`, the same bytes for an unknown, malformed or withdrawn code. A
   * malformed code still costs the one lookup (of '', which no row holds), so the time says
   * nothing either; there is no call that lists codes.
   */
  app.get(
    VERIFY_PATH,
    { config: { rateLimit: { max: config.verifyRateLimit, timeWindow: '1 minute' } } },
    async function verifyNoc(request, reply) {
      const given = (request.query as Record<string, unknown> | undefined)?.code;
      const code = parseVerificationCode(given) ?? '';
      const found = await findApplicationByVerificationCode(db, code);
      // A withdrawal takes effect at once: no cache may keep a "valid".
      reply.header('Cache-Control', 'no-store');
      // Issue 29: with the clearances of other departments and their conditions.
      const departments = found ? ((await referralsOf(db, [found.id])).get(found.id) ?? []) : [];
      return sendOk(reply, null, found ? verificationOf(found, departments) : NOT_VALID);
    },
  );
}
