/**
 * The tus adapter of resumable uploads (tus 1.0, decision 0030) under `/uploads/`: a club
 * account creates an upload (POST, Upload-Length at most MAX_FILE_BYTES), sends its bytes
 * (PATCH, resumable after a cut from the offset HEAD reports), and names its id in the call that
 * uses it. Everything about an upload is checked against the account that created it; the bytes
 * are checked (kind, image header, PDF content) when the last one arrives, and the call that
 * uses them trusts that check (a finished upload's bytes never change). Rows and caps are the
 * staged-row store's (staged-rows.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type KvStore, type Upload } from '@tus/server';
import { APPLICATION_FILE_FIELDS, type MessageKey } from '@puja/domain';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { callerOfToken, tokenOfHeader, type Caller } from '../accounts/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { addressKey } from '../http/client-address';
import { ApiError, type AnswerKey } from '../http/errors';
import { apiErrorOf, messageFields } from '../http/http';
import { createSlots } from '../http/multipart';
import { Refused } from '../refused';
import { PdfChecksBusy } from './pdf-inspection';
import { UPLOAD_ID, type StagedRows } from './staged-rows';
import { checkedKind } from './uploads';

/** Where resumable uploads are served; a finished one is `/uploads/<id>`. */
export const UPLOADS_PATH = '/uploads';

/**
 * The tus metadata store (`<id>.json` beside the bytes), written as temp file + rename: a
 * process killed mid-write leaves the previous version (or none), never half a JSON file.
 */
class AtomicConfigstore implements KvStore<Upload> {
  constructor(private readonly directory: string) {}
  private path(key: string): string {
    if (!UPLOAD_ID.test(key)) throw new Refused('upload.notFound', 'notFound');
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

/** The tus server, its hooks checking every request against the account and the rows. */
function createTusServer(
  app: FastifyInstance,
  options: { config: Config; db: Db; log: FastifyBaseLogger; rows: StagedRows },
  inFlight: AsyncLocalStorage<InFlight>,
): Server {
  const { config, db, log, rows } = options;
  const { directory } = rows;
  /** The account of each request, found once by onIncomingRequest. */
  const callers = new WeakMap<Request, Caller>();
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

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({
      directory,
      configstore: new AtomicConfigstore(directory),
      expirationPeriodInMilliseconds: config.stagedUploadTtlSeconds * 1000,
    }),
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
      if (request.method !== 'POST') await rows.requireOwn(caller, id);
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
      await rows.reserve(caller, upload.id, upload.size);
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
          { path, ...(await rows.readKind(path, upload.size ?? 0)) },
          config.pdfCheckMs,
          caller.userId,
        );
        // The call that uses it trusts this check (the PDF was parsed twice per submit before).
        await rows.markChecked(upload.id, kind);
      } catch (error) {
        if (error instanceof PdfChecksBusy) {
          // Too many checks waiting: the upload is kept, complete, and checked by the call that
          // uses it (which may itself be told to come back).
          log.warn({ upload: upload.id }, 'PDF checks busy: a finished upload is checked on use');
          return {};
        }
        // A refused file is not kept: its row and bytes go, and the answer names the reason.
        await rows.forget(upload.id);
        throw error;
      }
      return {};
    },
    onResponseError(_request, thrown) {
      const error = apiErrorOf(thrown);
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
    void rows
      .forgetRow(id)
      .catch((error: unknown) => log.error({ err: error }, 'removing a staged upload failed'));
  });
  return tus;
}

/**
 * Serves `/uploads/` with the tus server: the whole path is its own, CORS included (its own
 * headers, its own preflight answer); GET is not offered: a staged file is never read back.
 */
export function registerTusAdapter(
  app: FastifyInstance,
  options: { config: Config; db: Db; log: FastifyBaseLogger; rows: StagedRows },
): void {
  /** The slots of the request being handled (tus hands its hooks a Request of its own). */
  const inFlight = new AsyncLocalStorage<InFlight>();
  const tus = createTusServer(app, options, inFlight);
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
}
