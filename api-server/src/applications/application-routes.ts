import {
  EVENTS,
  APPLICATION_FILE_FIELDS,
  applyBlocker,
  applyWindowBlocker,
  canCarryOverLandDocument,
  validateApplyNoc,
  type Application,
  type ApplicationFileField,
  type Season,
} from '@puja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationsOfClub,
  createApplication,
  findApplication,
  findApplicationOfClub,
  readHistory,
  toWire,
  withRowExtras,
} from './application-store';
import { approvalDates } from './audit';
import { requireAction, requireOwnClub, type Caller } from '../accounts/auth';
import { appealableOf } from '../appeals/appeal-store';
import type { AppContext } from '../context';
import { readClubStatus } from '../accounts/club-store';
import { isUniqueViolation } from '../db/client';
import { ApiError } from '../http/errors';
import { readInput, requireId, sendOk, validationError, type UploadedFile } from '../http/http';
import { rememberLocale } from '../http/locale';
import { readCurrentSeason, readSeason } from '../seasons/season-store';
import { onceForTheseUploads } from '../uploads/staged-uploads';
import { copyStoredFile, storeUploads } from '../uploads/uploads';
import type { Db } from '../db/client';

/** The q-value a client gives a content coding (RFC 9110 §12.5.3); 1 when it gives none. */
function qualityOf(params: string[]): number {
  const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
  return q === undefined ? 1 : Number(q.slice(2)) || 0;
}

/** Whether Accept-Encoding allows gzip: named, or by `*`, with a q-value above 0. */
function acceptsGzip(header: string | undefined): boolean {
  const codings = new Map<string, number>();
  for (const entry of (header ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = entry.split(';');
    codings.set(coding.trim(), qualityOf(params));
  }
  return (codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*') ?? 0) > 0;
}

/**
 * The season a staff call asks for: `?year=` (or `year` in the body) when given, which must be a
 * season (404 otherwise), else the current one.
 */
async function requestedSeason(db: Db, fields: Record<string, unknown>): Promise<Season> {
  if (fields.year === undefined || fields.year === '') return readCurrentSeason(db);
  const year = requireId(fields.year);
  const season = await readSeason(db, year);
  if (!season) throw new ApiError(404, 'seasons.notFound');
  return season;
}

/**
 * The earlier application whose land document a renewal carries over (`land_document_from`):
 * the club's own, of an earlier season, with the same land type and its documents still kept
 * (422 `applyNoc.landDocumentNotReusable` otherwise; 403 for another club's).
 */
async function landDocumentSource(
  db: Db,
  caller: Caller,
  from: unknown,
  next: { landType: Application['land_type']; currentYear: number },
): Promise<Application | null> {
  if (from === undefined || from === '' || from === null) return null;
  const previous = await findApplication(db, requireId(from));
  if (!previous) throw new ApiError(422, 'applyNoc.landDocumentNotReusable');
  requireOwnClub(caller, previous.club_id);
  const allowed = canCarryOverLandDocument(previous, { clubId: caller.clubId ?? 0, ...next });
  if (!allowed) throw new ApiError(422, 'applyNoc.landDocumentNotReusable');
  return previous;
}

/**
 * Per file field, the photos each document of pages was built of (issue 31; fields sent as one
 * file are left out): what the application's audit entry names.
 * @example cameraPagesOf(['puja_budget'], files) // { puja_budget: 3 }
 */
function cameraPagesOf(
  fields: readonly ApplicationFileField[],
  files: Map<string, UploadedFile>,
): Record<string, number> {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const pages = files.get(field)?.pages;
      return pages ? [[field, pages.length]] : [];
    }),
  );
}

/** Applications: the staff list and dashboard, the club's own application, applying. */
export function registerApplicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerReadingRoutes(app, ctx);
  registerApplyRoute(app, ctx);
}

