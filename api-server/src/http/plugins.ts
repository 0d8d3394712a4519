import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import { addressKey } from './client-address';
import type { Config } from '../config';
import { ApiError, type AnswerKey } from './errors';
import { apiErrorOf, sendRefusal } from './http';
import { lingerOnClose } from './multipart';

/** Paths whose answers use status "error" instead of false (SPEC §7 club login). */
const STRING_STATUS_PATHS = new Set(['/club-login.php']);

/** Public calls with their own (lower) limit: not login attempts, so not the login message. */
const PUBLIC_LIMITED_PATHS = new Set(['/verify-noc.php']);

/** The logger: secrets redacted, no query strings (file links carry signatures). */
export function loggerOptions(
  config: Config,
  logStream: { write(line: string): void } | undefined,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(logStream ? { stream: logStream } : {}),
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
  };
}

/** Body parsers, security headers, CORS, rate limits and multipart limits. */
export async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
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
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (request) =>
      new ApiError(
        429,
        request.routeOptions.config.rateLimit &&
          !PUBLIC_LIMITED_PATHS.has(request.routeOptions.url ?? '')
          ? 'login.tooManyAttempts'
          : 'server.rateLimited',
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
}

/** Maps framework errors (limits, parsers, rate limit) to a status and a catalogue message. */
function describeError(error: FastifyError | ApiError): { status: number; key: AnswerKey } {
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

/** Every refusal in the common shape (SPEC §7), with its catalogue key; 500s are logged. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    // A store's or a rule's refusal (kind, key) answers with its kind's status (http.ts).
    const error = apiErrorOf(thrown);
    const { status, key } = describeError(error);
    if (error instanceof ApiError) reply.headers(error.headers);
    // A refused upload's body is not read on: the connection closes after the answer, lingering
    // while the client still writes (a reset would lose the answer).
    if (request.isMultipart() && status !== 500) {
      reply.header('Connection', 'close');
      lingerOnClose(request);
    }
    // A refusal for being busy (the PDF checks' queue full) is shed load, not a failure.
    if (error instanceof ApiError && status === 503) {
      request.log.warn({ code: key, retryAfter: error.headers['Retry-After'] }, 'shed: busy');
    } else if (status >= 500) request.log.error({ err: loggable(error) }, 'request failed');
    const failed = STRING_STATUS_PATHS.has(request.routeOptions.url ?? '') ? 'error' : false;
    return sendRefusal(reply, status, key, failed);
  });
  app.setNotFoundHandler((_request, reply) => sendRefusal(reply, 404, 'server.notFound'));
}
