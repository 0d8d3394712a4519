// IDLE_TIMEOUT_SECONDS applies while the server waits for the client, never while it works on a
// request it has read (issue 26): a submit queued behind slow PDF checks still gets its answer.
// Against the app listening on a real port, with a one-second idle timeout.
import { request } from 'node:http';
import type * as PdfInspection from '../src/uploads/pdf-inspection';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applicationFields,
  applicationFiles,
  listeningHarness,
  multipart,
  type Harness,
} from './harness';

/** How long each PDF check takes in this file (longer than the idle timeout below). */
const check = vi.hoisted(() => ({ delayMs: 0 }));
vi.mock('../src/uploads/pdf-inspection', async (importOriginal) => {
  const original = await importOriginal<typeof PdfInspection>();
  return {
    ...original,
    pdfProblem: async (...args: Parameters<typeof original.pdfProblem>) => {
      await new Promise((resolve) => setTimeout(resolve, check.delayMs));
      return original.pdfProblem(...args);
    },
  };
});

let h: Harness;
let port: number;
let logged: (message: string) => Record<string, unknown> | undefined;

beforeAll(async () => {
  ({ h, port, logged } = await listeningHarness({ IDLE_TIMEOUT_SECONDS: '1' }, (app) => {
    app.post('/test-slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return { success: true };
    });
  }));
});
afterAll(() => h?.close());

/**
 * Sends a request over a fresh connection: its status, or the error that ended it. With
 * `stallAfter`, only that many bytes of the body are sent, then nothing.
 */
function send(options: {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  stallAfter?: number;
}): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: options.path,
        agent: false,
        headers: { ...options.headers, 'content-length': String(options.body.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    if (options.stallAfter === undefined) req.end(options.body);
    else req.write(options.body.subarray(0, options.stallAfter));
  });
}

describe('the idle timeout', () => {
  it('never cuts a handler that works longer than it', async () => {
    const body = Buffer.from('{}');
    const headers = { 'content-type': 'application/json' };
    expect(await send({ path: '/test-slow', headers, body })).toBe(200);
  });

  it('never cuts a submit waiting longer than it for its PDF checks, which is answered', async () => {
    const club = await h.club();
    check.delayMs = 700; // three PDFs: 2.1 s of checks after the body is read
    try {
      const form = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
      const status = await send({
        path: '/apply-for-noc.php',
        headers: { ...form.headers, ...h.bearer(club.token) },
        body: form.payload,
      });
      expect(status).toBe(201);
    } finally {
      check.delayMs = 0;
    }
  });

  it('still cuts a client that stops sending its request, and says why at warn', async () => {
    const body = Buffer.from(JSON.stringify({ padding: 'x'.repeat(1000) }));
    const headers = { 'content-type': 'application/json' };
    const started = Date.now();
    const outcome = await send({ path: '/test-slow', headers, body, stallAfter: 10 });
    expect(typeof outcome).toBe('string');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(logged('connection cut: idle client')).toMatchObject({
      level: 40,
      cause: 'the client stopped sending its request',
    });
  });
});