/** What staff and the club read of applications: lists, the dashboard, histories. */
function registerReadingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links, listCache } = ctx;

  /**
   * GET /apply-for-noc-list.php[?year=]: every application of the current season (or the one
   * asked for) for staff; cached per season, gzipped, with an ETag per season and 304.
   */
  app.get('/apply-for-noc-list.php', async function listApplications(request, reply) {
    await requireAction(db, request, 'viewApplications');
    const season = await requestedSeason(db, (await readInput(request)).fields);
    const entry = await listCache.get(season.year);
    reply
      .header('ETag', entry.etag)
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Accept-Encoding, Authorization');
    const match = request.headers['if-none-match'];
    if (typeof match === 'string' && match.split(/\s*,\s*/).includes(entry.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('Content-Encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.json);
  });

  /**
   * POST /my-noc.php {club_id}: the caller's application of the current season only (0 or 1
   * item): a client reading `data[0]` never takes last season's for this one's.
   */
  app.post('/my-noc.php', async function getMyApplication(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields } = await readInput(request);
    const clubId = fields.club_id === undefined ? caller.clubId : requireId(fields.club_id);
    requireOwnClub(caller, clubId ?? 0);
    const season = await readCurrentSeason(db);
    const found = await findApplicationOfClub(db, clubId ?? 0, season.year);
    // Issue 27: with the date each document was approved, for the club's tracker.
    // Issue 30: with its clocks and appeals, and what the club may appeal now (until when).
    const [withDepartments] = found ? await withRowExtras(db, [found]) : [];
    const appealable = withDepartments
      ? await appealableOf(db, withDepartments, ctx.now(), ctx.config.appeals)
      : [];
    const wire = withDepartments
      ? [
          {
            ...toWire(withDepartments, links),
            ...(await approvalDates(db, withDepartments.id)),
            ...(appealable.length > 0 ? { appealable } : {}),
          },
        ]
      : [];
    return sendOk(reply, null, wire);
  });

  /** POST /my-noc-history.php {club_id} (addition): the club's application of every season, newest first. */
  app.post('/my-noc-history.php', async function getMyApplicationHistory(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields } = await readInput(request);
    const clubId = fields.club_id === undefined ? caller.clubId : requireId(fields.club_id);
    requireOwnClub(caller, clubId ?? 0);
    const all = await withRowExtras(db, await applicationsOfClub(db, clubId ?? 0));
    return sendOk(
      reply,
      null,
      all.map((found) => toWire(found, links)),
    );
  });

  /**
   * GET /dashboard.php[?year=]: the counters of the current season (or the one asked for) as
   * strings (SPEC §3), counted by the domain's rule from the same cached rows as the list.
   */
  app.get('/dashboard.php', async function getDashboardStats(request, reply) {
    await requireAction(db, request, 'viewDashboard');
    const season = await requestedSeason(db, (await readInput(request)).fields);
    return sendOk(reply, null, (await listCache.get(season.year)).stats);
  });

  /** GET /application-history.php?id= (addition): the audit trail of one application. */
  app.get('/application-history.php', async function getApplicationHistory(request, reply) {
    await requireAction(db, request, 'viewApplications');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    return sendOk(reply, null, await readHistory(db, id, links));
  });
}

