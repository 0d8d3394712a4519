import { successKeyOf, type ChangeEvent, type Season } from '@puja/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireAction } from '../accounts/auth';
import type { AppContext } from '../context';
import { readInput, sendOk } from '../http/http';
import { closeSeasonReview, readOpenApplications } from './season-review-store';
import { changeSeason, readSeasonsWithState } from './season-store';

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

  /** The answer to a season change: its event's message and the season as the list shows it. */
  async function answerSeasonChange(
    reply: FastifyReply,
    changed: { season: Season; event: ChangeEvent },
    statusCode?: number,
  ) {
    const [listed] = (await readSeasonsWithState(db, ctx.now())).filter(
      (s) => s.year === changed.season.year,
    );
    return sendOk(reply, successKeyOf(changed.event), listed, statusCode);
  }

  /** POST /add-season.php {year, opens_on, closes_on?, puja_starts_on?}: the next season. */
  app.post('/add-season.php', async function addSeason(request, reply) {
    const caller = await requireAction(db, request, 'manageSeasons');
    const { fields } = await readInput(request);
    return answerSeasonChange(
      reply,
      await changeSeason(db, caller, 'add', fields, ctx.config),
      201,
    );
  });

  /** POST /update-season.php {year, opens_on, closes_on?, puja_starts_on?}: new dates. */
  app.post('/update-season.php', async function updateSeason(request, reply) {
    const caller = await requireAction(db, request, 'manageSeasons');
    const { fields } = await readInput(request);
    return answerSeasonChange(reply, await changeSeason(db, caller, 'update', fields, ctx.config));
  });

  /**
   * GET /season-open-applications.php (staff): each season's applications still open (not
   * decided), by step, newest season first (issue 27: what a season change leaves open).
   */
  app.get('/season-open-applications.php', async function listOpenApplications(request, reply) {
    await requireAction(db, request, 'viewDashboard');
    return sendOk(reply, null, await readOpenApplications(db));
  });

  /**
   * POST /close-season-review.php {year, reason} (admin, chairman): ends the review of a closed
   * season; its undecided applications become read-only and their clubs are mailed.
   */
  app.post('/close-season-review.php', async function closeReview(request, reply) {
    const caller = await requireAction(db, request, 'manageSeasons');
    const { fields } = await readInput(request);
    const { event, closed } = await closeSeasonReview(db, caller, fields, ctx.now(), ctx.config);
    return sendOk(reply, successKeyOf(event), closed);
  });
}
