// Resumable uploads (tus 1.0 under /uploads/, decision 0030) against the real listening server:
// ownership, caps, kind checks when the last byte arrives, resuming after a cut connection and
// after a restart, expiry, and the calls that use an upload's id in place of a file part.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { APPLICATION_FILE_FIELDS } from '@puja/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import {
  applicationFields,
  applicationRow,
  createHarness,
  EXE,
  PDF,
  PNG,
  type Harness,
} from './harness';

const ORIGIN = 'http://localhost:5173';
const FIELDS = APPLICATION_FILE_FIELDS;

/** A valid PDF of about `size` bytes (comment lines after the header). */
function bigPdf(size: number): Buffer {
  return Buffer.concat([PDF, Buffer.alloc(Math.max(0, size - PDF.length), '%')]);
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function listening(env: Record<string, string> = {}) {
  const h = await createHarness(env);
  harness = h;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return { h, base: `http://127.0.0.1:${port}` };
}

const tusHeaders = (token: string) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${token}`,
});

/** POST /uploads/: the new upload's URL, or the refusal. */
async function create(base: string, token: string, length: number) {
  const answer = await fetch(`${base}/uploads/`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('doc.pdf').toString('base64')}`,
    },
  });
  const location = answer.headers.get('location');
  return {
    status: answer.status,
    url: location ? new URL(location, `${base}/uploads/`).toString() : '',
    body: await answer.text(),
  };
}

function patch(url: string, token: string, offset: number, bytes: Buffer) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
}

async function offsetOf(url: string, token: string) {
  const answer = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
  return { status: answer.status, offset: Number(answer.headers.get('upload-offset') ?? -1) };
}

/** Creates and completes an upload of these bytes; its id. */
async function upload(base: string, token: string, bytes: Buffer): Promise<string> {
  const created = await create(base, token, bytes.length);
  expect(created.status, created.body).toBe(201);
  const sent = await patch(created.url, token, 0, bytes);
  expect(sent.status, await sent.text()).toBe(204);
  return idOf(created.url);
}

const idOf = (url: string) => url.split('/').pop() ?? '';

