import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureApi } from './config';
import { ApiError } from './errors';
import { readData, request, setUnauthorizedHandler, upload } from './http';
import { localeStore } from './locale-store';
import { sessionStore } from './session-store';
import { connectionRefused, json, stubFetch } from './test-support/fake-fetch';
import { clubSession, staffSession } from './test-support/samples';

const staff = staffSession;
const club = clubSession;

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/php/', timeoutMs: 5_000, uploadTimeoutMs: 60_000 });
  sessionStore.getState().clearSession();
  setUnauthorizedHandler(null);
  localeStore.setState({ locale: 'en' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request', () => {
  it('sends calls under the base address, with the session token as bearer', async () => {
    sessionStore.getState().setSession(staff);
    const calls = stubFetch(() => json(200, { success: true, status: true, data: [] }));
    await request({ method: 'get', path: 'list-users.php', fallback: 'users.fetchFailed' });
    expect(calls[0]?.url.href).toBe('http://api.test/php/list-users.php');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer staff-token');
  });

  it('sends no Authorization header without a session', async () => {
    const calls = stubFetch(() => json(200, { status: true, data: [] }));
    await request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends the chosen language as Accept-Language, English until one is chosen', async () => {
    const calls = stubFetch(() => json(200, { status: true, data: [] }));
    await request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' });
    await localeStore.getState().chooseLocale('bn');
    await request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' });
    await localeStore.getState().chooseLocale('en');
    sessionStore.getState().setSession(staff);
    await request({ method: 'get', path: 'list-users.php', fallback: 'users.fetchFailed' });
    expect(calls.map((call) => call.headers.get('accept-language'))).toEqual(['en', 'bn', 'en']);
    expect(calls[2]?.headers.get('authorization')).toBe('Bearer staff-token');
  });

  it('adds search parameters', async () => {
    const calls = stubFetch(() => json(200, { status: true }));
    await request({
      method: 'post',
      path: 'delete-club.php',
      searchParams: { id: 5 },
      fallback: 'clubs.deleteFailed',
    });
    expect(calls[0]?.url.search).toBe('?id=5');
  });

  it('sends bodies as JSON by default, leaving out undefined fields', async () => {
    const calls = stubFetch(() => json(200, { status: true }));
    await request({
      method: 'post',
      path: 'update-user.php',
      body: { id: 4, name: 'Ria', password: undefined },
      fallback: 'users.saveFailed',
    });
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 4, name: 'Ria' });
  });

  it('sends bodies urlencoded when the host wants forms', async () => {
    configureApi({ baseUrl: 'http://api.test/', bodyEncoding: 'form' });
    const calls = stubFetch(() => json(200, { status: true }));
    await request({
      method: 'post',
      path: 'update-user.php',
      body: { id: 4, name: 'Ria Sen', password: undefined },
      fallback: 'users.saveFailed',
    });
    expect(calls[0]?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toBe('id=4&name=Ria+Sen');
  });

  it('returns the envelope of a successful answer', async () => {
    stubFetch(() => json(200, { status: 'success', message: 'Welcome', data: { id: 1 } }));
    const envelope = await request({
      method: 'post',
      path: 'club-login.php',
      fallback: 'login.failed',
    });
    expect(envelope).toEqual({ ok: true, message: 'Welcome', messageKey: null, data: { id: 1 } });
  });

  it('turns a 200 answer that says it failed into a refusal with the server message', async () => {
    stubFetch(() => json(200, { status: 'error', message: 'Invalid email or password.' }));
    const error = await failureOf(
      request({ method: 'post', path: 'club-login.php', fallback: 'login.failed' }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      status: 200,
      message: 'Invalid email or password.',
    });
    expect(error.isRefusal).toBe(true);
  });

  it('uses the call fallback when a refusal carries no message', async () => {
    stubFetch(() => json(403, { success: false, status: false }));
    const error = await failureOf(
      request({ method: 'get', path: 'list-users.php', fallback: 'users.fetchFailed' }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      status: 403,
      message: 'Failed to fetch users.',
    });
  });

  it('keeps the real HTTP status and message of a refusal', async () => {
    stubFetch(() => json(422, { success: false, status: false, message: 'Not in order.' }));
    const error = await failureOf(
      request({ method: 'post', path: 'image-status-update.php', fallback: 'review.statusFailed' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 422, message: 'Not in order.' });
  });

  it.each([401, 409, 422])(
    'keeps the message of a %i refusal whose JSON comes as text/html (PHP default header)',
    async (status) => {
      stubFetch(
        () =>
          new Response(JSON.stringify({ status: 'error', message: 'Invalid password.' }), {
            status,
            headers: { 'content-type': 'text/html; charset=UTF-8' },
          }),
      );
      const error = await failureOf(
        request({ method: 'post', path: 'club-login.php', fallback: 'login.failed', token: '' }),
      );
      expect(error).toMatchObject({ kind: 'refused', status, message: 'Invalid password.' });
    },
  );

  it('reads an HTTP error without a JSON answer as kind http with the fallback', async () => {
    stubFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = await failureOf(
      request({ method: 'post', path: 'add-club.php', fallback: 'clubs.addFailed' }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Failed to add club.' });
  });

  it('reads a successful status with a body that is not JSON as malformed', async () => {
    stubFetch(() => new Response('Warning: mysqli_connect() ...', { status: 200 }));
    const error = await failureOf(
      request({ method: 'get', path: 'dashboard.php', fallback: 'dashboard.fetchFailed' }),
    );
    expect(error).toMatchObject({
      kind: 'malformed',
      message: 'Failed to fetch dashboard stats.',
    });
  });

  it('reads an empty successful answer as a success without message', async () => {
    stubFetch(() => new Response(null, { status: 200 }));
    const envelope = await request({
      method: 'post',
      path: 'add-club.php',
      fallback: 'clubs.addFailed',
    });
    expect(envelope).toEqual({ ok: true, message: null, messageKey: null, data: undefined });
  });

  it('reads an empty error answer as kind http', async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    const error = await failureOf(
      request({ method: 'post', path: 'add-club.php', fallback: 'clubs.addFailed' }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 500 });
  });

  it('tells a server that cannot be reached apart from a refusal', async () => {
    stubFetch(() => connectionRefused());
    const error = await failureOf(
      request({ method: 'post', path: 'add-club.php', fallback: 'clubs.addFailed' }),
    );
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Failed to add club.',
      messageKey: 'clubs.addFailed',
    });
    expect(error.isRefusal).toBe(false);
    expect(error.status).toBeUndefined();
  });

  it('reads no answer within the timeout as kind timeout', async () => {
    vi.useFakeTimers();
    configureApi({ baseUrl: 'http://api.test/', timeoutMs: 1_000 });
    stubFetch(() => new Promise<Response>(() => undefined));
    const pending = failureOf(
      request({ method: 'post', path: 'add-club.php', fallback: 'clubs.addFailed' }),
    );
    await vi.advanceTimersByTimeAsync(1_001);
    expect(await pending).toMatchObject({ kind: 'timeout', message: 'Failed to add club.' });
  });

  it('retries a GET after a 503', async () => {
    const calls = stubFetch((_call, index) =>
      index === 0 ? json(503, { status: false }) : json(200, { status: true, data: [] }),
    );
    await request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' });
    expect(calls).toHaveLength(2);
  });

  it('does not wait out a long Retry-After of a 503 (a host in maintenance) before giving up', async () => {
    vi.useFakeTimers();
    const calls = stubFetch(
      () =>
        new Response(JSON.stringify({ status: false, message: 'Down for maintenance.' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '3600' },
        }),
    );
    let settled = false;
    const pending = failureOf(
      request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' }),
    ).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toBe(true);
    expect(await pending).toMatchObject({ status: 503, message: 'Down for maintenance.' });
    expect(calls).toHaveLength(3);
  });

  it("hands a busy POST's Retry-After to the caller, which decides to send it again", async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ success: false, status: false, message: 'Busy', code: 'server.busy' }),
          { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '7' } },
        ),
    );
    const error = await failureOf(
      request({ method: 'post', path: 'apply-for-noc.php', fallback: 'applyNoc.failed' }),
    );
    expect(error).toMatchObject({ status: 503, messageKey: 'server.busy', retryAfterSeconds: 7 });
  });

  it('does not retry a rate-limited GET', async () => {
    const calls = stubFetch(() =>
      json(429, { success: false, status: false, message: 'Too many requests.' }),
    );
    const error = await failureOf(
      request({ method: 'get', path: 'list-club.php', fallback: 'clubs.fetchFailed' }),
    );
    expect(error).toMatchObject({ status: 429, message: 'Too many requests.' });
    expect(calls).toHaveLength(1);
  });

  it('never retries a POST', async () => {
    const calls = stubFetch(() => json(503, { status: false, message: 'Busy' }));
    const error = await failureOf(
      request({ method: 'post', path: 'apply-for-noc.php', fallback: 'applyNoc.failed' }),
    );
    expect(error.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('does not retry a GET marked as not repeatable', async () => {
    const calls = stubFetch(() => json(503, { status: false }));
    await failureOf(
      request({
        method: 'get',
        path: 'delete-user.php',
        searchParams: { id: 1 },
        fallback: 'users.deleteFailed',
        noRetry: true,
      }),
    );
    expect(calls).toHaveLength(1);
  });
});

describe('HTTP 401', () => {
  it('clears a staff session and sends the user to the official login', async () => {
    sessionStore.getState().setSession(staff);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(() => json(401, { success: false, status: false, message: 'Session expired.' }));
    const error = await failureOf(
      request({ method: 'post', path: 'add-club.php', fallback: 'clubs.addFailed' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 401, message: 'Session expired.' });
    expect(sessionStore.getState().session).toBeNull();
    expect(handler).toHaveBeenCalledWith('/admin/login');
  });

  it('sends a club to the club login', async () => {
    sessionStore.getState().setSession(club);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(() => json(401, { success: false, status: false }));
    await failureOf(request({ method: 'post', path: 'my-noc.php', fallback: 'server.error' }));
    expect(handler).toHaveBeenCalledWith('/login');
  });

  it('leaves things alone when the call carried no session (a failed login)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(() =>
      json(401, { success: false, status: false, message: 'Invalid email or password.' }),
    );
    const error = await failureOf(
      request({ method: 'post', path: 'admin-login.php', fallback: 'login.failed', token: '' }),
    );
    expect(error.message).toBe('Invalid email or password.');
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps a newer session than the one the refused call carried', async () => {
    sessionStore.getState().setSession(staff);
    stubFetch(() => json(401, { status: false }));
    await failureOf(
      request({ method: 'post', path: 'logout.php', fallback: 'server.error', token: 'old-token' }),
    );
    expect(sessionStore.getState().session).toEqual(staff);
  });
});

