import { accountText, formatMessage, isAccountTextKey, type MessageKey } from '@puja/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Refused, type RefusedKind } from '../refused';
import { ApiError, type AnswerKey } from './errors';
import { readMultipart, type UploadedFile } from './multipart';

export type { UploadedFile } from './multipart';

/** A request's input whatever its encoding: JSON, urlencoded form or multipart. */
export interface RequestInput {
  fields: Record<string, unknown>;
  files: Map<string, UploadedFile>;
}

/**
 * Reads the body as PHP would: JSON, urlencoded and multipart are all accepted (SPEC §7: a PHP
 * host reads forms; our client may send JSON). Query parameters fill in absent fields (the
 * `?id=` of the delete calls). Size limits are enforced by the parsers (413).
 */
export async function readInput(request: FastifyRequest): Promise<RequestInput> {
  const fields: Record<string, unknown> = {};
  const files = new Map<string, UploadedFile>();
  if (request.isMultipart()) {
    try {
      await readMultipart(request, fields, files);
    } catch (error) {
      throw malformedMultipart(error);
    }
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new ApiError(400, 'validation.invalidRequest');
    }
    Object.assign(fields, request.body);
  }
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (!(key in fields)) fields[key] = value;
  }
  // PostgreSQL text cannot hold NUL: as a query parameter it fails the query (22021, a 500).
  if (Object.values(fields).some((value) => typeof value === 'string' && value.includes('\0'))) {
    throw new ApiError(400, 'validation.invalidRequest');
  }
  return { fields, files };
}

/**
 * The multipart plugin's own errors (limits, prototype keys) carry a status; the parser's
 * (no boundary, a body cut off mid-part) are plain Errors, which are the client's fault: 400.
 */
function malformedMultipart(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number') return error;
  return new ApiError(400, 'validation.invalidRequest');
}

/** A positive integer id from a form value, else 400. */
export function requireId(value: unknown, message: MessageKey = 'validation.invalidRequest') {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\s*\d{1,9}\s*$/.test(text) || Number(text) <= 0) throw new ApiError(400, message);
  return Number(text);
}

/** A plain string field ('' when absent); anything that is not a string or number is refused. */
export function stringField(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new ApiError(400, 'validation.invalidRequest');
}

/**
 * The message part of every answer: the English text and, beside it, the catalogue key it came
 * from (`code`), so a client shows the text in its user's language and branches on meaning.
 * No key: an empty message and no code.
 */
export function messageFields(key: AnswerKey | null): { message: string; code?: AnswerKey } {
  if (!key) return { message: '' };
  return { message: isAccountTextKey(key) ? accountText(key) : formatMessage(key), code: key };
}

/** A success answer of SPEC §7: success, status, the catalogue message with its key, the data. */
export function sendOk(
  reply: FastifyReply,
  message: AnswerKey | null,
  data?: unknown,
  statusCode = 200,
) {
  const body: Record<string, unknown> = { success: true, status: true, ...messageFields(message) };
  if (data !== undefined) body.data = data;
  return reply.code(statusCode).send(body);
}

/** A refusal of SPEC §7: success and status false ("error" for the club login), message, key. */
export function sendRefusal(
  reply: FastifyReply,
  statusCode: number,
  key: AnswerKey,
  failed: false | 'error' = false,
) {
  return reply.code(statusCode).send({ success: false, status: failed, ...messageFields(key) });
}

/**
 * The HTTP status of each kind of refusal (docs/decisions 0042): the one place a kind becomes a
 * status. A bad input stays 400 and a business rule 422, as they always answered.
 */
const STATUS_OF_KIND: Readonly<Record<RefusedKind, number>> = {
  input: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  expired: 410,
  rule: 422,
  tooMany: 429,
};

/**
 * A refusal as the HTTP error it answers with (a `tooMany` says when to come back); any other
 * error as it is.
 * @example apiErrorOf(new Refused('review.documentChanged', 'conflict')).statusCode // 409
 */
export function apiErrorOf<E>(error: E): E | ApiError {
  if (!(error instanceof Refused)) return error;
  const wait = error.retryAfterSeconds;
  const headers: Record<string, string> = wait === undefined ? {} : { 'retry-after': String(wait) };
  return new ApiError(STATUS_OF_KIND[error.kind], error.key, headers);
}

/** The status an error answers with, when it is a refusal (ApiError or Refused); else null. */
export function refusalStatusOf(error: unknown): number | null {
  const mapped = apiErrorOf(error);
  return mapped instanceof ApiError ? mapped.statusCode : null;
}

/** Turns a domain validation failure into a 400 (or 413/415 for files). */
export function validationError(message: MessageKey): ApiError {
  if (message === 'validation.fileTooLarge') return new ApiError(413, message);
  if (message === 'validation.fileType') return new ApiError(415, message);
  return new ApiError(400, message);
}
