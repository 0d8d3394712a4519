/**
 * `pnpm run bench:pages` (issue 31, docs/decisions/0046): which encoding of a document photo is
 * smaller at the same legibility, and what the server's PDF of pages costs.
 *
 * A synthetic A4 page photographed (60 lines of small print on a shaded sheet, a little blur and
 * sensor noise) at the club portal's photo size (long side 1,600 px) is encoded as WebP and as
 * JPEG at the portal's qualities; legibility is the portal's own check (luminance PSNR against
 * the original ≥ 32 dB, club-portal photo-plan.ts). Then the legible WebP is turned into the
 * JPEG the server embeds (WEBP_PAGE_JPEG_QUALITY), and a PDF of ten such pages is built.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildPagesPdf, WEBP_PAGE_JPEG_QUALITY } from '../src/uploads/page-pdf';

const WIDTH = 1131;
const HEIGHT = 1600;
const LEGIBLE_PSNR = 32;
const QUALITIES = [30, 40, 50, 60, 70, 80, 90];

function pageSvg(): string {
  const lines = Array.from({ length: 60 }, (_, i) => {
    const text = `${i + 1}. Puja budget item ${'Decoration lighting pandal sound security '.repeat(2).slice(0, 30 + ((i * 7) % 30))} Rs ${(i * 1379) % 90000}`;
    const size = i % 7 === 0 ? 20 : 15;
    return `<text x="${60 + (i % 3) * 4}" y="${90 + i * 24}" font-family="DejaVu Sans" font-size="${size}" fill="#222">${text}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4efe4"/><stop offset="1" stop-color="#d9d2c2"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${lines.join('')}</svg>`;
}

const luminance = (bytes: Buffer) => sharp(bytes).greyscale().raw().toBuffer();

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

async function main() {
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 4 },
    },
  })
    .png()
    .toBuffer();
  const original = await sharp(Buffer.from(pageSvg()))
    .blur(0.6)
    .composite([{ input: noise, blend: 'soft-light' }])
    .png()
    .toBuffer();
  const reference = await luminance(original);
  const legible: Partial<Record<'webp' | 'jpeg', { quality: number; bytes: Buffer }>> = {};
  for (const type of ['webp', 'jpeg'] as const) {
    for (const quality of QUALITIES) {
      const bytes = await sharp(original)[type]({ quality }).toBuffer();
      const db = psnr(reference, await luminance(bytes));
      console.log(`${type} q${quality}: ${kb(bytes.length)}, ${db.toFixed(1)} dB`);
      if (db >= LEGIBLE_PSNR && !legible[type]) legible[type] = { quality, bytes };
    }
  }
  const { webp, jpeg } = legible;
  if (!webp || !jpeg) throw new Error('no legible encoding');
  console.log(
    `legible at the lowest quality: WebP q${webp.quality} ${kb(webp.bytes.length)}, JPEG q${jpeg.quality} ${kb(jpeg.bytes.length)} (JPEG/WebP ${(jpeg.bytes.length / webp.bytes.length).toFixed(2)})`,
  );
  const started = performance.now();
  const converted = await sharp(webp.bytes).jpeg({ quality: WEBP_PAGE_JPEG_QUALITY }).toBuffer();
  console.log(
    `server: WebP → JPEG q${WEBP_PAGE_JPEG_QUALITY}: ${kb(converted.length)}, ${psnr(reference, await luminance(converted)).toFixed(1)} dB, ${Math.round(performance.now() - started)} ms`,
  );
  const dir = await mkdtemp(join(tmpdir(), 'puja-pages-'));
  try {
    for (const [type, { bytes }] of Object.entries(legible)) {
      const path = join(dir, `page.${type}`);
      await writeFile(path, bytes);
      const pages = Array.from({ length: 10 }, () => ({ path, kind: type as 'webp' | 'jpeg' }));
      const t0 = performance.now();
      const pdf = await buildPagesPdf(pages);
      console.log(
        `PDF of 10 ${type} pages: ${kb(pdf.length)} (pages sent ${kb(10 * bytes.length)}), built in ${Math.round(performance.now() - t0)} ms`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
