/**
 * The one way to the server: a ky instance built from the runtime configuration, the bearer
 * token of the stored session on every call, and every failure mapped to an ApiError. Calls
 * with files go through XMLHttpRequest in browsers, since fetch cannot report upload progress.
 */
import type { z } from 'zod';
import ky, { isHTTPError, isTimeoutError, type KyInstance } from 'ky';
import { formatMessage, loadLaterTexts, loginPathAfterExpiry, type MessageKey } from '@puja/domain';
import { getApiConfig, onConfigChange } from './config';
import { ApiError } from './errors';
import { currentLocale } from './locale-store';
import { readEnvelope, type Envelope } from './schemas';
import { sessionStore } from './session-store';

/** A form value of a call without files; undefined leaves the field out. */
export type FieldValue = string | number | boolean | null | undefined;
export type Fields = Readonly<Record<string, FieldValue>>;

/** A call of SPEC §7 without files. */
export interface Call {
  method: 'get' | 'post';
  /** The PHP path, e.g. 'club-login.php'. */
  path: string;
  searchParams?: Readonly<Record<string, string | number>>;
  /** Sent as JSON or urlencoded according to the `bodyEncoding` setting. */
  body?: Fields;
  /** The spec's text for this call's failure (SPEC §8), used when the server gives none. */
  fallback: MessageKey;
  /**
   * The spec's text for an HTTP status of a refusal naming no key (SPEC §8: a registration's
   * 409 reads "This club is already registered." whatever a PHP host says).
   */
  statusKeys?: Readonly<Partial<Record<number, MessageKey>>>;
  /** Overrides the stored session's token (logout sends the token it is ending). */
  token?: string;
  /** A GET that changes something (delete-user.php) must not be repeated on a failure. */
  noRetry?: boolean;
}

