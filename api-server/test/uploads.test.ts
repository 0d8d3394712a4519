// Slow and oversized uploads against the real server process: file parts stream to disk (memory
// stays flat under 100 stalled uploads), idle bodies are cut off, temp files never outlive their
// request, and each account and address holds a bounded number of uploads in flight.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { PDF } from './harness';

const MB = 1024 * 1024;
const DEMO_PASSWORD = 'Puja@2025';

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

async function clubToken(base: string, email: string): Promise<string> {
  const answer = await fetch(`${base}/club-login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`club login failed: ${answer.status}`);
  return body.data.token;
}

/** The first status line the server answers on a socket ('' if it closes without one). */
function firstAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) resolve(text);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

/**
 * Opens a re-upload that declares a full 3 MB document, sends `sendBytes` of it and stalls.
 * Resolves once the kernel has taken everything that was sent.
 */
async function stalledUpload(
  server: ServerProcess,
  token: string,
  sendBytes: number,
): Promise<{ socket: Socket; answer: Promise<string> }> {
  const { port } = new URL(server.baseUrl);
  const boundary = `----stall${randomBytes(6).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="load_agreement_image"; ` +
      `filename="deed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const declared = preamble.length + 3 * MB - 1024 + 64;
  const socket = connect(Number(port), '127.0.0.1');
  const answer = firstAnswer(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head =
    `POST /update-images.php HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    `Authorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${declared}\r\n\r\n`;
  const filler = Buffer.alloc(Math.max(0, sendBytes - PDF.length), 0x20);
  await new Promise<void>((resolve) =>
    socket.write(Buffer.concat([Buffer.from(head), preamble, PDF, filler]), () => resolve()),
  );
  return { socket, answer };
}

const tempFiles = (dataDir: string) =>
  readdirSync(join(dataDir, 'files')).filter((name) => name.endsWith('.tmp'));

/** The sizes of the temp files, as far as the server has written them. */
const tempSizes = (dataDir: string) =>
  tempFiles(dataDir).flatMap((name) => {
    try {
      return [statSync(join(dataDir, 'files', name)).size];
    } catch {
      return []; // removed between the listing and the stat
    }
  });

/** Polls until `check` passes (no fixed wait: as soon as the server got there). */
const eventually = (check: () => void, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

describe('100 stalled uploads', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'puja-uploads-'));
    // The first start seeds the demo data (its memory is not what is measured): restart.
    await (await startServerProcess({ dataDir })).stop();
    server = await startServerProcess({
      dataDir,
      // The caps are lifted so that all 100 reach the body reader: memory is what is measured.
      env: {
        UPLOADS_PER_ACCOUNT: '1000',
        UPLOADS_PER_ADDRESS: '1000',
        // 100 uploads plus the client's kept-alive connections, all from this one address.
        CONNECTIONS_PER_ADDRESS: '1000',
        // Long enough for all 100 to be sent before the first is cut off, on a slow machine too.
        UPLOAD_IDLE_SECONDS: '10',
        LOGIN_RATE_LIMIT: '1000',
        RATE_LIMIT: '100000',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keep the memory flat, are cut off when idle and leave no temp file', async () => {
    const token = await clubToken(server.baseUrl, 'club1@example.org');
    const before = rssBytes(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid))), 100);
    const uploads = [];
    try {
      for (let i = 0; i < 100; i += 1) uploads.push(await stalledUpload(server, token, 2.9 * MB));
      // Every body has reached the disk (all but what the parser holds back for the boundary).
      await eventually(() => {
        const sizes = tempSizes(dataDir);
        expect(sizes).toHaveLength(100);
        expect(Math.min(...sizes)).toBeGreaterThan(2.8 * MB);
      }, 30_000);
      peak = Math.max(peak, rssBytes(server.pid));
    } finally {
      clearInterval(sampler);
    }
    // 290 MB are in flight: buffered in memory they would add as much; streamed, they add
    // only the parsers' small buffers.
    expect(peak - before, `RSS ${before / MB} MB before, ${peak / MB} MB at peak`).toBeLessThan(
      100 * MB,
    );

    // Idle for UPLOAD_IDLE_SECONDS: every connection is cut and every temp file removed.
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    expect(answers.every((text) => !text.startsWith('HTTP/1.1 2'))).toBe(true);
    await eventually(() => expect(tempFiles(dataDir)).toEqual([]));
    // The server is still fine.
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  }, 120_000);
});

describe('uploads in flight per account and per address', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'puja-uploads-'));
    server = await startServerProcess({
      dataDir,
      env: { UPLOADS_PER_ACCOUNT: '2', UPLOADS_PER_ADDRESS: '3', LOGIN_RATE_LIMIT: '1000' },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a third upload of one account and a fourth of one address are a 429 with Retry-After', async () => {
    const one = await clubToken(server.baseUrl, 'club1@example.org');
    const two = await clubToken(server.baseUrl, 'club2@example.org');
    const held = [await stalledUpload(server, one, 64 * 1024)];
    held.push(await stalledUpload(server, one, 64 * 1024));
    const third = await stalledUpload(server, one, 64 * 1024);
    const refused = await third.answer;
    expect(refused).toMatch(/^HTTP\/1\.1 429/);
    expect(refused).toMatch(/\r\nretry-after: \d+\r\n/i);

    held.push(await stalledUpload(server, two, 64 * 1024));
    const fourth = await stalledUpload(server, two, 64 * 1024);
    expect(await fourth.answer).toMatch(/^HTTP\/1\.1 429/);

    // Once the held uploads end, their slots are free again: the server has let go of them
    // when their temp files are gone (slots are released before the files are removed).
    for (const upload of held) upload.socket.destroy();
    await eventually(() => expect(tempFiles(dataDir)).toEqual([]));
    const again = await stalledUpload(server, two, 64 * 1024);
    let answered = '';
    void again.answer.then((text) => (answered = text));
    // Taken in: its file part is being written to disk, and no refusal came.
    await eventually(() => expect(tempFiles(dataDir)).toHaveLength(1));
    expect(answered).toBe('');
    expect(again.socket.destroyed).toBe(false);
    again.socket.destroy();
    for (const upload of [third, fourth]) upload.socket.destroy();
    await eventually(() => expect(tempFiles(dataDir)).toEqual([]));
  }, 60_000);

  it('a body declared larger than the documents of its call is refused before it is read', async () => {
    const token = await clubToken(server.baseUrl, 'club3@example.org');
    const answer = await fetch(`${server.baseUrl}/update-images.php`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: Buffer.alloc(5 * MB),
    });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { message: string }).message).toBe('The upload is too large.');
  });
});
