import type { MessageKey } from '@puja/domain';

/**
 * Why a call failed, so screens never branch on raw HTTP numbers:
 * - `network`: the server could not be reached (offline, DNS, connection refused);
 * - `timeout`: no answer in time;
 * - `refused`: the server answered and said no (a JSON answer with `success`/`status` false,
 *   whatever its HTTP status); `message` is the server's;
 * - `http`: an HTTP error status without a readable answer (a proxy's 502 page, say);
 * - `malformed`: a success answer whose shape the client cannot read.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'refused' | 'malformed';

/**
 * The one error type every api-client function throws. Screens show
 * `formatMessage(error.messageKey)` when there is a key (the user's language) and `message`
 * otherwise, and branch on `messageKey`, never on `status` or the English text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status when the server answered. */
  readonly status: number | undefined;
  /**
   * The catalogue key of `message`: the one the server named (`code`), or the spec's text the
   * client fell back on; undefined when `message` is a server's own text without a key (a PHP
   * host).
   */
  readonly messageKey: MessageKey | undefined;
  /** The answer's Retry-After in seconds (a 503 "busy" or a 429), when it gave one. */
  readonly retryAfterSeconds: number | undefined;
  /** The server's key when it is another catalogue's (issue 27: the account catalogue's). */
  readonly code: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: {
      status?: number | undefined;
      cause?: unknown;
      messageKey?: MessageKey | undefined;
      retryAfterSeconds?: number | undefined;
      code?: string | undefined;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.messageKey = options.messageKey;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = options.code;
  }

  /** Whether the server was reached and refused (as opposed to a network or timeout failure). */
  get isRefusal(): boolean {
    return this.kind === 'refused' || this.kind === 'http';
  }
}

/** Whether a value is an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
