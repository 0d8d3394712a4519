import type { FastifyInstance } from 'fastify';
import { requireAction } from '../accounts/auth';
import type { AppContext } from '../context';
import { readInput, sendOk } from '../http/http';
import { listServiceStandards, updateServiceStandard } from './service-standard-store';

/**
 * The service standards (issue 30): the public charter (the club portal's /service-standards and
 * the staff screen read it), and admin's changes, audited.
 */
export function registerServiceStandardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** GET /list-service-standards.php (public): every step's days, who decides, who hears appeals. */
  app.get('/list-service-standards.php', async function listStandards(_request, reply) {
    return sendOk(reply, null, await listServiceStandards(db));
  });

  /** POST /update-service-standard.php {step, agency_id?, days, appellate_user_id} (admin). */
  app.post('/update-service-standard.php', async function updateStandard(request, reply) {
    const caller = await requireAction(db, request, 'manageServiceStandards');
    const { fields } = await readInput(request);
    await updateServiceStandard(db, caller, fields);
    return sendOk(reply, 'standards.updated', null);
  });
}
