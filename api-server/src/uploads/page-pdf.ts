/**
 * One PDF of a document's photos (issue 31, docs/decisions/0046): a page per photo, in the order
 * the club chose, each on an A4 sheet turned the way the photo is (portrait or landscape) and
 * fitted within a quarter-inch margin, centred. A JPEG goes in as it is (no second loss), a PNG
 * as a PNG; a WebP, which PDF cannot carry, is turned into a JPEG here (WEBP_PAGE_JPEG_QUALITY).
 * A JPEG whose EXIF says it is turned is turned once here too (a PDF reader ignores EXIF).
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FileKind } from '@puja/domain';
import sharp from 'sharp';

/** A4 in PDF points (1/72 inch). */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

/** The white margin around a page's photo: a quarter inch. */
const MARGIN_POINTS = 18;

/**
 * The JPEG quality a WebP page is written at: 70 keeps a photo that passed the club's legibility
 * check (luminance PSNR ≥ 32 dB) above it (33.1 dB measured, `pnpm run bench:pages`).
 */
export const WEBP_PAGE_JPEG_QUALITY = 70;

/** A photo page to put in the PDF: its bytes on disk and their kind. */
export interface PagePhoto {
  path: string;
  kind: FileKind;
}

/** The photo's bytes as the PDF carries them: JPEG or PNG, upright. */
async function embeddable(page: PagePhoto): Promise<{ bytes: Buffer; as: 'jpeg' | 'png' }> {
  const bytes = await readFile(page.path);
  if (page.kind === 'png') return { bytes, as: 'png' };
  if (page.kind === 'jpeg') {
    const { orientation } = await sharp(bytes).metadata();
    if (orientation === undefined || orientation === 1) return { bytes, as: 'jpeg' };
  } else if (page.kind !== 'webp') {
    throw new Error(`a ${page.kind} is not a photo page`);
  }
  // `rotate()` with no angle turns the picture as its EXIF says and drops the tag.
  const jpeg = await sharp(bytes).rotate().jpeg({ quality: WEBP_PAGE_JPEG_QUALITY }).toBuffer();
  return { bytes: jpeg, as: 'jpeg' };
}

/**
 * Where a picture of `width` × `height` sits on its A4 sheet: the sheet turned like the picture,
 * the picture scaled to fit within the margin (up or down) and centred.
 * @example fitOnA4(1200, 1600) // { sheet: [595.28, 841.89], x: 18, y: 24.1…, width: 559.28, height: 745.7… }
 */
export function fitOnA4(width: number, height: number) {
  const landscape = width > height;
  const sheet: [number, number] = landscape
    ? [A4_POINTS.height, A4_POINTS.width]
    : [A4_POINTS.width, A4_POINTS.height];
  const scale = Math.min(
    (sheet[0] - 2 * MARGIN_POINTS) / width,
    (sheet[1] - 2 * MARGIN_POINTS) / height,
  );
  const [w, h] = [width * scale, height * scale];
  return { sheet, x: (sheet[0] - w) / 2, y: (sheet[1] - h) / 2, width: w, height: h };
}

/** The PDF of a document's photos, a page each in the order given. */
export async function buildPagesPdf(pages: readonly PagePhoto[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setProducer('Puja NOC portal');
  pdf.setCreator('Puja NOC portal: pages from the camera');
  for (const page of pages) {
    const { bytes, as } = await embeddable(page);
    const image = as === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const place = fitOnA4(image.width, image.height);
    pdf.addPage(place.sheet).drawImage(image, place);
  }
  return pdf.save();
}
