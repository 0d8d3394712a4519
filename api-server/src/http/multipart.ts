import { createWriteStream } from 'node:fs';
import type { Socket } from 'node:net';
import { open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { CONTENT_TYPE_OF_KIND, detectFileKind, type FileInfo, type FileKind } from '@puja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from './client-address';
import type { Config } from '../config';
import { ApiError } from './errors';
import type { FileStorage } from '../uploads/storage';

/**
 * An uploaded file, streamed to a temporary file of the store while its bytes were counted (at
 * most MAX_FILE_BYTES: the part is cut off at the limit, never held in memory). `head` is its
 * first bytes (kind and image header); its kind is read from them once, as the part arrives:
 * `kind` (null when unknown; refused when stored, 415) and `type`, the content type of that
 * kind, or the declared one for unknown bytes. The temp file is removed when the request ends,
 * unless the store adopted it.
 */
export interface UploadedFile extends FileInfo {
  name: string;
  type: string;
  size: number;
  path: string;
  head: Buffer;
  kind: FileKind | null;
  /** Set when the file is a finished resumable upload (`/uploads/<id>`), not a multipart part. */
  stagedId?: string;
  /** A finished resumable upload whose content check passed as it finished, for `kind`. */
  checked?: boolean;
  /**
   * A document of several photos (issue 31): its pages in order, each a finished resumable
   * upload. The file itself is the PDF the server builds of them when it stores it (`path` is
   * empty until then, `size` the pages' bytes together).
   */
  pages?: readonly UploadedFile[];
}

/** Enough for every accepted kind's header, JPEG metadata segments before the frame included. */
const HEAD_BYTES = 256 * 1024;

/** Text fields and multipart framing beside the files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many documents the call may carry, declared on its route; any other carries none. */
    uploadFiles?: number;
  }
}

/** The documents a request's call may carry (its route's `uploadFiles`). */
export function filesAllowed(request: FastifyRequest): number {
  return request.routeOptions.config.uploadFiles ?? 0;
}

/** In-flight counters per key (an account or an address), for the concurrency caps. */
export function createSlots(max: number) {
  const inUse = new Map<string, number>();
  return {
    /** Takes a slot, or returns null when the key already holds `max`. */
    take(key: string): (() => void) | null {
      const count = inUse.get(key) ?? 0;
      if (count >= max) return null;
      inUse.set(key, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (inUse.get(key) ?? 1) - 1;
        if (left <= 0) inUse.delete(key);
        else inUse.set(key, left);
      };
    },
  };
}

/** What one multipart request holds until it ends: temp files and concurrency slots. */
interface UploadState {
  temps: Set<string>;
  releases: (() => void)[];
  accountKey: string | null;
}

export interface UploadRuntime {
  config: Config;
  storage: FileStorage;
  perAccount: ReturnType<typeof createSlots>;
  perAddress: ReturnType<typeof createSlots>;
  states: WeakMap<FastifyRequest, UploadState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Upload limits and the temp files of requests in flight (see multipart.ts). */
    uploads: UploadRuntime;
  }
}

/** A 429 that says when to come back. */
function busy(retryAfterSeconds: number): ApiError {
  return new ApiError(429, 'server.rateLimited', { 'Retry-After': String(retryAfterSeconds) });
}

function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('multipart/');
}

/** Releases a request's slots and removes its temp files (idempotent: runs on end and abort). */
async function finish(runtime: UploadRuntime, request: FastifyRequest): Promise<void> {
  const state = runtime.states.get(request);
  if (!state) return;
  runtime.states.delete(request);
  for (const release of state.releases) release();
  await Promise.all([...state.temps].map((path) => rm(path, { force: true })));
}

/**
 * Guards multipart uploads before their bodies are read: a declared length beyond what the
 * call may carry is refused at once (413), each client address holds at most
 * UPLOADS_PER_ADDRESS uploads in flight (429 with Retry-After), and whatever a request
 * streamed to disk is removed when it ends, however it ends.
 */
