/**
 * The five documents of the upload benchmark, as a club has them on its phone: four camera
 * photos of paper documents (3–10 MB JPEGs: a sheet with lines of print and a stamp on a wooden
 * table, uneven light and sensor noise, the noise being what makes phone JPEGs large) and a 2 MB
 * scanned PDF (one A4 page, a JPEG inside). They are drawn and encoded by Chromium the first time
 * the benchmark runs and kept in e2e/artifacts/bench-documents/ (git-ignored: 25 MB).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ARTIFACTS_DIR } from '../support/paths';

const MB = 1024 * 1024;

/** A camera photo: pixel size, sensor noise (levels), JPEG quality the camera wrote. */
interface PhotoSpec {
  name: string;
  width: number;
  height: number;
  noise: number;
  quality: number;
  seed: number;
}

/** Four photos from 3 to 10 MB (a 12 and a 16 megapixel camera, dim rooms and bright ones). */
export const PHOTOS: readonly PhotoSpec[] = [
  { name: 'land-deed.jpg', width: 4000, height: 3000, noise: 12, quality: 0.9, seed: 11 },
  { name: 'chairman-letter.jpg', width: 4000, height: 3000, noise: 20, quality: 0.92, seed: 23 },
  { name: 'registration.jpg', width: 4624, height: 3468, noise: 16, quality: 0.93, seed: 37 },
  { name: 'committee-list.jpg', width: 4624, height: 3468, noise: 26, quality: 0.95, seed: 41 },
];

/** The scanned budget: an A4 page at 300 dpi, its JPEG at the quality that makes about 2 MB. */
const SCAN = { name: 'budget-scan.pdf', width: 2480, height: 3508, noise: 10, seed: 53 };
const SCAN_BYTES = 2 * MB;

/** Bump when the drawing changes, so older cached files are not taken for new ones. */
const VERSION = 'v1';