describe('readData', () => {
  const schema = z.array(z.number());

  it('returns the parsed data', () => {
    expect(
      readData({ ok: true, message: null, messageKey: null, data: [1, 2] }, schema, 'server.error'),
    ).toEqual([1, 2]);
  });

  it('throws a malformed ApiError with the fallback for data it cannot read', () => {
    expect(() =>
      readData(
        { ok: true, message: null, messageKey: null, data: { 0: 1 } },
        schema,
        'applications.fetchFailed',
      ),
    ).toThrow(
      expect.objectContaining({ kind: 'malformed', message: 'Failed to fetch applications.' }),
    );
  });
});

describe('upload without XMLHttpRequest (Node)', () => {
  it('posts multipart fields and files with the bearer token and reports completion', async () => {
    sessionStore.getState().setSession(club);
    const calls = stubFetch(() => json(200, { status: true, data: { id: 1 } }));
    const progress: number[] = [];
    await upload({
      path: 'acknowledgement-update.php',
      fields: { id: 12, skipped: undefined },
      files: { acknowledgement: new File(['%PDF-1.4'], 'ack.pdf', { type: 'application/pdf' }) },
      fallback: 'acknowledgementUpload.failed',
      onProgress: (fraction) => progress.push(fraction),
    });
    const form = calls[0]?.form;
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer club-token');
    expect(form?.get('id')).toBe('12');
    expect(form?.has('skipped')).toBe(false);
    const file = form?.get('acknowledgement');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('ack.pdf');
    expect(progress).toEqual([0, 1]);
  });

  it('gives uploads their own, longer timeout', async () => {
    vi.useFakeTimers();
    configureApi({ baseUrl: 'http://api.test/', timeoutMs: 1_000, uploadTimeoutMs: 10_000 });
    stubFetch(() => new Promise<Response>(() => undefined));
    let settled = false;
    const pending = failureOf(
      upload({ path: 'update-images.php', fields: {}, files: {}, fallback: 'reupload.failed' }),
    ).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1_001);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await pending).toMatchObject({
      kind: 'timeout',
      message: 'Upload failed. Please try again.',
    });
  });

  it('names a bare Blob after its field', async () => {
    const calls = stubFetch(() => json(200, { status: true }));
    await upload({
      path: 'update-images.php',
      fields: { id: 1 },
      files: { certificate_image: new Blob(['x'], { type: 'image/png' }) },
      fallback: 'reupload.failed',
    });
    expect((calls[0]?.form?.get('certificate_image') as File).name).toBe('certificate_image');
  });
});

