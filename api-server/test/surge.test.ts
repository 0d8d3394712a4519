// Deadline day (issue 26): when the PDF check queue is long, a call carrying documents is
// refused before its body is read, 503 with Retry-After, logged at warn; the queue's estimate
// (pdfCheckWaitMs, src/uploads/pdf-inspection.ts) is set by the test.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as PdfInspection from '../src/uploads/pdf-inspection';
import { FIRST_AFTER_TURNED_AWAY } from '../src/uploads/pdf-inspection';
import {
  applicationFields,
  applicationFiles,
  listeningHarness,
  multipart,
  type Harness,
} from './harness';

const queue = vi.hoisted(() => ({ waitMs: 0 }));
vi.mock('../src/uploads/pdf-inspection', async (importOriginal) => {
  const actual = await importOriginal<typeof PdfInspection>();
  return {
    ...actual,
    // The long queue is everyone's but an account's that goes first (its line is empty here).
    pdfCheckWaitMs: (account?: string) =>
      actual.goesFirst(account) ? actual.pdfCheckWaitMs(account) : queue.waitMs,
  };
});

let h: Harness;
let port: number;
let logged: (message: string) => Record<string, unknown> | undefined;

beforeAll(async () => {
  ({ h, port, logged } = await listeningHarness({ SUBMIT_MAX_WAIT_SECONDS: '5' }));
});
afterAll(() => h?.close());

/** Sends a call's headers and the first bytes of its body only: the answer, if any comes. */
function headersOnly(path: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status: number; retryAfter: string | undefined; code: string }>(
    (resolve, reject) => {
      const req = request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path,
        agent: false,
        headers: { ...headers, 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            code: (JSON.parse(text) as { code: string }).code,
          });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('no answer before the body')));
      req.write(body.subarray(0, 100));
    },
  );
}

describe('a call carrying documents while the PDF checks are saturated', () => {
  it('is refused before its body is read with 503 and Retry-After, changing nothing', async () => {
    const club = await h.club();
    const form = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
    const headers = { ...form.headers, ...h.bearer(club.token) };
    const before = await h.snapshot();
    queue.waitMs = 30_000;
    const shed = await headersOnly('/apply-for-noc.php', headers, form.payload).finally(() => {
      queue.waitMs = 0;
    });
    expect(shed.status).toBe(503);
    expect(shed.code).toBe('server.busy');
    const retryAfter = Number(shed.retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await h.snapshot()).toEqual(before);
    expect(logged('call shed: server busy')).toMatchObject({
      level: 40,
      cause: 'the PDF check queue is long',
    });

    // The same call once the queue is short again is taken.
    const taken = await h.app.inject({
      method: 'POST',
      url: '/apply-for-noc.php',
      payload: form.payload,
      headers,
    });
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('takes a club turned away twice before, while a newcomer is still turned away', async () => {
    const patient = await h.club();
    const newcomer = await h.club();
    const send = (club: { clubId: number; token: string }) => {
      const form = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
      return { form, headers: { ...form.headers, ...h.bearer(club.token) } };
    };
    const patientCall = send(patient);
    queue.waitMs = 30_000;
    try {
      for (let i = 0; i < FIRST_AFTER_TURNED_AWAY; i += 1) {
        const shed = await headersOnly(
          '/apply-for-noc.php',
          patientCall.headers,
          patientCall.form.payload,
        );
        expect(shed.status).toBe(503);
      }
      const other = send(newcomer);
      expect(
        (await headersOnly('/apply-for-noc.php', other.headers, other.form.payload)).status,
      ).toBe(503);
      // The queue is as long as before; the club that kept coming back is served first.
      const taken = await h.app.inject({
        method: 'POST',
        url: '/apply-for-noc.php',
        payload: patientCall.form.payload,
        headers: patientCall.headers,
      });
      expect(taken.statusCode, taken.body).toBe(201);
    } finally {
      queue.waitMs = 0;
    }
  });

  it('leaves calls without documents alone', async () => {
    queue.waitMs = 30_000;
    try {
      expect((await h.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      queue.waitMs = 0;
    }
  });
});