/** Sends the first `cut` bytes of a PATCH, then drops the connection (a phone losing signal). */
async function cutPatch(url: string, token: string, bytes: Buffer, cut: number) {
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(token),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(bytes.subarray(0, cut), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

function applyJson(base: string, token: string, ids: Record<string, string>) {
  const body: Record<string, unknown> = { ...applicationFields() };
  for (const [field, id] of Object.entries(ids)) body[`${field}_upload`] = id;
  return fetch(`${base}/apply-for-noc.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function stagedEntries(h: Harness) {
  return (await readdir(join(h.config.dataDir, 'uploads')).catch(() => [])).sort();
}

describe('resumable uploads under /uploads/', () => {
  it('answers OPTIONS with the tus version, its maximum size and CORS for the apps', async () => {
    const { base } = await listening();
    const answer = await fetch(`${base}/uploads/`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('tus-version')).toContain('1.0.0');
    expect(answer.headers.get('tus-max-size')).toBe(String(3 * 1024 * 1024));
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/upload-offset/i);
    // A preflight for a PATCH is answered the same way.
    const preflight = await fetch(`${base}/uploads/0123456789abcdef0123456789abcdef`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,tus-resumable,upload-offset',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    // The answers of real requests expose the tus headers to the page.
    const club = await harness!.club();
    const created = await fetch(`${base}/uploads/`, {
      method: 'POST',
      headers: { ...tusHeaders(club.token), 'upload-length': '10', origin: ORIGIN },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-expose-headers')).toMatch(/Location/);
    expect(created.headers.get('access-control-expose-headers')).toMatch(/Upload-Offset/);
  });

  it('only lets a logged-in club create uploads, and never one above the file size limit', async () => {
    const { h, base } = await listening();
    expect((await create(base, 'not-a-token', 10)).status).toBe(401);
    const staff = await h.staff('admin');
    const refused = await create(base, staff.token, 10);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'auth.forbidden' });
    const club = await h.club();
    const tooBig = await create(base, club.token, 3 * 1024 * 1024 + 1);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ code: 'validation.fileTooLarge' });
    expect(await stagedEntries(h)).toEqual([]);
  });

  it('resumes from the last byte received after the connection is cut mid-file', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const bytes = bigPdf(600_000);
    const created = await create(base, club.token, bytes.length);
    expect(created.status).toBe(201);
    await cutPatch(created.url, club.token, bytes, 250_000);
    const { status, offset } = await offsetOf(created.url, club.token);
    expect(status).toBe(200);
    // What arrived before the cut is kept: the client sends only the rest.
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(250_000);
    const rest = await patch(created.url, club.token, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));

    // The upload stands in for a file part; the stored document is byte for byte the file.
    const ids: Record<string, string> = { load_agreement_image: idOf(created.url) };
    for (const field of FIELDS) ids[field] ??= await upload(base, club.token, PNG);
    const applied = await applyJson(base, club.token, ids);
    expect(applied.status, await applied.clone().text()).toBe(201);
    const { data } = (await applied.json()) as { data: { id: number } };
    const row = await applicationRow(h, data.id);
    const stored = await readFile(join(h.filesDir, String(row?.loadAgreementImage)));
    expect(stored.equals(bytes)).toBe(true);
    // Used up: nothing stays staged, and the ids cannot be used again.
    expect(await stagedEntries(h)).toEqual([]);
    expect((await offsetOf(created.url, club.token)).status).toBe(404);
  });

  it('keeps a partial upload across a restart, resumable from the same offset', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const bytes = bigPdf(300_000);
    const created = await create(base, club.token, bytes.length);
    expect((await patch(created.url, club.token, 0, bytes.subarray(0, 100_000))).status).toBe(204);
    await h.app.close();
    const again = await buildApp(h.config);
    h.app = again;
    await again.listen({ port: 0, host: '127.0.0.1' });
    const port = (again.server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/uploads/${idOf(created.url)}`;
    expect(await offsetOf(url, club.token)).toEqual({ status: 200, offset: 100_000 });
    expect((await patch(url, club.token, 100_000, bytes.subarray(100_000))).status).toBe(204);
  });

  it("refuses another account's upload id, for the bytes and for the calls that use it", async () => {
    const { h, base } = await listening();
    const owner = await h.club();
    const other = await h.club();
    const created = await create(base, owner.token, PDF.length);
    const foreign = await patch(created.url, other.token, 0, PDF);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'upload.notFound' });
    expect((await offsetOf(created.url, other.token)).status).toBe(404);
    expect(
      (await fetch(created.url, { method: 'DELETE', headers: tusHeaders(other.token) })).status,
    ).toBe(404);
    expect((await patch(created.url, owner.token, 0, PDF)).status).toBe(204);

    const ids: Record<string, string> = {};
    for (const field of FIELDS) ids[field] = await upload(base, other.token, PDF);
    ids.puja_budget = idOf(created.url);
    const before = await h.snapshot();
    const refused = await applyJson(base, other.token, ids);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, code: 'upload.notFound' });
    expect(await h.snapshot()).toEqual(before);
    // The owner still has it, and the other club's own uploads stay usable.
    expect((await offsetOf(created.url, owner.token)).offset).toBe(PDF.length);
  });

  it('refuses bytes of the wrong kind when the last one arrives, and keeps nothing of them', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const created = await create(base, club.token, EXE.length);
    const refused = await patch(created.url, club.token, 0, EXE);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'validation.fileType' });
    expect(await stagedEntries(h)).toEqual([]);
    expect((await offsetOf(created.url, club.token)).status).toBe(404);
  });

  it('refuses an unfinished upload in a call and changes nothing', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const ids: Record<string, string> = {};
    for (const field of FIELDS) ids[field] = await upload(base, club.token, PDF);
    const partial = await create(base, club.token, 50_000);
    await patch(partial.url, club.token, 0, bigPdf(50_000).subarray(0, 10_000));
    ids.certificate_image = idOf(partial.url);
    const before = await h.snapshot();
    const refused = await applyJson(base, club.token, ids);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'upload.incomplete' });
    expect(await h.snapshot()).toEqual(before);
  });

  it('caps what one account holds: the number of uploads and their bytes', async () => {
    const { h, base } = await listening({
      STAGED_UPLOADS_PER_ACCOUNT: '2',
      STAGED_UPLOAD_BYTES_PER_ACCOUNT: '100000',
    });
    const club = await h.club();
    const first = await create(base, club.token, 10);
    expect(first.status).toBe(201);
    expect((await create(base, club.token, 60_000)).status).toBe(201);
    const third = await create(base, club.token, 10);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ code: 'upload.limitReached' });
    // Removing one frees its place; the bytes cap still counts the other.
    expect(
      (await fetch(first.url, { method: 'DELETE', headers: tusHeaders(club.token) })).status,
    ).toBe(204);
    await vi.waitFor(async () => expect((await create(base, club.token, 10)).status).toBe(201));
    const other = await h.club();
    expect((await create(base, other.token, 100_000)).status).toBe(201);
    expect((await create(base, other.token, 1)).status).toBe(429);
  });

  it('deletes uploads no call used within the time allowed', async () => {
    const { h, base } = await listening({ STAGED_UPLOAD_TTL_SECONDS: '1' });
    const club = await h.club();
    const id = await upload(base, club.token, PDF);
    const partial = await create(base, club.token, 1000);
    expect(await stagedEntries(h)).toHaveLength(4);
    await vi.waitFor(async () => expect(await stagedEntries(h)).toEqual([]), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await offsetOf(`${base}/uploads/${id}`, club.token)).status).toBe(404);
    expect((await offsetOf(partial.url, club.token)).status).toBe(404);
    const refused = await applyJson(base, club.token, { puja_budget: id });
    expect(refused.status).toBe(404);
  });

  it('takes upload ids for the acknowledgement and a re-upload too', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const ids: Record<string, string> = {};
    for (const field of FIELDS) ids[field] = await upload(base, club.token, PDF);
    const applied = await applyJson(base, club.token, ids);
    expect(applied.status).toBe(201);
    const { data } = (await applied.json()) as { data: { id: number } };
    const ack = randomBytes(1000);
    const ackBytes = Buffer.concat([PDF, ack]);
    const ackId = await upload(base, club.token, ackBytes);
    const answer = await fetch(`${base}/acknowledgement-update.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}` },
      body: JSON.stringify({ id: data.id, acknowledgement_upload: ackId }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const row = await applicationRow(h, data.id);
    expect((await readFile(join(h.filesDir, String(row?.acknowledgement)))).equals(ackBytes)).toBe(
      true,
    );
    // A used id is gone: using it again is refused, nothing changes.
    const before = await h.snapshot();
    const again = await fetch(`${base}/acknowledgement-update.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${club.token}` },
      body: JSON.stringify({ id: data.id, acknowledgement_upload: ackId }),
    });
    expect(again.status).toBe(404);
    expect(await h.snapshot()).toEqual(before);
  });
});

