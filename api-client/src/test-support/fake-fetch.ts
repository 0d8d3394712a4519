/** A stand-in for the global fetch in single-module unit tests: records calls, answers from a script. */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text ('' without body); multipart bodies are read with `form`. */
  body: string;
  form: FormData | null;
}

type Reply = Response | Error | Promise<Response | Error>;

/** Replaces global fetch; `reply` answers each call in turn. Returns the recorded calls. */
export function stubFetch(reply: (call: RecordedCall, index: number) => Reply): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const contentType = request.headers.get('content-type') ?? '';
    const form = contentType.startsWith('multipart/form-data')
      ? await request.clone().formData()
      : null;
    const call: RecordedCall = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: form ? '' : await request.text(),
      form,
    };
    calls.push(call);
    const answer = await reply(call, calls.length - 1);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return calls;
}

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The error Node's fetch throws when nothing listens at the address. */
export function connectionRefused(): TypeError {
  return new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
}
