/**
 * Resumable uploads (tus 1.0 under `/uploads/` on our server, decision 0030): whether the host
 * has them (asked once), where they go, the headers they carry, what a refusal means, and how a
 * call that carries documents sends them (`sendDocuments`: the ids of finished uploads, or the
 * files). The tus protocol itself is spoken by the app's tus client; the three acts that carry
 * documents are in applications.ts (apply, acknowledgement) and reviews.ts (re-upload).
 */
import { isMessageKey, type MessageKey } from '@puja/domain';
import { getApiConfig, onConfigChange } from './config';
import { request, upload, type Fields } from './http';
import { currentLocale } from './locale-store';
import type { Envelope } from './schemas';
import { sessionStore } from './session-store';

/**
 * A document a call carries: its bytes (multipart, any host), or `{ upload }`, the id of a
 * finished resumable upload (our server only: the call then carries only text).
 */
export type DocumentSource = Blob | { upload: string };

/**
 * Sends a call that carries documents, choosing the wire itself: when every document is the id
 * of a finished resumable upload, only text (`<field>_upload` = id, so it answers at once);
 * otherwise multipart with the files (any id as its `<field>_upload` field) and a
 * whole-request progress.
 */
export function sendDocuments(call: {
  path: string;
  fields: Fields;
  documents: Readonly<Record<string, DocumentSource>>;
  fallback: MessageKey;
  onProgress?: ((fraction: number) => void) | undefined;
}): Promise<Envelope> {
  const ids: Record<string, string> = {};
  const files: Record<string, Blob> = {};
  for (const [field, document] of Object.entries(call.documents)) {
    if ('upload' in document) ids[`${field}_upload`] = document.upload;
    else files[field] = document;
  }
  if (Object.keys(files).length === 0) {
    return request({
      method: 'post',
      path: call.path,
      body: { ...call.fields, ...ids },
      fallback: call.fallback,
    });
  }
  return upload({
    path: call.path,
    fields: { ...call.fields, ...ids },
    files,
    fallback: call.fallback,
    onProgress: call.onProgress,
  });
}

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