/** A PATCH that sends its first bytes and then waits, holding its upload slot; `end` cuts it. */
async function stalledPatch(url: string, token: string, bytes: Buffer) {
  const req = httpRequest(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    },
  });
  req.on('error', () => undefined);
  await new Promise<void>((resolve) => req.write(bytes.subarray(0, 1000), () => resolve()));
  return { end: () => req.destroy() };
}

describe('resumable uploads within the server’s limits (issue 26)', () => {
  it('answers the tus server’s own refusals with our message keys, never its developer texts', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const created = await create(base, club.token, 2000);
    const conflict = await patch(created.url, club.token, 500, bigPdf(100));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ success: false, code: 'upload.incomplete' });
    const noType = await fetch(created.url, {
      method: 'PATCH',
      headers: { ...tusHeaders(club.token), 'upload-offset': '0' },
      body: bigPdf(100),
    });
    expect(noType.status).toBeGreaterThanOrEqual(400);
    expect(await noType.json()).toMatchObject({
      success: false,
      code: 'validation.invalidRequest',
    });
  });

  it('counts streaming PATCHes in the uploads in flight per address', async () => {
    const { h, base } = await listening({ UPLOADS_PER_ADDRESS: '2' });
    const [first, second, third] = [await h.club(), await h.club(), await h.club()];
    const bytes = bigPdf(400_000);
    const stalled = [];
    for (const club of [first, second]) {
      const { url } = await create(base, club.token, bytes.length);
      stalled.push(await stalledPatch(url, club.token, bytes));
    }
    /** A new upload of the third club, sent whole: its answer's status and code. */
    const sendThird = async () => {
      const { url } = await create(base, third.token, PNG.length);
      const answer = await patch(url, third.token, 0, PNG);
      return {
        status: answer.status,
        code: answer.status === 204 ? '' : ((await answer.json()) as { code: string }).code,
      };
    };
    // Once both stalled PATCHes are being read, a third from the same address waits its turn.
    await vi.waitFor(
      async () => {
        expect(await sendThird()).toEqual({ status: 429, code: 'server.rateLimited' });
      },
      { timeout: 10_000, interval: 200 },
    );
    for (const patching of stalled) patching.end();
    await vi.waitFor(
      async () => {
        expect((await sendThird()).status).toBe(204);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