/** A multipart call carrying files. */
export interface UploadCall {
  path: string;
  fields: Fields;
  files: Readonly<Record<string, Blob>>;
  fallback: MessageKey;
  /** Upload progress from 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** What the server answered, before reading it. */
interface Answer {
  status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** The answer's ETag header, when it sent one. */
  etag?: string | null;
  /** The answer's Retry-After header (a 503 or 429 says when to come back). */
  retryAfter?: string | null;
}

/** Called with the login path when the server ends the session (HTTP 401). */
export type UnauthorizedHandler = (loginPath: '/login' | '/admin/login') => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what the app does when the server answers 401 to a logged-in call: the session is
 * already cleared; the handler navigates (club → '/login', staff → '/admin/login').
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

let client: KyInstance | null = null;
onConfigChange(() => {
  client = null;
});

function kyClient(): KyInstance {
  const config = getApiConfig();
  client ??= ky.create({
    prefix: config.baseUrl,
    timeout: config.timeoutMs,
    // Only idempotent reads are retried (a POST could register or apply twice), and not when
    // rate-limited: waiting out a Retry-After would freeze the screen. A 503 is retried, but a
    // long Retry-After (a host in maintenance says 3600) is cut to a second.
    retry: {
      limit: 2,
      methods: ['get'],
      statusCodes: [408, 500, 502, 503, 504],
      maxRetryAfter: 1_000,
    },
  });
  return client;
}

/**
 * Sends a call without files and returns the answer's envelope; throws an ApiError when the
 * call fails in any way.
 */
export async function request(call: Call): Promise<Envelope> {
  const token = call.token ?? currentToken();
  const answer = await viaKy(
    call.path,
    {
      method: call.method,
      headers: authHeaders(token),
      ...(call.searchParams ? { searchParams: { ...call.searchParams } } : {}),
      ...(call.noRetry ? { retry: 0 } : {}),
      ...(call.body ? encodeBody(call.body) : {}),
    },
    call.fallback,
  );
  return settle(answer, call, token);
}

/**
 * A GET sent with `If-None-Match`: null when the server answers 304 Not Modified (what we hold
 * is current), else the envelope and the answer's ETag.
 */
export async function requestIfChanged(
  call: Call,
  etag: string | null,
): Promise<{ envelope: Envelope; etag: string | null } | null> {
  const token = call.token ?? currentToken();
  const answer = await viaKy(
    call.path,
    {
      method: call.method,
      ...(call.searchParams ? { searchParams: { ...call.searchParams } } : {}),
      // The browser's own cache must not answer for the server: we hold the copy ourselves.
      cache: 'no-store',
      headers: { ...authHeaders(token), ...(etag ? { 'If-None-Match': etag } : {}) },
    },
    call.fallback,
  );
  if (answer.status === 304) return null;
  return { envelope: settle(answer, call, token), etag: answer.etag ?? null };
}

/** Sends a multipart call with files, reporting upload progress where the platform can. */
export async function upload(call: UploadCall): Promise<Envelope> {
  const token = currentToken();
  const form = new FormData();
  for (const [name, value] of Object.entries(call.fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(call.files)) {
    form.append(name, file, fileNameOf(file, name));
  }
  const answer =
    typeof XMLHttpRequest === 'function'
      ? await viaXhr(call, form, token)
      : await viaKyWithProgress(call, form, token);
  return settle(answer, call, token);
}

/** The ApiError for a call's failure when the server gave no usable message. */
export function failure(
  kind: ApiError['kind'],
  fallback: MessageKey,
  options: { status?: number | undefined; cause?: unknown; retryAfterSeconds?: number } = {},
): ApiError {
  return new ApiError(kind, formatMessage(fallback), { ...options, messageKey: fallback });
}

function currentToken(): string {
  return sessionStore.getState().session?.token ?? '';
}

/**
 * The headers of every call: the chosen language (so the server answers and writes mails in
 * it), and the bearer token when there is one.
 */
function authHeaders(token: string): Record<string, string> {
  const language = { 'Accept-Language': currentLocale() };
  return token === '' ? language : { ...language, Authorization: `Bearer ${token}` };
}

function encodeBody(
  body: Fields,
): { json: Record<string, FieldValue> } | { body: URLSearchParams } {
  const present = Object.entries(body).filter(
    (entry): entry is [string, Exclude<FieldValue, undefined>] => entry[1] !== undefined,
  );
  if (getApiConfig().bodyEncoding === 'json') return { json: Object.fromEntries(present) };
  return { body: new URLSearchParams(present.map(([name, value]) => [name, String(value ?? '')])) };
}

function fileNameOf(file: Blob, field: string): string {
  return typeof File === 'function' && file instanceof File && file.name !== '' ? file.name : field;
}

async function viaKy(
  path: string,
  options: Parameters<KyInstance>[1],
  fallback: MessageKey,
): Promise<Answer> {
  // An answer's `code` is read against the whole catalogue (domain loadLaterTexts, decision
  // 0041): loaded while the call is on its way.
  const texts = loadLaterTexts().catch(() => undefined);
  try {
    const response = await kyClient()(path, options);
    await texts;
    return {
      status: response.status,
      body: parseBody(await response.text()),
      etag: response.headers.get('ETag'),
    };
  } catch (error) {
    await texts;
    // ky parses error.data as JSON only under a JSON content type; PHP answers text/html by default.
    if (isHTTPError(error)) {
      const body = typeof error.data === 'string' ? parseBody(error.data) : error.data;
      const retryAfter = error.response.headers.get('Retry-After');
      return { status: error.response.status, body, retryAfter };
    }
    if (isTimeoutError(error)) throw failure('timeout', fallback, { cause: error });
    // A NetworkError, or fetch failing in a way ky does not recognise: no answer either way.
    throw failure('network', fallback, { cause: error });
  }
}

async function viaKyWithProgress(call: UploadCall, form: FormData, token: string): Promise<Answer> {
  call.onProgress?.(0);
  const answer = await viaKy(
    call.path,
    {
      method: 'post',
      body: form,
      headers: authHeaders(token),
      timeout: getApiConfig().uploadTimeoutMs,
    },
    call.fallback,
  );
  call.onProgress?.(1);
  return answer;
}

function viaXhr(call: UploadCall, form: FormData, token: string): Promise<Answer> {
  const config = getApiConfig();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', joinUrl(config.baseUrl, call.path));
    xhr.timeout = config.uploadTimeoutMs;
    for (const [name, value] of Object.entries(authHeaders(token))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) call.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      call.onProgress?.(1);
      const retryAfter = xhr.getResponseHeader('Retry-After');
      resolve({ status: xhr.status, body: parseBody(xhr.responseText), retryAfter });
    };
    xhr.onerror = () => reject(failure('network', call.fallback));
    xhr.ontimeout = () => reject(failure('timeout', call.fallback));
    xhr.onabort = () => reject(failure('network', call.fallback));
    call.onProgress?.(0);
    xhr.send(form);
  });
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The body as JSON, undefined when empty, other text as is. */
function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Reads an answer: a refusal (HTTP error status or an answer saying it failed) carries the
 * server's message and key, or the call's text for the status, or its fallback; a 401 to a
 * logged-in call ends the session.
 */
