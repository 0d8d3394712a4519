import { successKeyOf, validateUploadFile } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { requireAction } from '../accounts/auth';
import type { AppContext } from '../context';
import { readInput, sendOk, validationError } from '../http/http';
import { Refused } from '../refused';
import { storeUploads } from '../uploads/uploads';
import { decideOneAppeal, fileClubAppeal, listAppeals, type ListedAppeal } from './appeal-store';

/**
 * Appeals (issue 30, decision 0047): the club files one against a refusal of its application
 * (with one optional document), the Appellate Officer lists and decides them.
 */
export function registerAppealRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links, config } = ctx;

  /** An appeal of the work list with its club's document as a signed link. */
  const onWire = (appeal: ListedAppeal) => ({
    ...appeal,
    document: appeal.document
      ? links.forApplication(appeal.application_id, ctx.now())(appeal.document)
      : null,
  });

  /**
   * POST /file-appeal.php (multipart or form) {application_id, ground, referral_id?, reason,
   * document?}: the owning club appeals within the window. The document is stored only for an
   * appeal that is accepted (a refused one removes it again).
   */
  app.post(
    '/file-appeal.php',
    { config: { uploadFiles: 1 } },
    async function fileAppeal(request, reply) {
      const caller = await requireAction(db, request, 'fileAppeal');
      const { fields, files } = await readInput(request);
      if ([...files.keys()].some((key) => key !== 'document')) {
        throw new Refused('validation.invalidRequest', 'input');
      }
      const file = files.get('document');
      const problem = file ? validateUploadFile(file) : null;
      if (problem) throw validationError(problem);
      const file_ = (document: string | null) =>
        db.transaction((tx) =>
          fileClubAppeal(tx, caller, config, { fields, document }, ctx.now(), config.appeals),
        );
      const { appeal, event } = file
        ? await storeUploads(ctx, caller.userId, [file], ([name]) => file_(name ?? null))
        : await file_(null);
      return sendOk(reply, successKeyOf(event), appeal, 201);
    },
  );

  /** POST /decide-appeal.php {id, decision: allow|dismiss, reason, days?} (the Appellate Officer). */
  app.post('/decide-appeal.php', async function decideAppeal(request, reply) {
    const caller = await requireAction(db, request, 'decideAppeal');
    const { fields } = await readInput(request);
    const { appeal, event } = await db.transaction((tx) =>
      decideOneAppeal(tx, caller, config, fields, ctx.now()),
    );
    return sendOk(reply, successKeyOf(event), appeal);
  });

  /** GET /list-appeals.php?year= : the appeals of a season (every one without a year). */
  app.get('/list-appeals.php', async function listAllAppeals(request, reply) {
    await requireAction(db, request, 'decideAppeal');
    const { year } = request.query as { year?: string };
    const season = year !== undefined && /^\d{4}$/.test(year) ? Number(year) : null;
    return sendOk(reply, null, (await listAppeals(db, season)).map(onWire));
  });
}
