import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** GET /health: the process is up and the database answers. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', { config: { rateLimit: false } }, async function health(_request, reply) {
    await ctx.db.execute(sql`select 1`);
    return reply.send({ status: 'ok' });
  });
}
