// Decompression-bomb PDFs (issue 26, H1), uploaded as a club would (tus, against the listening
// server): 1–10 KB files whose object streams, cross-reference streams or XFA forms expand to
// GBs. Each is refused as unreadable within seconds while the process's memory stays within
// its working size + 256 MB, alone and three at once, and another club's real PDF uploaded at
// the same time is accepted in under 5 s. Then the finish step runs once per upload, and the
// check queue is fair and bounded.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKS_PER_ACCOUNT,
  PdfChecksBusy,
  FIRST_AFTER_TURNED_AWAY,
  goesFirst,
  noteTurnedAway,
  pdfCheckLoad,
  pdfCheckWaitMs,
  pdfProblem,
} from '../src/uploads/pdf-inspection';
import { pdfBombs, pdfOfObjects } from '../testing/pdf-bombs';
import { createHarness, type Harness } from './harness';
import { create, offsetOf, patch } from './tus-client';

const MB = 1024 * 1024;

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(() => h?.close());

/** A real document of about 300 KB: one page and a scanned image. */
async function realPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const image = doc.context.flateStream(randomBytes(300 * 1024), { Subtype: 'Image' });
  page.node.set(PDFName.of('Scan'), doc.context.register(image));
  return Buffer.from(await doc.save());
}

/** Uploads `bytes` by tus (create, one PATCH): the PATCH's answer and how long it took. */
async function upload(token: string, bytes: Buffer) {
  const created = await create(base, token, bytes.length);
  expect(created.status, created.body).toBe(201);
  const started = performance.now();
  const sent = await patch(created.url, token, 0, bytes);
  const body = await sent.text();
  return { status: sent.status, body, ms: performance.now() - started, url: created.url };
}

