import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { MessageKey } from '@puja/domain';
import { lt } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { referencedFileNames } from './application-store';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { sessions } from './db/schema';
import { ApiError } from './errors';
import { createFileLinks } from './file-links';
import { sendRefusal } from './http';
import { createListCache, type ListCache } from './list-cache';
import { registerLoginThrottle } from './login-throttle';
import { createMailer } from './mailer';
import { normaliseStoredValues } from './normalise-stored';
import { registerUploadGuards } from './multipart';
import { registerApplicationRoutes } from './routes/applications';
import { registerAuthRoutes } from './routes/auth';
import { registerClubRoutes } from './routes/clubs';
import { registerFileRoutes } from './routes/files';
import { registerHealthRoutes } from './routes/health';
import { registerReviewRoutes } from './routes/reviews';
import { registerUserRoutes } from './routes/users';
import { seedDemoData, type SeedReport } from './seed';
import { accountsWithDemoPassword } from './seed/demo-warning';
import { createDiskStorage } from './storage';

/** JSON and form bodies; uploads have their own per-file limit. */
const BODY_LIMIT = 64 * 1024;

/** Older than any request (requestTimeout) and its transaction: safe to call an orphan. */
const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;

/** Paths whose answers use status "error" instead of false (SPEC §7 club login). */
const STRING_STATUS_PATHS = new Set(['/club-login.php']);

declare module 'fastify' {
  interface FastifyInstance {
    /** What the first start seeded (null when nothing was), for the start log. */
    seedReport: SeedReport | null;
    /** The open database (closed with the app). */
    database: Database;
    /** The cached application list (its work counters are read by tests and the benchmark). */
    listCache: ListCache;
    /** Demo accounts that still accept the demo password (for the start warning). */
    accountsWithDemoPassword(): Promise<string[]>;
  }
}

/** Fastify's trustProxy for TRUST_PROXY: false, a function of the hop index, or addresses. */
function trustFunction(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Maps framework errors (limits, parsers, rate limit) to a status and a catalogue message. */
function describeError(error: FastifyError | ApiError): { status: number; key: MessageKey } {
  if (error instanceof ApiError) return { status: error.statusCode, key: error.messageKey };
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, key: 'validation.fileTooLarge' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, key: 'server.tooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, key: 'validation.invalidRequest' };
  }
  if (error.statusCode === 429) return { status: 429, key: 'server.rateLimited' };
  if (error.statusCode === 413) return { status: 413, key: 'server.tooLarge' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: 400, key: 'validation.invalidRequest' };
  }
  return { status: 500, key: 'server.error' };
}

/**
 * A failed query's message, and its driver error, repeat the parameters (hashes, e-mails):
 * log the query text, the SQLSTATE and the driver's message only.
 */
function loggable(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    code: cause?.code,
    cause: typeof cause?.message === 'string' ? cause.message : undefined,
  };
}

/**
 * Builds the server (no listen): opens and migrates the database, cleans the file store, seeds
 * demo data on the first embedded start, and registers every call of SPEC §7.
 * Closing the app closes the database.
 */
export async function buildApp(
  config: Config,
  options: {
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // A request (uploads included) must arrive within two minutes: no slow-loris hold-ups.
    requestTimeout: 120_000,
    // False, a hop count or the proxies' addresses: the client is the right-most address of
    // X-Forwarded-For that is not a trusted proxy. Fastify refuses bare hop counts (a client
    // reaching the server directly could forge them), so the count is a trust function here:
    // set it only when every request comes through that many proxies.
    trustProxy: trustFunction(config.trustProxy),
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        // @fastify/multipart logs busboy's options, headers included, at trace level.
        paths: [
          'headers.authorization',
          '*.headers.authorization',
          'password',
          '*.password',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // No query strings in logs: file links carry signatures.
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
      },
    },
  });

  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onConnectionError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
  });
  app.addHook('onClose', () => database.close());
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const db = database.db;
  const storage = await createDiskStorage(join(config.dataDir, 'files'));
  const links = createFileLinks(config.fileUrlSecret, config.fileUrlTtlSeconds);
  const ctx: AppContext = {
    config,
    database,
    db,
    storage,
    links,
    listCache: createListCache(db, links),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    }),
  };

  app.decorate(
    'seedReport',
    config.seedDemo && database.kind === 'pglite' ? await seedDemoData(db, storage) : null,
  );
  app.decorate('database', database);
  app.decorate('listCache', ctx.listCache);
  app.decorate('accountsWithDemoPassword', () => accountsWithDemoPassword(db));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const collisions = await normaliseStoredValues(db);
  if (collisions > 0) {
    app.log.warn(
      { collisions },
      'e-mails or club names left as stored: their normal form is taken',
    );
  }
  // A crash between writing a file and committing its row leaves a file no row names. PGlite
  // holds its data directory alone, so every such file is an orphan; on PostgreSQL other
  // instances may be mid-upload, so only files older than any request can be are removed.
  const removed = await storage.removeOrphans(
    await referencedFileNames(db),
    database.kind === 'pglite' ? 0 : ORPHAN_MIN_AGE_MS,
  );
  if (removed > 0)
    app.log.warn({ removed }, 'removed unreferenced files left by an interrupted upload');

  // An empty JSON body (a client posting `?id=` only) is no body, as a PHP host reads it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(helmet, {
    // Documents are opened from the apps' origins (new tab, <img>, <iframe>).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'", ...config.appOrigins] },
    },
    frameguard: false,
  });
  await app.register(cors, {
    origin: config.appOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: ['ETag'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: config.rateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: (request) =>
      new ApiError(
        429,
        request.routeOptions.config.rateLimit ? 'login.tooManyAttempts' : 'server.rateLimited',
      ),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.maxFileBytes,
      files: 6,
      fields: 40,
      fieldSize: 16 * 1024,
      parts: 50,
      headerPairs: 100,
    },
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, key } = describeError(error);
    if (error instanceof ApiError) reply.headers(error.headers);
    // A refused upload's body is not read on: close the connection instead of draining it.
    if (request.isMultipart() && status !== 500) reply.header('Connection', 'close');
    if (status >= 500) request.log.error({ err: loggable(error) }, 'request failed');
    const failed = STRING_STATUS_PATHS.has(request.routeOptions.url ?? '') ? 'error' : false;
    return sendRefusal(reply, status, key, failed);
  });
  app.setNotFoundHandler((_request, reply) => sendRefusal(reply, 404, 'server.notFound'));

  registerUploadGuards(app, config, storage);
  registerLoginThrottle(app, config);
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerClubRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerApplicationRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  return app;
}
