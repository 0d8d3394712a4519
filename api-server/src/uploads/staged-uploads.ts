import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type KvStore, type Upload } from '@tus/server';
import {
  APPLICATION_FILE_FIELDS,
  CONTENT_TYPE_OF_KIND,
  detectFileKind,
  type MessageKey,
} from '@puja/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { callerOfToken, tokenOfHeader, type Caller } from '../accounts/auth';
import { addressKey } from '../http/client-address';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { stagedUploads, usedUploads, users } from '../db/schema';
import { ApiError, type AnswerKey } from '../http/errors';
import { messageFields } from '../http/http';
import { createSlots, readHead, type UploadedFile } from '../http/multipart';
import { PdfChecksBusy } from './pdf-inspection';
import { checkedKind } from './uploads';

/** Where resumable uploads are served; a finished one is `/uploads/<id>`. */
export const UPLOADS_PATH = '/uploads';

/** An upload's id: 128 random bits as 32 hex characters; nothing else is looked up. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The form field that names a staged upload in place of a file part: `<file field>_upload`. */
export const uploadFieldOf = (fileField: string) => `${fileField}_upload`;

/**
 * The tus metadata store (`<id>.json` beside the bytes), written as temp file + rename: a
 * process killed mid-write leaves the previous version (or none), never half a JSON file.
 */
class AtomicConfigstore implements KvStore<Upload> {
  constructor(private readonly directory: string) {}
  private path(key: string): string {
    if (!UPLOAD_ID.test(key)) throw new ApiError(404, 'upload.notFound');
    return join(this.directory, `${key}.json`);
  }
  async get(key: string): Promise<Upload | undefined> {
    try {
      return JSON.parse(await readFile(this.path(key), 'utf8')) as Upload;
    } catch {
      return undefined;
    }
  }
  async set(key: string, value: Upload): Promise<void> {
    const path = this.path(key);
    const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(value), { mode: 0o600 });
    await rename(temp, path);
  }
  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** A refusal in the common answer shape, as the tus server sends errors (status and body). */
function tusRefusal(status: number, key: AnswerKey) {
  return {
    status_code: status,
    body: JSON.stringify({ success: false, status: false, ...messageFields(key) }),
  };
}

/** The tus server's own errors in our shape, by status (its texts are for developers). */
const KEY_OF_TUS_STATUS: Readonly<Record<number, MessageKey>> = {
  404: 'upload.notFound',
  410: 'upload.notFound',
  409: 'upload.incomplete',
  413: 'validation.fileTooLarge',
  423: 'server.rateLimited',
  429: 'server.rateLimited',
};

/** Our key for any status the tus server answers: never its own text (issue 26). */
function keyOfTusStatus(status: number): MessageKey {
  return (
    KEY_OF_TUS_STATUS[status] ?? (status >= 500 ? 'server.error' : 'validation.invalidRequest')
  );
}

/**
 * Resumable uploads in flight per account: one per document an account may be uploading at
 * once (the five of the application and the acknowledgement). They count against the client
 * address's UPLOADS_PER_ADDRESS with multipart uploads.
 */
const STAGED_IN_FLIGHT_PER_ACCOUNT = APPLICATION_FILE_FIELDS.length + 1;

/** The client and the slots one request to /uploads/ holds, released when it ends. */
interface InFlight {
  address: string;
  releases: (() => void)[];
}

/** The calls that use staged uploads up (what a repeat of one answers, see `previousUse`). */
export type UploadCall = 'apply' | 'acknowledgement' | 'reupload';

export interface StagedUploads {
  /**
   * The staged uploads a call names (`<field>_upload` = id) for the given file fields, as files
   * beside the multipart ones: each must be the caller's (else 404, as for an unknown id) and
   * complete (409). A field with both a file part and an upload id is refused (400).
   */
  resolve(
    caller: Caller,
    fields: Record<string, unknown>,
    fileFields: readonly string[],
    files: Map<string, UploadedFile>,
  ): Promise<void>;
  /**
   * Takes the staged uploads of these files inside the call's transaction (their rows go with
   * the change that stores them, which is remembered as their use); refused (404) when another
   * call took one first.
   */
  claim(
    tx: Tx,
    caller: Caller,
    files: Iterable<UploadedFile>,
    use: { call: UploadCall; applicationId: number },
  ): Promise<void>;
  /**
   * The application a call of this kind already changed with exactly the upload ids these
   * fields name (the caller's own, used within the staged-upload TTL), or null: a repeat of a
   * call whose answer was lost (issue 26) is answered with it instead of 404 or 409.
   */
  previousUse(
    caller: Caller,
    fields: Record<string, unknown>,
    fileFields: readonly string[],
    call: UploadCall,
  ): Promise<number | null>;
  /** After the commit: removes the claimed uploads' bytes (the sweeper would, later). */
  discard(files: Iterable<UploadedFile>): Promise<void>;
  /** Removes expired uploads and files no row names; the count removed. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resumable uploads waiting to be used by a call (see staged-uploads.ts). */
    stagedUploads: StagedUploads;
  }
}

