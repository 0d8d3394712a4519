import {
  APPLICATION_FILE_FIELDS,
  applyBlocker,
  validateApplyNoc,
  type ApplicationFileField,
} from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import {
  createApplication,
  findApplicationOfClub,
  readHistory,
  toWire,
} from '../application-store';
import { requireAction, requireOwnClub } from '../auth';
import type { AppContext } from '../context';
import { readClubStatus } from '../club-store';
import { isUniqueViolation } from '../db/client';
import { ApiError } from '../errors';
import { readInput, requireId, sendOk, validationError, type UploadedFile } from '../http';
import { rememberLocale } from '../locale';
import { storeUploads } from '../uploads';

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

/** Applications: the staff list and dashboard, the club's own application, applying. */
export function registerApplicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links, listCache } = ctx;

  /** GET /apply-for-noc-list.php: every application (staff), cached, gzipped, with ETag/304. */
  app.get('/apply-for-noc-list.php', async function listApplications(request, reply) {
    await requireAction(db, request, 'viewApplications');
    const entry = await listCache.get();
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

  /** POST /my-noc.php {club_id}: the caller's own application (0 or 1 item). */
  app.post('/my-noc.php', async function getMyApplication(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields } = await readInput(request);
    const clubId = fields.club_id === undefined ? caller.clubId : requireId(fields.club_id);
    requireOwnClub(caller, clubId ?? 0);
    const found = await findApplicationOfClub(db, clubId ?? 0);
    return sendOk(reply, null, found ? [toWire(found, links)] : []);
  });

  /**
   * GET /dashboard.php: the counters as strings (SPEC §3), counted by the domain's rule from
   * the same cached rows as the list, so the two always agree.
   */
  app.get('/dashboard.php', async function getDashboardStats(request, reply) {
    await requireAction(db, request, 'viewDashboard');
    return sendOk(reply, null, (await listCache.get()).stats);
  });

  /**
   * POST /apply-for-noc.php: one application per club, files and row together. The five
   * documents come as multipart file parts (PHP-era clients) or as ids of finished resumable
   * uploads (`<field>_upload`, JSON or form), which the application's transaction uses up.
   */
  const applyFiles = { config: { uploadFiles: APPLICATION_FILE_FIELDS.length } };
  app.post('/apply-for-noc.php', applyFiles, async function applyForNoc(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields, files } = await readInput(request);
    const clubId = fields.club_id === undefined ? caller.clubId : requireId(fields.club_id);
    requireOwnClub(caller, clubId ?? 0);
    // Documents uploaded beforehand (`<field>_upload` = id) stand in for file parts.
    await app.stagedUploads.resolve(caller, fields, APPLICATION_FILE_FIELDS, files);
    const input = validateApplyNoc(fields, Object.fromEntries(files));
    if (!input.ok) throw validationError(input.message);
    const blocker = applyBlocker(
      await readClubStatus(db, caller.clubId ?? 0),
      await findApplicationOfClub(db, caller.clubId ?? 0),
    );
    if (blocker) throw new ApiError(blocker === 'applications.alreadyExists' ? 409 : 422, blocker);
    const uploads = APPLICATION_FILE_FIELDS.map((field) => files.get(field) as UploadedFile);
    // Files first, then the row: on any failure the files are removed again, and a crash in
    // between leaves only unreferenced files, which the next start removes.
    const id = await storeUploads(ctx, uploads, async (names) => {
      const stored = Object.fromEntries(
        APPLICATION_FILE_FIELDS.map((field, i) => [field, names[i] as string]),
      ) as Record<ApplicationFileField, string>;
      try {
        return await db.transaction(async (tx) => {
          // The staged uploads are used up by the same commit that creates the application.
          await app.stagedUploads.claim(tx, caller, uploads);
          // The "application received" mail is written in the language the club applies in.
          await rememberLocale(tx, caller.userId, request);
          return createApplication(tx, caller, input.value, stored, ctx.config);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'applications.alreadyExists');
        throw error;
      }
    });
    await app.stagedUploads.discard(uploads);
    const created = await findApplicationOfClub(db, caller.clubId ?? 0);
    if (!created || created.id !== id) throw new Error('application vanished after commit');
    return sendOk(reply, 'applyNoc.success', toWire(created, links), 201);
  });

  /** GET /application-history.php?id= (addition): the audit trail of one application. */
  app.get('/application-history.php', async function getApplicationHistory(request, reply) {
    await requireAction(db, request, 'viewApplications');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    return sendOk(reply, null, await readHistory(db, id, links));
  });
}