function settle(
  answer: Answer,
  call: Pick<Call, 'fallback' | 'statusKeys'>,
  tokenSent: string,
): Envelope {
  const { fallback } = call;
  const status = answer.status;
  const httpOk = status >= 200 && status <= 299;
  // SPEC §7 leaves many answers "not shown": a PHP host may send nothing at all on success.
  const envelope =
    httpOk && answer.body === undefined
      ? { ok: true, message: null, messageKey: null, data: undefined }
      : readEnvelope(answer.body);
  if (status === 401 && tokenSent !== '') endSession(tokenSent);
  const refused = !httpOk || (envelope !== null && !envelope.ok);
  const retryAfterSeconds = secondsOf(answer.retryAfter);
  if (refused && envelope !== null) {
    throw refusal(envelope, { status, cause: answer.body, retryAfterSeconds }, call);
  }
  if (refused) throw failure('http', fallback, { status, cause: answer.body, retryAfterSeconds });
  if (envelope === null) throw failure('malformed', fallback, { status, cause: answer.body });
  return envelope;
}

/** A Retry-After in seconds (the HTTP-date form is not used by our server): undefined if none. */
function secondsOf(header: string | null | undefined): number | undefined {
  if (header === null || header === undefined || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The error of an answer that says no, with the most precise catalogue key it allows. */
function refusal(
  envelope: Envelope,
  answer: { status: number; cause: unknown; retryAfterSeconds: number | undefined },
  call: Pick<Call, 'fallback' | 'statusKeys'>,
): ApiError {
  const { status } = answer;
  const options = { ...answer, code: envelope.code };
  if (envelope.messageKey !== null) {
    const message = envelope.message ?? formatMessage(envelope.messageKey);
    return new ApiError('refused', message, { ...options, messageKey: envelope.messageKey });
  }
  const statusKey = call.statusKeys?.[status];
  if (statusKey !== undefined) {
    return new ApiError('refused', formatMessage(statusKey), { ...options, messageKey: statusKey });
  }
  if (envelope.message !== null) return new ApiError('refused', envelope.message, options);
  return new ApiError('refused', formatMessage(call.fallback), {
    ...options,
    messageKey: call.fallback,
  });
}

/** The server no longer accepts the token we sent: forget the session and go to its login. */
function endSession(tokenSent: string): void {
  const session = sessionStore.getState().session;
  if (session === null || session.token !== tokenSent) return;
  sessionStore.getState().clearSession();
  unauthorizedHandler?.(loginPathAfterExpiry(session.role));
}

/** The data of an answer read with its schema; a shape the client cannot read is 'malformed'. */
export function readData<S extends z.ZodType>(
  envelope: Envelope,
  schema: S,
  fallback: MessageKey,
): z.output<S> {
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) throw failure('malformed', fallback, { cause: parsed.error });
  return parsed.data;
}

/**
 * Sends a call and reads its `data` by the schema; a failed call or an answer of another shape
 * throws an ApiError with the call's fallback message.
 * @example const season = await requestData({ method: 'get', path: 'season.php', fallback: 'seasons.fetchFailed' }, seasonSchema);
 */
export async function requestData<S extends z.ZodType>(
  call: Call,
  schema: S,
): Promise<z.output<S>> {
  return readData(await request(call), schema, call.fallback);
}

/** What a GET asks besides its path. */
export interface GetOptions {
  /** The spec's text for this call's failure (SPEC §8), used when the server gives none. */
  fallback: MessageKey;
  /** One season's (`?year=`); none: the current season or every season, as the call says. */
  year?: number | null | undefined;
  /** '' for a public call, which sends no session. */
  token?: string;
}

/**
 * Sends a GET and reads its `data` by the schema, as `requestData`.
 * @example const appeals = await getData('list-appeals.php', listedAppealListSchema, { fallback: 'appeals.fetchFailed', year: 2026 });
 */
export async function getData<S extends z.ZodType>(
  path: string,
  schema: S,
  options: GetOptions,
): Promise<z.output<S>> {
  return requestData(getCall(path, options), schema);
}

/** The call of a GET (`getData`; `requestIfChanged` takes it too). */
export function getCall(path: string, options: GetOptions): Call {
  const { fallback, year, token } = options;
  return {
    method: 'get',
    path,
    fallback,
    ...yearQuery(year),
    ...(token === undefined ? {} : { token }),
  };
}

/**
 * What a successful call says: the text to show and its catalogue key (show
 * `formatMessage(messageKey)` when there is one, for the user's language).
 */
export interface Outcome {
  /** The server's message, or the spec's success text for the call. */
  message: string;
  /** The server's key (`code`) or the spec's success key; undefined for a keyless server text. */
  messageKey: MessageKey | undefined;
}

/** The outcome of a successful answer: the server's message and key, or the spec's success. */
export function outcomeOf(envelope: Envelope, success: MessageKey): Outcome {
  if (envelope.messageKey !== null) {
    return {
      message: envelope.message ?? formatMessage(envelope.messageKey),
      messageKey: envelope.messageKey,
    };
  }
  if (envelope.message !== null) return { message: envelope.message, messageKey: undefined };
  return { message: formatMessage(success), messageKey: success };
}

/** The outcome of the spec's success text, for a call whose answer says nothing useful. */
export function outcomeFromKey(key: MessageKey): Outcome {
  return { message: formatMessage(key), messageKey: key };
}

/** Sends a call whose answer matters only for its message (the server's, or the spec's text). */
export async function requestOutcome(call: Call, success: MessageKey): Promise<Outcome> {
  return outcomeOf(await request(call), success);
}

/** A call's texts (SPEC §8): its failure when the server gives none, and its success. */
export interface CallTexts {
  fallback: MessageKey;
  success: MessageKey;
}

/**
 * Sends a POST of `body` whose answer matters only for its message (`requestOutcome`).
 * @example await postOutcome('add-club.php', { clubname: 'Netaji Sangha' }, { fallback: 'clubs.addFailed', success: 'clubs.addSuccess' })
 */
export async function postOutcome(path: string, body: Fields, texts: CallTexts): Promise<Outcome> {
  return requestOutcome({ method: 'post', path, body, fallback: texts.fallback }, texts.success);
}

/**
 * A deletion as the PHP host takes it (SPEC §7): the row's id in the query string, never
 * repeated on a failure (delete-user.php is a GET); answers its message.
 * @example await deleteById('post', 'delete-club.php', 7, { fallback: 'clubs.deleteFailed', success: 'clubs.deleteSuccess' })
 */
export async function deleteById(
  method: Call['method'],
  path: string,
  id: number,
  texts: CallTexts,
): Promise<Outcome> {
  const call = { method, path, searchParams: { id }, fallback: texts.fallback, noRetry: true };
  return requestOutcome(call, texts.success);
}

/** Sends a multipart call whose answer matters only for its message, as `requestOutcome`. */
export async function uploadOutcome(call: UploadCall, success: MessageKey): Promise<Outcome> {
  return outcomeOf(await upload(call), success);
}

/**
 * The `?year=` of a call about one season; none without a year (the current season, or every
 * season, as the call says).
 * @example yearQuery(2026) // { searchParams: { year: 2026 } }; yearQuery(undefined) // {}
 */
export function yearQuery(year: number | null | undefined): { searchParams?: { year: number } } {
  return year ? { searchParams: { year } } : {};
}