/**
 * Runs a call that uses staged uploads up, unless it repeats one already done with the same
 * upload ids (the first answer was lost on the way): then, and when it loses the race to a twin
 * sent at once (404 for uploads the twin took, 409 for the application it created), `repeat`
 * answers with the application the earlier call changed.
 */
export async function onceForTheseUploads<T>(
  request: FastifyRequest,
  what: {
    caller: Caller;
    fields: Record<string, unknown>;
    fileFields: readonly string[];
    call: UploadCall;
  },
  run: () => Promise<T>,
  repeat: (applicationId: number) => Promise<T>,
): Promise<T> {
  const staged = request.server.stagedUploads;
  const { caller, fields, fileFields, call } = what;
  const answerEarlier = async () => {
    const earlier = await staged.previousUse(caller, fields, fileFields, call);
    if (earlier === null) return null;
    request.log.info({ call, applicationId: earlier }, 'a repeated call answered as the first');
    return { answer: await repeat(earlier) };
  };
  const done = await answerEarlier();
  if (done) return done.answer;
  try {
    return await run();
  } catch (error) {
    // Lost to a twin sent at once, whatever the loss looked like: 404 for uploads the twin took,
    // 409 for the application it created, or a file the twin's commit removed while this one
    // still read it. A failure no twin explains stays this call's answer.
    const twin = await answerEarlier().catch(() => null);
    if (twin) return twin.answer;
    throw error;
  }
}

/** Ids of the staged files of a set of files. */
function stagedIds(files: Iterable<UploadedFile>): string[] {
  return [...files].flatMap((file) => (file.stagedId === undefined ? [] : [file.stagedId]));
}

/**
 * Resumable uploads (tus 1.0, decision 0030) under `/uploads/`: a club account creates an upload
 * (POST, Upload-Length at most MAX_FILE_BYTES), sends its bytes (PATCH, resumable after a cut
 * from the offset HEAD reports), and names its id in the call that uses it. Everything about an
 * upload is checked against the account that created it; the bytes are checked (kind, image
 * header, PDF content) when the last one arrives, and the call that uses them trusts that check
 * (a finished upload's bytes never change).
 */
