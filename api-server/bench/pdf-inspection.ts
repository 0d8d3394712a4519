// `pnpm --filter @puja/api-server run bench:pdf`: what checking an uploaded PDF costs
// (src/uploads/pdf-inspection.ts: parsed in a worker thread by @cantoo/pdf-lib), per file of about 3 MB:
// a scan (one page, one 3 MB image), a long text document (hundreds of pages, a few thousand
// objects) and a file built to be slow (tens of thousands of tiny objects). The first check
// starts the worker; the rest reuse it. Then the decompression bombs of testing/pdf-bombs.ts
// (1–10 KB expanding to GBs): the time to refuse each, and the process's peak RSS above its
// working size, one at a time and three at once. A measurement, not a test: it prints and
// never fails.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { pdfProblem } from '../src/uploads/pdf-inspection';
import { pdfBombs } from '../testing/pdf-bombs';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function scan(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const image = doc.context.flateStream(randomBytes(3 * MB - 4096), { Subtype: 'Image' });
  page.node.set(PDFName.of('Scan'), doc.context.register(image));
  return doc.save();
}

async function longText(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; ; p += 1) {
    const page = doc.addPage();
    for (let line = 0; line < 60; line += 1) {
      const text = `Page ${p} line ${line}: ${randomBytes(20).toString('hex')}`;
      page.drawText(text, { x: 20, y: 800 - line * 12, size: 9, font });
    }
    if (p % 50 === 49) {
      const bytes = await doc.save({ useObjectStreams: false });
      if (bytes.length > 2.8 * MB) return bytes;
    }
  }
}

function tinyObjects(): Uint8Array {
  const parts = ['%PDF-1.7\n'];
  let size = parts[0]?.length ?? 0;
  for (let n = 1; size < 3 * MB - 64; n += 1) {
    const object = `${n} 0 obj<</N ${n}>>endobj\n`;
    parts.push(object);
    size += object.length;
  }
  parts.push('trailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.from(parts.join(''));
}

const dir = mkdtempSync(join(tmpdir(), 'puja-bench-pdf-'));
try {
  const files: [string, Uint8Array][] = [
    ['scan (1 page, 3 MB image)', await scan()],
    ['long text (many pages)', await longText()],
    ['built to be slow (tiny objects)', tinyObjects()],
  ];
  for (const [what, bytes] of files) {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, bytes);
    const times: number[] = [];
    let verdict: string | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      verdict = await pdfProblem(path, 120_000);
      times.push(performance.now() - started);
    }
    const [first = 0, ...rest] = times;
    rest.sort((a, b) => a - b);
    const median = rest[Math.floor(rest.length / 2)] ?? first;
    console.log(
      `${what}: ${(bytes.length / MB).toFixed(2)} MB, first ${first.toFixed(0)} ms, ` +
        `median of ${rest.length} ${median.toFixed(0)} ms, max ${Math.max(...rest).toFixed(0)} ms ` +
        `(${verdict ?? 'accepted'})`,
    );
  }
  await bombs();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Each bomb refused: how long it took, and the RSS above the working size at its peak. */
async function bombs() {
  const family = pdfBombs();
  const paths = family.map((bomb, i) => {
    const path = join(dir, `bomb-${i}.pdf`);
    writeFileSync(path, bomb.bytes);
    return path;
  });
  const working = process.memoryUsage.rss();
  let peak = working;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const above = () =>
    `${((Math.max(peak, process.memoryUsage.rss()) - working) / MB).toFixed(0)} MB`;
  try {
    for (const [i, bomb] of family.entries()) {
      peak = process.memoryUsage.rss();
      const started = performance.now();
      const verdict = await pdfProblem(paths[i] as string, 10_000);
      console.log(
        `bomb: ${bomb.what} (${(bomb.bytes.length / 1024).toFixed(1)} KB): ` +
          `${verdict ?? 'accepted'} in ${(performance.now() - started).toFixed(0)} ms, peak RSS +${above()}`,
      );
    }
    peak = process.memoryUsage.rss();
    const started = performance.now();
    const verdicts = await Promise.all(paths.slice(0, 3).map((path) => pdfProblem(path, 10_000)));
    console.log(
      `bombs: three at once: ${verdicts.join(', ')} in ${(performance.now() - started).toFixed(0)} ms, ` +
        `peak RSS +${above()} (working size ${(working / MB).toFixed(0)} MB)`,
    );
  } finally {
    clearInterval(timer);
  }
}