/** A club applies (POST /apply-for-noc.php). */
function registerApplyRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, links } = ctx;

  /**
   * POST /apply-for-noc.php: one application per club and season, in the current season
   * while its window is open; files and row together. The five documents come as multipart
   * file parts (PHP-era clients) or as ids of finished resumable uploads (`<field>_upload`,
   * JSON or form), which the application's transaction uses up. A renewal may name an earlier
   * application in `land_document_from` instead of sending a land document: its land document
   * is copied as the new application's own version. Sent again with the same upload ids (a
   * phone that lost the answer, or a twin at once), it answers the application saved first.
   */
  const applyFiles = { config: { uploadFiles: APPLICATION_FILE_FIELDS.length } };
  app.post('/apply-for-noc.php', applyFiles, async function applyForNoc(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields, files } = await readInput(request);
    const clubId = fields.club_id === undefined ? caller.clubId : requireId(fields.club_id);
    requireOwnClub(caller, clubId ?? 0);
    // The success of the application's event (its first answer and a repeat's alike).
    const answer = (application: Application) =>
      sendOk(reply, EVENTS.applicationReceived.success, toWire(application, links), 201);
    const what = { caller, fields, fileFields: APPLICATION_FILE_FIELDS, call: 'apply' as const };
    return onceForTheseUploads(
      ctx.stagedUploads,
      request,
      what,
      async () => answer(await apply(caller, fields, files, request)),
      async (id) => answer((await findApplication(db, id)) as Application),
    );
  });

  /** The work of an application's first submit (apply-for-noc.php); the created application. */
  async function apply(
    caller: Caller,
    fields: Record<string, unknown>,
    files: Map<string, UploadedFile>,
    request: FastifyRequest,
  ): Promise<Application> {
    // Documents uploaded beforehand (`<field>_upload` = id) stand in for file parts.
    await ctx.stagedUploads.resolve(caller, fields, APPLICATION_FILE_FIELDS, files);
    const carried = fields.land_document_from !== undefined && fields.land_document_from !== '';
    const input = validateApplyNoc(fields, Object.fromEntries(files), {
      landDocumentCarriedOver: carried,
    });
    if (!input.ok) throw validationError(input.message);
    const season = await readCurrentSeason(db);
    const closed = applyWindowBlocker(season, ctx.now());
    if (closed) throw new ApiError(422, closed);
    const blocker = applyBlocker(
      await readClubStatus(db, caller.clubId ?? 0),
      await findApplicationOfClub(db, caller.clubId ?? 0, season.year),
    );
    if (blocker) throw new ApiError(blocker === 'applications.alreadyExists' ? 409 : 422, blocker);
    const source = await landDocumentSource(db, caller, fields.land_document_from, {
      landType: input.value.land_type,
      currentYear: season.year,
    });
    const sent = source
      ? APPLICATION_FILE_FIELDS.filter((field) => field !== 'load_agreement_image')
      : APPLICATION_FILE_FIELDS;
    const uploads = sent.map((field) => files.get(field) as UploadedFile);
    // Files first, then the row: on any failure the files are removed again, and a crash in
    // between leaves only unreferenced files, which the next start removes.
    const id = await storeUploads(ctx, caller.userId, uploads, async (names) => {
      const stored = Object.fromEntries(sent.map((field, i) => [field, names[i] as string]));
      let copy: string | null = null;
      if (source) {
        copy = await copyStoredFile(ctx.storage, source.load_agreement_image ?? '');
        if (copy === null) throw new ApiError(422, 'applyNoc.landDocumentNotReusable');
        stored.load_agreement_image = copy;
      }
      try {
        return await db.transaction(async (tx) => {
          // The "application received" mail is written in the language the club applies in.
          await rememberLocale(tx, caller.userId, request);
          const created = await createApplication(
            tx,
            caller,
            {
              year: season.year,
              fields: input.value,
              stored: stored as Record<ApplicationFileField, string>,
              landDocumentFrom: source,
              cameraPages: cameraPagesOf(sent, files),
            },
            ctx.config,
          );
          // The staged uploads are used up by the same commit that creates the application.
          await ctx.stagedUploads.claim(tx, caller, uploads, {
            call: 'apply',
            applicationId: created,
          });
          return created;
        });
      } catch (error) {
        if (copy !== null) await ctx.storage.remove(copy);
        if (isUniqueViolation(error)) throw new ApiError(409, 'applications.alreadyExists');
        throw error;
      }
    });
    await ctx.stagedUploads.discard(uploads);
    const created = await findApplicationOfClub(db, caller.clubId ?? 0, season.year);
    if (!created || created.id !== id) throw new Error('application vanished after commit');
    return created;
  }
}
