/** How the client reaches the server; set once at start from the app's runtime config file. */
export interface ApiConfig {
  /** The single host every call of SPEC §7 goes to, e.g. `https://noc.example.org/api/`. */
  baseUrl: string;
  /** Where documents open from (SPEC §2 "a fixed base address plus the file path"); defaults to baseUrl. */
  filesBaseUrl: string;
  /** How the bodies of the calls without files are sent; PHP hosts differ. */
  bodyEncoding: BodyEncoding;
  /** Per-attempt timeout of one call in milliseconds. */
  timeoutMs: number;
  /** Timeout of a call carrying files: five 3 MB documents over a slow mobile link take time. */
  uploadTimeoutMs: number;
  /**
   * Resumable uploads (`/uploads/`, tus): 'auto' asks the host once (`OPTIONS /uploads/`),
   * 'on' and 'off' are a deployment's override (a PHP host has none).
   */
  resumableUploads: ResumableUploads;
}

export type ResumableUploads = 'auto' | 'on' | 'off';

export type BodyEncoding = 'json' | 'form';

export interface ApiConfigInput {
  baseUrl: string;
  filesBaseUrl?: string;
  bodyEncoding?: BodyEncoding;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  resumableUploads?: ResumableUploads;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_UPLOAD_TIMEOUT_MS = 180_000;

let current: ApiConfig | null = null;
const listeners = new Set<() => void>();

/**
 * Sets where and how the client talks to the server; call once when the app starts.
 * @example configureApi({ baseUrl: 'http://localhost:8080', bodyEncoding: 'form' })
 */
export function configureApi(input: ApiConfigInput): ApiConfig {
  const baseUrl = requireUrl(input.baseUrl, 'baseUrl');
  const filesBaseUrl = requireUrl(input.filesBaseUrl ?? input.baseUrl, 'filesBaseUrl');
  const bodyEncoding = input.bodyEncoding ?? 'json';
  if (bodyEncoding !== 'json' && bodyEncoding !== 'form') {
    throw new TypeError(
      `configureApi: bodyEncoding must be 'json' or 'form', got '${bodyEncoding}'`,
    );
  }
  const timeoutMs = requireTimeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const uploadTimeoutMs = requireTimeout(
    input.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS,
    'uploadTimeoutMs',
  );
  const resumableUploads = input.resumableUploads ?? 'auto';
  if (!['auto', 'on', 'off'].includes(resumableUploads)) {
    throw new TypeError(
      `configureApi: resumableUploads must be 'auto', 'on' or 'off', got '${resumableUploads}'`,
    );
  }
  current = { baseUrl, filesBaseUrl, bodyEncoding, timeoutMs, uploadTimeoutMs, resumableUploads };
  listeners.forEach((listener) => listener());
  return current;
}

/** The configuration in force; throws when the app forgot to call configureApi. */
export function getApiConfig(): ApiConfig {
  if (current === null) throw new Error('api-client: call configureApi({ baseUrl }) first');
  return current;
}

/** Runs `listener` whenever the configuration changes (the http layer rebuilds its client). */
export function onConfigChange(listener: () => void): void {
  listeners.add(listener);
}

/**
 * The address a stored document opens at: files base + file path (SPEC §2).
 * @example documentUrl('files/ab12.pdf?expires=1&sig=f0') // 'https://host/files/ab12.pdf?expires=1&sig=f0'
 */
export function documentUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${getApiConfig().filesBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function requireUrl(value: unknown, name: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw new TypeError(`configureApi: ${name} is required`);
  return text;
}

function requireTimeout(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new TypeError(`configureApi: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