export interface BenchDocument {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Draws a photographed paper document on an OffscreenCanvas and encodes it as JPEG; runs in the
 * page. With `maxBytes`, the highest quality from `quality` down whose JPEG fits.
 */
async function drawInPage(spec: {
  width: number;
  height: number;
  noise: number;
  quality: number;
  seed: number;
  paperOnly: boolean;
  maxBytes: number;
  /** How much lower each quality tried to fit `maxBytes` is. */
  qualityStep: number;
}): Promise<string> {
  const { width: w, height: h, noise } = spec;
  let state = spec.seed >>> 0;
  const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296;
  const canvas = new OffscreenCanvas(w, h);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2D canvas');
  // The table (a photo) or the scanner's lid (a scan).
  const table = g.createLinearGradient(0, 0, w, h);
  table.addColorStop(0, spec.paperOnly ? '#f7f6f2' : '#6b4a2e');
  table.addColorStop(1, spec.paperOnly ? '#ecebe6' : '#3d2917');
  g.fillStyle = table;
  g.fillRect(0, 0, w, h);
  if (!spec.paperOnly) {
    for (let i = 0; i < 300; i++) {
      g.strokeStyle = `rgba(30,18,8,${0.1 + rnd() * 0.2})`;
      g.lineWidth = 2 + rnd() * 8;
      g.beginPath();
      const y = rnd() * h;
      g.moveTo(0, y);
      g.bezierCurveTo(w / 3, y + rnd() * 80 - 40, (2 * w) / 3, y + rnd() * 80 - 40, w, y);
      g.stroke();
    }
  }
  // The sheet, a little askew in a photo, with a heading, lines of print and a round stamp.
  g.save();
  g.translate(w / 2, h / 2);
  if (!spec.paperOnly) g.rotate((rnd() - 0.5) * 0.12);
  const ph = spec.paperOnly ? h * 0.98 : h * 0.85;
  const pw = spec.paperOnly ? w * 0.98 : ph / 1.414;
  g.shadowColor = 'rgba(0,0,0,0.5)';
  g.shadowBlur = spec.paperOnly ? 0 : 40;
  g.fillStyle = '#f4f1ea';
  g.fillRect(-pw / 2, -ph / 2, pw, ph);
  g.shadowBlur = 0;
  g.fillStyle = '#1d1d2b';
  g.font = `bold ${Math.round(ph / 40)}px serif`;
  g.textAlign = 'center';
  g.fillText('OFFICE OF THE MUNICIPALITY', 0, -ph / 2 + ph / 12);
  g.textAlign = 'left';
  const line = ph / 48;
  g.font = `${Math.round(line * 0.6)}px serif`;
  const words = (
    'the club committee hereby certify that land ward puja durga pandal permission owner ' +
    'agreement secretary president budget rupees signed date place'
  ).split(' ');
  for (let y = -ph / 2 + ph / 7; y < ph / 2 - ph / 6; y += line) {
    let x = -pw / 2 + pw / 12;
    while (x < pw / 2 - pw / 10) {
      const word = words[Math.floor(rnd() * words.length)] ?? 'puja';
      g.fillText(word, x, y);
      x += g.measureText(`${word} `).width;
    }
  }
  g.strokeStyle = 'rgba(40,60,160,0.7)';
  g.lineWidth = ph / 200;
  g.beginPath();
  g.arc(pw / 4, ph / 2 - ph / 10, ph / 16, 0, Math.PI * 2);
  g.stroke();
  g.restore();
  if (!spec.paperOnly) {
    // A lamp above one corner: bright there, darker towards the edges.
    const light = g.createRadialGradient(w * 0.3, h * 0.3, 0, w / 2, h / 2, w * 0.7);
    light.addColorStop(0, 'rgba(255,250,230,0.15)');
    light.addColorStop(1, 'rgba(0,0,0,0.35)');
    g.fillStyle = light;
    g.fillRect(0, 0, w, h);
  }
  // Sensor noise: luminance grain plus a little colour noise.
  const image = g.getImageData(0, 0, w, h);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    const grain = (rnd() + rnd() + rnd() - 1.5) * noise;
    d[i] = (d[i] ?? 0) + grain + (rnd() - 0.5) * noise * 0.5;
    d[i + 1] = (d[i + 1] ?? 0) + grain;
    d[i + 2] = (d[i + 2] ?? 0) + grain + (rnd() - 0.5) * noise * 0.5;
  }
  g.putImageData(image, 0, 0);
  let quality = spec.quality;
  let blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  while (blob.size > spec.maxBytes && quality > 0.3) {
    quality -= spec.qualityStep;
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** A page of a scan: its JPEG and that JPEG's size in pixels. */
export interface ScannedPage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A PDF of A4 pages, each showing one JPEG over the whole page, as scanners write. */
export function scannedPdf(pages: readonly ScannedPage[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string, stream?: Buffer) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n${body}\n`);
    if (stream) {
      add('stream\n');
      add(stream);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  // Objects 1 and 2 are the catalogue and the page tree; page n is 3n, its picture 3n + 1 and
  // its drawing 3n + 2.
  const draw = Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q\n', 'latin1');
  const kids = pages.map((_, n) => `${3 * (n + 1)} 0 R`).join(' ');
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  for (const [n, { jpeg, width, height }] of pages.entries()) {
    const at = 3 * (n + 1);
    object(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
        `/Resources << /XObject << /Im0 ${at + 1} 0 R >> >> /Contents ${at + 2} 0 R >>`,
    );
    object(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ` +
        `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
      jpeg,
    );
    object(`<< /Length ${draw.length} >>`, draw);
  }
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** Camera photos drawn in `page` and written to `dir` under their names. */
async function drawPhotos(page: Page, dir: string, photos: readonly PhotoSpec[]): Promise<void> {
  for (const photo of photos) {
    const base64 = await page.evaluate(drawInPage, {
      ...photo,
      paperOnly: false,
      maxBytes: Infinity,
      qualityStep: 0.05,
    });
    writeFileSync(join(dir, photo.name), Buffer.from(base64, 'base64'));
  }
}

/** A file of the size asked, or an error naming it. */
function sized(name: string, buffer: Buffer, min: number, max: number): Buffer {
  if (buffer.length < min || buffer.length > max) {
    throw new Error(`${name} is ${buffer.length} bytes, not ${min}–${max}`);
  }
  return buffer;
}

/** The four photos and the PDF, drawn now or read from the cache of an earlier run. */
export async function benchDocuments(
  browser: Browser,
): Promise<{ photos: BenchDocument[]; pdf: BenchDocument }> {
  const dir = join(ARTIFACTS_DIR, 'bench-documents', VERSION);
  mkdirSync(dir, { recursive: true });
  const missing = [...PHOTOS.map(({ name }) => name), SCAN.name].some(
    (name) => !existsSync(join(dir, name)),
  );
  if (missing) {
    const page = await browser.newPage();
    try {
      await drawPhotos(page, dir, PHOTOS);
      const scan = await page.evaluate(drawInPage, {
        ...SCAN,
        quality: 0.95,
        paperOnly: true,
        maxBytes: SCAN_BYTES - 4096,
        qualityStep: 0.05,
      });
      const pdf = scannedPdf([
        { jpeg: Buffer.from(scan, 'base64'), width: SCAN.width, height: SCAN.height },
      ]);
      writeFileSync(join(dir, SCAN.name), pdf);
    } finally {
      await page.close();
    }
  }
  const photos = PHOTOS.map(({ name }) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: sized(name, readFileSync(join(dir, name)), 3 * MB, 10 * MB),
  }));
  const pdf = {
    name: SCAN.name,
    mimeType: 'application/pdf',
    buffer: readFileSync(join(dir, SCAN.name)),
  };
  return { photos, pdf };
}

/**
 * Issue 31's documents: three pages of a budget photographed at 3–4 MB each (a 12 megapixel
 * camera, the sheet on a table, grain), and a 2.9 MB scan of three A4 pages at 300 dpi (just
 * under the 3 MB limit: each page a JPEG of print at the highest quality that fits a third).
 */
const PAGES: readonly PhotoSpec[] = [
  { name: 'budget-page-1.jpg', width: 4000, height: 3000, noise: 12, quality: 0.9, seed: 61 },
  { name: 'budget-page-2.jpg', width: 4000, height: 3000, noise: 13, quality: 0.9, seed: 67 },
  { name: 'budget-page-3.jpg', width: 4000, height: 3000, noise: 14, quality: 0.9, seed: 71 },
];
const SCAN_PAGES = [59, 73, 79].map((seed, n) => ({
  name: `committee-scan-${n + 1}.jpg`,
  width: 2480,
  height: 3508,
  noise: 10,
  seed,
}));
const SCAN_OF_PAGES = { name: 'committee-scan.pdf', bytes: 2.9 * MB };
/** Bump when the drawing changes, so older cached files are not taken for new ones. */
const PAGES_VERSION = 'pages-v1';

/** The three page photos, the three-page scan and its pages' JPEGs (the originals). */
export async function benchPages(browser: Browser): Promise<{
  pages: BenchDocument[];
  scan: BenchDocument;
  scanPages: ScannedPage[];
}> {
  const dir = join(ARTIFACTS_DIR, 'bench-documents', PAGES_VERSION);
  mkdirSync(dir, { recursive: true });
  const files = [...PAGES, ...SCAN_PAGES].map(({ name }) => name);
  if (files.some((name) => !existsSync(join(dir, name)))) {
    const page = await browser.newPage();
    try {
      await drawPhotos(page, dir, PAGES);
      // Each page the highest quality under a third of the PDF (less the PDF's own few bytes).
      for (const scan of SCAN_PAGES) {
        const base64 = await page.evaluate(drawInPage, {
          ...scan,
          quality: 0.95,
          paperOnly: true,
          maxBytes: Math.floor((SCAN_OF_PAGES.bytes - 2048) / SCAN_PAGES.length),
          qualityStep: 0.01,
        });
        writeFileSync(join(dir, scan.name), Buffer.from(base64, 'base64'));
      }
    } finally {
      await page.close();
    }
  }
  const pages = PAGES.map(({ name }) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: sized(name, readFileSync(join(dir, name)), 3 * MB, 4 * MB),
  }));
  const scanPages = SCAN_PAGES.map(({ name, width, height }) => ({
    jpeg: readFileSync(join(dir, name)),
    width,
    height,
  }));
  const scan = {
    name: SCAN_OF_PAGES.name,
    mimeType: 'application/pdf',
    buffer: sized(SCAN_OF_PAGES.name, scannedPdf(scanPages), 2.8 * MB, SCAN_OF_PAGES.bytes),
  };
  return { pages, scan, scanPages };
}