/** The highest RSS seen while `work` runs, sampled every 10 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

const refusedAsUnreadable = (answer: { status: number; body: string }) => {
  expect(answer.status, answer.body).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({
    success: false,
    code: 'validation.pdfUnreadable',
  });
};

describe('decompression-bomb PDFs', () => {
  const bombs = pdfBombs();
  let working = 0;

  beforeAll(async () => {
    // The working size: the server has checked a real PDF (its parser worker is up).
    const club = await h.club();
    expect((await upload(club.token, await realPdf())).status).toBe(204);
    working = process.memoryUsage.rss();
  });

  it('are 1–10 KB expanding 10⁵–10⁶ times, and one of 2.5 MB expanding 1,000 times', () => {
    const [big, ...small] = [...bombs].sort((a, b) => b.bytes.length - a.bytes.length);
    for (const bomb of small) {
      expect(bomb.bytes.length).toBeGreaterThanOrEqual(700);
      expect(bomb.bytes.length).toBeLessThanOrEqual(10 * 1024);
      expect(bomb.expandsTo / bomb.bytes.length).toBeGreaterThan(1e5);
    }
    expect(big?.bytes.length).toBeLessThanOrEqual(h.config.maxFileBytes);
    expect((big?.expandsTo ?? 0) / (big?.bytes.length ?? 1)).toBeGreaterThan(900);
  });

  it('are each refused as unreadable within seconds, one at a time, in bounded memory', async () => {
    const club = await h.club();
    const { result, peak } = await peakRss(async () => {
      const answers = [];
      for (const bomb of bombs)
        answers.push({ ...bomb, ...(await upload(club.token, bomb.bytes)) });
      return answers;
    });
    for (const answer of result) {
      refusedAsUnreadable(answer);
      // The small ones within seconds, even on a loaded machine (about 0.1 s on a quiet one);
      // the 2.5 MB one decodes its whole budget first (about 1 s on a quiet machine).
      if (answer.bytes.length <= 10 * 1024) expect(answer.ms, answer.what).toBeLessThan(5000);
      // Nothing of a refused upload is kept.
      expect((await offsetOf(answer.url, club.token)).status).toBe(404);
    }
    expect(peak - working).toBeLessThan(256 * MB);
  });

  it('three at once are refused while another club uploads a real 300 KB PDF, accepted in under 5 s', async () => {
    const attacker = await h.club();
    const other = await h.club();
    const real = await realPdf();
    const { result, peak } = await peakRss(() =>
      Promise.all([
        ...bombs.slice(0, 3).map((bomb) => upload(attacker.token, bomb.bytes)),
        upload(other.token, real),
      ]),
    );
    const accepted = result.pop();
    for (const answer of result) refusedAsUnreadable(answer);
    expect(accepted?.status, accepted?.body).toBe(204);
    expect(accepted?.ms).toBeLessThan(5000);
    expect(peak - working).toBeLessThan(256 * MB);
  });
});

describe('a finished upload', () => {
  it('is checked once: a PATCH of no bytes at its end checks nothing again', async () => {
    const club = await h.club();
    const real = await realPdf();
    const sent = await upload(club.token, real);
    expect(sent.status, sent.body).toBe(204);
    const checked = pdfCheckLoad().checksRun;
    const again = await Promise.all(
      Array.from({ length: 5 }, () => patch(sent.url, club.token, real.length, Buffer.alloc(0))),
    );
    for (const answer of again) {
      expect(answer.status).toBe(204);
      expect(answer.headers.get('upload-offset')).toBe(String(real.length));
    }
    expect(pdfCheckLoad().checksRun).toBe(checked);
  });
});

describe('the PDF check queue', () => {
  /** A file of thousands of objects: a fraction of a second to check, a worker kept busy. */
  async function manyObjects(name: string): Promise<string> {
    const path = join(h.config.dataDir, name);
    const objects = Array.from({ length: 5_000 }, (_, i) => `<< /N ${i} >>`);
    await writeFile(path, pdfOfObjects(['<< /Type /Catalog >>', ...objects]));
    return path;
  }

  it("turns away one account's checks past its share (503, Retry-After) and serves another account in turn", async () => {
    const slow = await manyObjects('slow.pdf');
    const small = join(h.config.dataDir, 'small.pdf');
    await writeFile(small, pdfOfObjects(['<< /Type /Catalog >>']));
    const done: string[] = [];
    const flood = Array.from({ length: CHECKS_PER_ACCOUNT + 3 }, (_, i) =>
      pdfProblem(slow, 10_000, 'flooding').then(
        (verdict) => {
          done.push(`flood ${i}`);
          return verdict;
        },
        (error: unknown) => error,
      ),
    );
    const other = pdfProblem(small, 10_000, 'other').then((verdict) => {
      done.push('other');
      return verdict;
    });
    const answers = await Promise.all(flood);
    expect(await other).toBeNull();
    const busy = answers.filter((answer) => answer instanceof PdfChecksBusy);
    expect(busy).toHaveLength(3);
    for (const refusal of busy) {
      expect(refusal.statusCode).toBe(503);
      expect(refusal.messageKey).toBe('server.pdfChecksBusy');
      expect(Number(refusal.headers['Retry-After'])).toBeGreaterThan(0);
    }
    expect(answers.filter((answer) => answer === null)).toHaveLength(CHECKS_PER_ACCOUNT);
    // The other account was not left behind the whole flood.
    expect(done.indexOf('other')).toBeLessThan(done.length - 2);
    expect(pdfCheckLoad()).toMatchObject({ running: 0, waiting: 0 });
    // Turned away for flooding past its own share: that never puts an account first.
    expect(goesFirst('flooding')).toBe(false);
  });

  it('serves an account turned away twice before the checks queued ahead of it', async () => {
    const slow = await manyObjects('slow-first.pdf');
    const done: string[] = [];
    const check = (name: string) =>
      pdfProblem(slow, 10_000, name).then((verdict) => {
        done.push(name);
        return verdict;
      });
    // Two run, four wait in turn.
    const ahead = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => check(`early ${name}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pdfCheckLoad().waiting).toBeGreaterThanOrEqual(3);

    for (let i = 0; i < FIRST_AFTER_TURNED_AWAY; i += 1) noteTurnedAway('patient');
    expect(goesFirst('patient')).toBe(true);
    expect(pdfCheckWaitMs('patient')).toBeLessThan(pdfCheckWaitMs());
    const patient = check('patient');

    expect(await Promise.all([...ahead, patient])).toEqual(Array(7).fill(null));
    // Its check took the first parser freed, before those that had waited longer.
    expect(done.indexOf('patient')).toBeLessThan(done.indexOf('early e'));
    expect(done.indexOf('patient')).toBeLessThan(done.indexOf('early f'));
  });

  it('answers a submit 503 with Retry-After when its account has its share of checks waiting, and stores nothing', async () => {
    const club = await h.club();
    const slow = await manyObjects('slow-submit.pdf');
    const before = await h.snapshot();
    const held = Array.from({ length: CHECKS_PER_ACCOUNT }, () =>
      pdfProblem(slow, 10_000, String(club.userId)),
    );
    const res = await h.apply(club);
    await Promise.all(held);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'server.pdfChecksBusy',
      message:
        'The server is busy checking documents. Your files are safe; please send again in a moment.',
    });
    expect(await h.snapshot()).toEqual(before);
    // Once the checks are done, the same submit goes through.
    expect((await h.apply(club)).statusCode).toBe(201);
  });
});
