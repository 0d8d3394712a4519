/**
 * Resumable uploads (tus 1.0 under `/uploads/` on our server, decision 0030): whether the host
 * has them (asked once), where they go, the headers they carry, and what a refusal means. The
 * tus protocol itself is spoken by the app's tus client; a call names a finished upload by its
 * id through send-documents.ts.
 */
import { isMessageKey, type MessageKey } from '@puja/domain';
import { getApiConfig, onConfigChange } from './config';
import { currentLocale } from './locale-store';
import { sessionStore } from './session-store';

let asked: Promise<boolean> | null = null;
onConfigChange(() => {
  asked = null;
});

/** How long the one-time question may take before the host counts as one without uploads. */
const DETECT_TIMEOUT_MS = 8_000;

/** The endpoint new uploads are created at (`<base>/uploads/`); an upload's URL is below it. */
export function uploadsEndpoint(): string {
  return `${getApiConfig().baseUrl.replace(/\/+$/, '')}/uploads/`;
}

/** The headers of every upload request: the session's token and the chosen language. */
export function uploadHeaders(): Record<string, string> {
  const token = sessionStore.getState().session?.token ?? '';
  const language = { 'Accept-Language': currentLocale() };
  return token === '' ? language : { ...language, Authorization: `Bearer ${token}` };
}

/**
 * Whether the host takes resumable uploads: `config.json` may say so (true/false); otherwise
 * `OPTIONS /uploads/` is asked once per configuration, and a host answering it with a tus
 * version has them. Any failure (a PHP host's 404, no CORS, no answer) means no.
 */
export function resumableUploadsSupported(
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<boolean> {
  const setting = getApiConfig().resumableUploads;
  if (setting !== 'auto') return Promise.resolve(setting === 'on');
  asked ??= (async () => {
    try {
      const answer = await fetchImpl(uploadsEndpoint(), {
        method: 'OPTIONS',
        signal: AbortSignal.timeout(DETECT_TIMEOUT_MS),
      });
      return answer.ok && (answer.headers.get('Tus-Version') ?? '').includes('1.0.0');
    } catch {
      return false;
    }
  })();
  return asked;
}

/**
 * The catalogue key of a refused upload request, from its status and body (our server answers
 * `{ code }` as every call does); the fallback when it names none.
 */
export function uploadRefusalKey(status: number, body: string, fallback: MessageKey): MessageKey {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && isMessageKey(code)) return code;
  } catch {
    // not JSON: judged by the status below
  }
  if (status === 413) return 'validation.fileTooLarge';
  if (status === 415) return 'validation.fileType';
  if (status === 404 || status === 410) return 'upload.notFound';
  if (status === 429) return 'server.rateLimited';
  return fallback;
}