export function registerUploadGuards(
  app: FastifyInstance,
  config: Config,
  storage: FileStorage,
): void {
  const runtime: UploadRuntime = {
    config,
    storage,
    perAccount: createSlots(config.uploadsPerAccount),
    perAddress: createSlots(config.uploadsPerAddress),
    states: new WeakMap(),
  };
  app.decorate('uploads', runtime);
  app.addHook('onRequest', async (request) => {
    if (!isMultipartRequest(request)) return;
    const maxFiles = filesAllowed(request);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxFiles * config.maxFileBytes + FORM_OVERHEAD_BYTES) {
      throw new ApiError(413, 'server.tooLarge');
    }
    const release = runtime.perAddress.take(`ip:${addressKey(request.ip)}`);
    if (!release) throw busy(config.uploadIdleSeconds);
    runtime.states.set(request, { temps: new Set(), releases: [release], accountKey: null });
  });
  const end = async (request: FastifyRequest) => finish(runtime, request);
  // Before the answer leaves (a client that reads it sees no temp file), and on an abort.
  app.addHook('onSend', async (request) => {
    await finish(runtime, request);
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  app.addHook('onTimeout', end);
}

/** Remembers which account makes a request (set when it authenticates), for the account cap. */
export function noteAccount(request: FastifyRequest, userId: number): void {
  const state = request.server.uploads.states.get(request);
  if (state) state.accountKey = `user:${userId}`;
}

/** A refused upload's rest is read and dropped for at most this long, and this long idle. */
const LINGER_MAX_MS = 30_000;
const LINGER_IDLE_MS = 5_000;
/** …and at most this many bytes (the largest body any call may carry, and some). */
const LINGER_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Closes a connection whose request body was refused unread the way nginx's lingering close
 * does: the answer is sent and the server's side shut, then whatever the client still writes is
 * read and dropped (bounded in bytes and time) until it stops. Closing at once would reset a
 * client still writing its body, which then sees a broken pipe instead of the answer.
 */
export function lingerOnClose(request: FastifyRequest): void {
  const socket = request.raw.socket as Socket | null;
  if (!socket || request.raw.complete) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    let read = 0;
    const close = () => {
      clearTimeout(idle);
      clearTimeout(limit);
      this.destroy();
    };
    const idle = setTimeout(close, LINGER_IDLE_MS);
    const limit = setTimeout(close, LINGER_MAX_MS);
    this.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_MAX_BYTES) close();
      else idle.refresh();
    });
    this.once('end', close);
    this.once('close', close);
    this.resume();
  };
}

/** Enough to tell every accepted kind from its first bytes (WebP's is the longest, 12). */
const KIND_BYTES = 16;

/**
 * The first bytes of a file on disk: enough to tell its kind and, for an image whose header is
 * still to be checked (`imageHeader`), to read its size (up to HEAD_BYTES: a JPEG's metadata
 * segments come before its frame). Anything else gets KIND_BYTES: a PDF's head tells only its
 * kind, and a thousand submits waiting at once on deadline day held 1.2 GB of 256 KB heads
 * (issue 26).
 */
export async function readHead(
  path: string,
  size: number,
  { imageHeader = true }: { imageHeader?: boolean } = {},
): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const read = async (length: number) => {
      const bytes = Buffer.alloc(Math.min(size, length));
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
      return bytes.subarray(0, bytesRead);
    };
    const start = await read(KIND_BYTES);
    const kind = detectFileKind(start);
    const image = kind === 'jpeg' || kind === 'png' || kind === 'webp';
    return image && imageHeader && size > start.length ? await read(HEAD_BYTES) : start;
  } finally {
    await handle.close();
  }
}

/**
 * Reads a multipart body: fields into `fields`, each file part streamed to a temp file while
 * its bytes are counted. Refused as soon as it carries more documents than its call takes
 * (413), when the account already has UPLOADS_PER_ACCOUNT uploads in flight (429), or when the
 * body sends nothing for UPLOAD_IDLE_SECONDS (the connection is cut).
 */
export async function readMultipart(
  request: FastifyRequest,
  fields: Record<string, unknown>,
  files: Map<string, UploadedFile>,
): Promise<void> {
  const runtime = request.server.uploads;
  const { config, storage } = runtime;
  const state = runtime.states.get(request);
  if (!state) throw new ApiError(400, 'validation.invalidRequest');
  const maxFiles = filesAllowed(request);
  const raw = request.raw;
  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      request.log.warn(
        { cause: 'the upload sent nothing', idleSeconds: config.uploadIdleSeconds },
        'upload cut: idle client',
      );
      raw.destroy();
    }, config.uploadIdleSeconds * 1000);
  };
  raw.on('data', touch);
  touch();
  try {
    let fileParts = 0;
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      fileParts += 1;
      // More documents than the call takes: refused before the extra one is read.
      if (fileParts > maxFiles) throw new ApiError(413, 'server.tooLarge');
      if (fileParts === 1 && state.accountKey) {
        const release = runtime.perAccount.take(state.accountKey);
        if (!release) throw busy(config.uploadIdleSeconds);
        state.releases.push(release);
      }
      const path = storage.tempPath();
      state.temps.add(path);
      let tooLarge = false;
      part.file.once('limit', () => {
        tooLarge = true;
        part.file.destroy(new ApiError(413, 'validation.fileTooLarge'));
      });
      await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 })).catch(
        (error: unknown) => {
          throw tooLarge ? new ApiError(413, 'validation.fileTooLarge') : error;
        },
      );
      if (tooLarge || part.file.truncated) throw new ApiError(413, 'validation.fileTooLarge');
      const { size } = await stat(path);
      // A browser sends an empty part for a file input left blank: that is "no file".
      if (size === 0 && !part.filename) {
        state.temps.delete(path);
        await rm(path, { force: true });
        continue;
      }
      if (files.has(part.fieldname)) throw new ApiError(400, 'validation.invalidRequest');
      const head = await readHead(path, size);
      // Judged by its content, not by the type its browser declared: a real PDF sent as
      // application/octet-stream is a PDF.
      const kind = detectFileKind(head);
      files.set(part.fieldname, {
        name: part.filename,
        type: kind ? CONTENT_TYPE_OF_KIND[kind] : part.mimetype,
        size,
        path,
        head,
        kind,
      });
    }
  } finally {
    clearTimeout(idle);
    raw.off('data', touch);
  }
}