export function registerStagedUploads(
  app: FastifyInstance,
  options: { config: Config; db: Db; log: FastifyBaseLogger },
): StagedUploads {
  const { config, db, log } = options;
  const directory = join(config.dataDir, 'uploads');
  const ttlMs = config.stagedUploadTtlSeconds * 1000;
  const store = new FileStore({
    directory,
    configstore: new AtomicConfigstore(directory),
    expirationPeriodInMilliseconds: ttlMs,
  });
  /** The account of each request, found once by onIncomingRequest. */
  const callers = new WeakMap<Request, Caller>();
  /** The slots of the request being handled (tus hands its hooks a Request of its own). */
  const inFlight = new AsyncLocalStorage<InFlight>();
  const perAccount = createSlots(STAGED_IN_FLIGHT_PER_ACCOUNT);

  /** A PATCH streams bytes: it holds an upload slot of its address and of its account. */
  function takeUploadSlots(caller: Caller) {
    const held = inFlight.getStore();
    if (!held) return;
    for (const [slots, key] of [
      [app.uploads.perAddress, `ip:${held.address}`],
      [perAccount, `user:${caller.userId}`],
    ] as const) {
      const release = slots.take(key);
      if (!release) throw new ApiError(429, 'server.rateLimited');
      held.releases.push(release);
    }
  }

  const removeBytes = async (id: string) => {
    await Promise.all([
      rm(join(directory, id), { force: true }),
      rm(join(directory, `${id}.json`), { force: true }),
    ]);
  };

  /** The upload's row, the caller's own, else 404 (another account's id reads as unknown). */
  async function requireOwn(caller: Caller, id: string) {
    if (!UPLOAD_ID.test(id)) throw new ApiError(404, 'upload.notFound');
    const [row] = await db
      .select()
      .from(stagedUploads)
      .where(and(eq(stagedUploads.id, id), eq(stagedUploads.userId, caller.userId)));
    if (!row) throw new ApiError(404, 'upload.notFound');
    return row;
  }

  /** A complete upload's first bytes and kind (null when unknown: checkedKind refuses it). */
  async function readKind(path: string, size: number) {
    const head = await readHead(path, size);
    return { head, kind: detectFileKind(head) };
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: config.maxFileBytes,
    // Relative to the endpoint (`…/uploads/`): right behind a proxy and under a path prefix.
    generateUrl: (_request, { id }) => id,
    namingFunction: () => randomBytes(16).toString('hex'),
    allowedOrigins: config.appOrigins,
    disableTerminationForFinishedUploads: false,
    async onIncomingRequest(request, id) {
      const caller = await callerOfToken(db, tokenOfHeader(request.headers.get('authorization')));
      if (caller.mustChangePassword) throw new ApiError(403, 'changePassword.required');
      // Only clubs upload documents (SPEC §6); staff never need a staged file.
      if (caller.role !== 'club') throw new ApiError(403, 'auth.forbidden');
      if (request.method !== 'POST') await requireOwn(caller, id);
      if (request.method === 'PATCH') takeUploadSlots(caller);
      callers.set(request, caller);
    },
    async onUploadCreate(request, upload) {
      const caller = callers.get(request);
      if (!caller) throw new ApiError(401, 'auth.required');
      // The length must be known up front: it counts against the account's byte cap.
      if (upload.size === undefined || upload.size <= 0) {
        throw new ApiError(400, 'validation.invalidRequest');
      }
      const length = upload.size;
      await db.transaction(async (tx) => {
        // One account's creations queue here, so two at once cannot both pass the caps.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, caller.userId))
          .for('update');
        const [held] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<number>`coalesce(sum(${stagedUploads.length}), 0)::bigint`,
          })
          .from(stagedUploads)
          .where(eq(stagedUploads.userId, caller.userId));
        if (
          Number(held?.count ?? 0) + 1 > config.stagedUploadsPerAccount ||
          Number(held?.bytes ?? 0) + length > config.stagedUploadBytesPerAccount
        ) {
          throw new ApiError(429, 'upload.limitReached');
        }
        // The row exists before the bytes do: a file with no row is always left over.
        await tx.insert(stagedUploads).values({ id: upload.id, userId: caller.userId, length });
      });
      return {};
    },
    async onUploadFinish(request, upload) {
      // Only the call that wrote the last byte finishes an upload: a PATCH of no bytes at the
      // end (Upload-Offset = length) answers the offset and checks nothing again.
      const from = request.headers.get('upload-offset');
      if (request.method === 'PATCH' && from !== null && Number(from) === upload.size) return {};
      const caller = callers.get(request);
      if (!caller) throw new ApiError(401, 'auth.required');
      try {
        // Checked as it finishes (the club hears at once), and again by the call that uses it.
        const path = join(directory, upload.id);
        const kind = await checkedKind(
          { path, ...(await readKind(path, upload.size ?? 0)) },
          config.pdfCheckMs,
          caller.userId,
        );
        // The call that uses it trusts this check (the PDF was parsed twice per submit before).
        await db
          .update(stagedUploads)
          .set({ checkedKind: kind })
          .where(eq(stagedUploads.id, upload.id));
      } catch (error) {
        if (error instanceof PdfChecksBusy) {
          // Too many checks waiting: the upload is kept, complete, and checked by the call that
          // uses it (which may itself be told to come back).
          log.warn({ upload: upload.id }, 'PDF checks busy: a finished upload is checked on use');
          return {};
        }
        // A refused file is not kept: its row and bytes go, and the answer names the reason.
        await db.delete(stagedUploads).where(eq(stagedUploads.id, upload.id));
        await removeBytes(upload.id);
        throw error;
      }
      return {};
    },
    onResponseError(_request, error) {
      if (error instanceof ApiError) return tusRefusal(error.statusCode, error.messageKey);
      const status = (error as { status_code?: unknown }).status_code;
      if (typeof status !== 'number') {
        log.error({ err: error }, 'resumable upload failed');
        return tusRefusal(500, 'server.error');
      }
      if (status >= 500) log.error({ err: error }, 'resumable upload failed');
      return tusRefusal(status, keyOfTusStatus(status));
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
    void db
      .delete(stagedUploads)
      .where(eq(stagedUploads.id, id))
      .catch((error: unknown) => log.error({ err: error }, 'removing a staged upload failed'));
  });

  // The whole of /uploads/ is the tus server's, CORS included (its own headers, its own
  // preflight answer); GET is not offered: a staged file is never read back.
  void app.register(async (scope) => {
    // Bodies are the tus server's to stream to disk: Fastify parses none of them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const held: InFlight = { address: addressKey(request.ip), releases: [] };
      // Released when the answer is written or the client goes, whichever comes first.
      const release = () => held.releases.forEach((free) => free());
      reply.raw.once('close', release);
      try {
        await inFlight.run(held, () => tus.handle(request.raw, reply.raw));
      } finally {
        release();
      }
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/*`]) {
      // @fastify/cors leaves a route alone whose config says `cors: false` (its own check).
      const config = { cors: false } as FastifyContextConfig;
      scope.route({ method: [...methods], url, handler, config });
    }
  });

  async function sweep(): Promise<number> {
    // Listed before the rows are read: a file listed here whose upload is live had its row
    // committed before the file was created, so it is found below.
    const entries = await readdir(directory).catch(() => [] as string[]);
    const expired = new Date(Date.now() - ttlMs);
    await db.delete(stagedUploads).where(lt(stagedUploads.createdAt, expired));
    await db.delete(usedUploads).where(lt(usedUploads.usedAt, expired));
    const ids = [...new Set(entries.map((entry) => entry.slice(0, 32)))].filter((id) =>
      UPLOAD_ID.test(id),
    );
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .select({ id: stagedUploads.id })
        .from(stagedUploads)
        .where(inArray(stagedUploads.id, ids.slice(i, i + 500)));
      for (const row of rows) live.add(row.id);
    }
    let removed = 0;
    for (const entry of entries) {
      if (live.has(entry.slice(0, 32))) continue;
      await rm(join(directory, entry), { force: true, recursive: false }).catch(() => undefined);
      removed += 1;
    }
    return removed;
  }

  const staged: StagedUploads = {
    async resolve(caller, fields, fileFields, files) {
      for (const field of fileFields) {
        const value = fields[uploadFieldOf(field)];
        if (value === undefined || value === '') continue;
        if (files.has(field) || typeof value !== 'string') {
          throw new ApiError(400, 'validation.invalidRequest');
        }
        const row = await requireOwn(caller, value);
        const path = join(directory, row.id);
        const size = await stat(path).then(
          (info) => info.size,
          () => -1,
        );
        if (size < 0) throw new ApiError(404, 'upload.notFound');
        if (size !== row.length) throw new ApiError(409, 'upload.incomplete');
        // Gone since its size was read: a twin of this call used it up meanwhile.
        const { head, kind } = await readKind(path, size).catch(() => {
          throw new ApiError(404, 'upload.notFound');
        });
        files.set(field, {
          name: field,
          type: kind ? CONTENT_TYPE_OF_KIND[kind] : 'application/octet-stream',
          size,
          path,
          head,
          kind,
          stagedId: row.id,
          checked: kind !== null && row.checkedKind === kind,
        });
      }
    },
    async claim(tx, caller, files, use) {
      const ids = stagedIds(files);
      if (ids.length === 0) return;
      const taken = await tx
        .delete(stagedUploads)
        .where(and(inArray(stagedUploads.id, ids), eq(stagedUploads.userId, caller.userId)))
        .returning({ id: stagedUploads.id });
      if (taken.length !== new Set(ids).size) throw new ApiError(404, 'upload.notFound');
      await tx
        .insert(usedUploads)
        .values(taken.map(({ id }) => ({ id, userId: caller.userId, ...use })));
    },
    async previousUse(caller, fields, fileFields, call) {
      const ids = fileFields
        .map((field) => fields[uploadFieldOf(field)])
        .filter((value): value is string => typeof value === 'string' && UPLOAD_ID.test(value));
      if (ids.length === 0) return null;
      const rows = await db
        .select({ call: usedUploads.call, applicationId: usedUploads.applicationId })
        .from(usedUploads)
        .where(and(inArray(usedUploads.id, ids), eq(usedUploads.userId, caller.userId)));
      const first = rows[0];
      const same = rows.every(
        (row) => row.call === call && row.applicationId === first?.applicationId,
      );
      return first && same && rows.length === new Set(ids).size ? first.applicationId : null;
    },
    async discard(files) {
      await Promise.all(stagedIds(files).map(removeBytes)).catch((error: unknown) =>
        log.warn({ err: error }, 'a used upload stays until the sweeper removes it'),
      );
    },
    sweep,
  };

  // At start (a restart keeps unexpired uploads, resumable) and then every quarter of the TTL.
  const everyMs = Math.min(Math.max(ttlMs / 4, 1000), 10 * 60 * 1000);
  const sweepLogged = () =>
    sweep().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'expired or left-over uploads removed');
      },
      (error: unknown) => log.error({ err: error }, 'sweeping staged uploads failed'),
    );
  let running: Promise<void> = sweepLogged();
  const timer = setInterval(() => {
    running = running.then(sweepLogged);
  }, everyMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  app.decorate('stagedUploads', staged);
  return staged;
}
