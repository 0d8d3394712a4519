import type { FastifyInstance } from 'fastify';
import { requireAction } from '../auth';
import type { AppContext } from '../context';
import { readInput, sendOk } from '../http';
import { addSeason, readSeasonsWithState, updateSeason } from '../season-store';

/**
 * Seasons (issue 20, decision 0029): the public list (the club portal reads it before login),
 * and opening, re-dating and closing seasons (admin and chairman, audited).
 */
export function registerSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** GET /list-seasons.php (public): every season with its state today, newest first. */
  app.get('/list-seasons.php', async function listSeasons(_request, reply) {
    return sendOk(reply, null, await readSeasonsWithState(db, ctx.now()));
  });

  /** POST /add-season.php {year, opens_on, closes_on?, puja_starts_on?}: the next season. */
  app.post('/add-season.php', async function addNextSeason(request, reply) {
    const caller = await requireAction(db, request, 'manageSeasons');
    const { fields } = await readInput(request);
    const season = await addSeason(db, caller, fields, ctx.config);
    const [listed] = (await readSeasonsWithState(db, ctx.now())).filter(
      (s) => s.year === season.year,
    );
    return sendOk(reply, 'seasons.added', listed, 201);
  });

  /** POST /update-season.php {year, opens_on, closes_on?, puja_starts_on?}: new dates. */
  app.post('/update-season.php', async function updateSeasonDates(request, reply) {
    const caller = await requireAction(db, request, 'manageSeasons');
    const { fields } = await readInput(request);
    const season = await updateSeason(db, caller, fields, ctx.config);
    const [listed] = (await readSeasonsWithState(db, ctx.now())).filter(
      (s) => s.year === season.year,
    );
    return sendOk(reply, 'seasons.updated', listed);
  });
}