/** A scripted XMLHttpRequest: the browser path of uploads. */
class FakeXhr {
  static script: (xhr: FakeXhr) => void = () => undefined;
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  upload: { onprogress: ((event: ProgressEventLike) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  /** The answer's headers (none but what a test sets). */
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown): void {
    this.sent = body;
    FakeXhr.last = this;
    FakeXhr.script(this);
  }
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}
interface ProgressEventLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

describe('upload with XMLHttpRequest (browsers)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
  });

  const send = (onProgress?: (fraction: number) => void) =>
    upload({
      path: 'update-images.php',
      fields: { id: 3 },
      files: { certificate_image: new File(['x'], 'sdo.pdf') },
      fallback: 'reupload.failed',
      onProgress,
    });

  it('reports upload progress and reads the answer like any other call', async () => {
    sessionStore.getState().setSession(club);
    FakeXhr.script = (xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      xhr.answer(200, { status: true, message: 'Saved', data: { id: 3 } });
    };
    const progress: number[] = [];
    const envelope = await send((fraction) => progress.push(fraction));
    expect(envelope).toEqual({ ok: true, message: 'Saved', messageKey: null, data: { id: 3 } });
    expect(progress).toEqual([0, 0.25, 1, 1]);
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.url).toBe('http://api.test/php/update-images.php');
    expect(FakeXhr.last?.headers.Authorization).toBe('Bearer club-token');
    expect(FakeXhr.last?.headers['Accept-Language']).toBe('en');
    expect(FakeXhr.last?.timeout).toBe(60_000);
    expect((FakeXhr.last?.sent as FormData).get('id')).toBe('3');
  });

  it('maps refusals, empty answers, network failures and timeouts like the fetch path', async () => {
    FakeXhr.script = (xhr) =>
      xhr.answer(415, { success: false, status: false, message: 'Type refused.' });
    expect(await failureOf(send())).toMatchObject({
      kind: 'refused',
      status: 415,
      message: 'Type refused.',
    });
    FakeXhr.script = (xhr) => xhr.answer(502, '');
    expect(await failureOf(send())).toMatchObject({ kind: 'http', status: 502 });
    FakeXhr.script = (xhr) => xhr.answer(200, '');
    expect(await send()).toEqual({ ok: true, message: null, messageKey: null, data: undefined });
    FakeXhr.script = (xhr) => xhr.onerror?.();
    expect(await failureOf(send())).toMatchObject({
      kind: 'network',
      message: 'Upload failed. Please try again.',
    });
    FakeXhr.script = (xhr) => xhr.ontimeout?.();
    expect(await failureOf(send())).toMatchObject({ kind: 'timeout' });
  });

  it('ends the session on 401 like the fetch path', async () => {
    sessionStore.getState().setSession(club);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    FakeXhr.script = (xhr) => xhr.answer(401, { success: false, status: false });
    await failureOf(send());
    expect(sessionStore.getState().session).toBeNull();
    expect(handler).toHaveBeenCalledWith('/login');
  });
});
