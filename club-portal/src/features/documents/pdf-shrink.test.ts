import type * as ApiClient from '@puja/api-client';
import {
  PDFDocument,
  StandardFonts,
  TextRenderingMode,
  setTextRenderingMode,
} from '@cantoo/pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { started } from '../../test-support/fake-tus';
import type * as Shrink from './pdf-shrink';
import { isScannedPage, shrinkScannedPdf, type PageRenderer } from './pdf-shrink';
import { bytesOf } from './prepare-upload';
import { chooseFile, decideOffer, offerOf, slotOf } from './upload-slots';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  resumableUploadsSupported: vi.fn(async () => true),
}));
vi.mock('tus-js-client', async () => (await import('../../test-support/fake-tus')).fakeTus);

/**
 * A page "drawn at the photo settings": the test DOM has no canvas, so a tiny JPEG stands for
 * it (a real header: pdf-lib reads its size and colours to embed it).
 */
const tinyJpeg = new Uint8Array([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x0c, 0x03, 0x01, 0x22, 0x00, 0x02,
  0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
]);
const drawn: number[] = [];
const render: PageRenderer = async (page) => {
  drawn.push(page.pageNumber);
  return new Blob([tinyJpeg], { type: 'image/jpeg' });
};
vi.mock('./pdf-shrink', async (original) => {
  const real = await original<typeof Shrink>();
  return { ...real, shrinkScannedPdf: (file: File) => real.shrinkScannedPdf(file, render) };
});

/** A 1×1 PNG, the picture a "scanned" page shows stretched over it. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

/**
 * A PDF of `pages` A4 pages, each a picture (a scan) or a line of text, made over 1 MB by an
 * unused stream of noise (as a scanner's large pictures would).
 */
async function pdfOf(pages: number, kind: 'scan' | 'text' | 'ocr', bytes = 1_200_000) {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(PNG);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n += 1) {
    const page = doc.addPage([595, 842]);
    if (kind !== 'text') page.drawImage(picture, { x: 0, y: 0, width: 595, height: 842 });
    if (kind === 'text') page.drawText(`Budget, page ${n + 1}`, { x: 50, y: 780, font });
    if (kind === 'ocr') {
      // A scanner's OCR layer: the text, invisible (rendering mode 3), under the picture.
      page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
      page.drawText('Budget', { x: 50, y: 780, font });
    }
  }
  const noise = new Uint8Array(bytes);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  doc.context.register(doc.context.stream(noise));
  return new File([await doc.save({ useObjectStreams: false })], 'budget-scan.pdf', {
    type: 'application/pdf',
  });
}

beforeEach(() => {
  started.length = 0;
  drawn.length = 0;
});

describe('a scanned PDF', () => {
  it('is rebuilt smaller, page by page at the original page size, with page 1 as preview', async () => {
    const scan = await pdfOf(3, 'scan');
    expect(scan.size).toBeGreaterThan(1024 * 1024);
    const shrunk = await shrinkScannedPdf(scan, render);
    expect(shrunk).not.toBeNull();
    expect(drawn).toEqual([1, 2, 3]);
    expect(shrunk!.file.size).toBeLessThan(scan.size / 10);
    expect(shrunk!.file.type).toBe('application/pdf');
    expect(shrunk!.preview.type).toBe('image/jpeg');
    const rebuilt = await PDFDocument.load(await bytesOf(shrunk!.file));
    expect(rebuilt.getPageCount()).toBe(3);
    expect(rebuilt.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    // pdf.js reads it too: three pages, each one picture.
    const read = await getDocument({ data: new Uint8Array(await bytesOf(shrunk!.file)) }).promise;
    expect(read.numPages).toBe(3);
    expect(isScannedPage(await (await read.getPage(3)).getOperatorList())).toBe(true);
  });

  it('of text pages is not offered: it is sent as it is', async () => {
    expect(await shrinkScannedPdf(await pdfOf(2, 'text'), render)).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('with an invisible OCR text layer over its pictures counts as scanned', async () => {
    expect(await shrinkScannedPdf(await pdfOf(1, 'ocr'), render)).not.toBeNull();
  });

  it('a page of text among scans keeps the whole PDF as it is', () => {
    const [paint, show] = [OPS.paintImageXObject, OPS.showText];
    expect(isScannedPage({ fnArray: [paint], argsArray: [null] })).toBe(true);
    expect(isScannedPage({ fnArray: [paint, show], argsArray: [null, null] })).toBe(false);
    expect(isScannedPage({ fnArray: [], argsArray: [] })).toBe(false);
  });
});

describe('"Make it smaller" in a document slot', () => {
  it('is offered for a scanned PDF over 1 MB with both sizes; accepted, the smaller one goes', async () => {
    const scan = await pdfOf(3, 'scan');
    await chooseFile('budget', scan);
    const slot = slotOf('budget');
    expect(slot).toMatchObject({ phase: 'offer', name: 'budget-scan.pdf', size: scan.size });
    expect(slot.phase === 'offer' && slot.smaller).toBeLessThan(scan.size / 10);
    expect(offerOf('budget')?.preview.type).toBe('image/jpeg');
    expect(started).toHaveLength(0);
    await decideOffer('budget', true);
    expect(started).toHaveLength(1);
    expect(started[0]?.file.size).toBe(slot.phase === 'offer' ? slot.smaller : -1);
    expect(slotOf('budget')).toMatchObject({ phase: 'uploading', name: 'budget-scan.pdf' });
  });

  it('declined, the PDF chosen goes as it is', async () => {
    const scan = await pdfOf(2, 'scan');
    await chooseFile('committee', scan);
    expect(slotOf('committee').phase).toBe('offer');
    await decideOffer('committee', false);
    expect(started).toHaveLength(1);
    expect(started[0]?.file.size).toBe(scan.size);
    expect(offerOf('committee')).toBeNull();
  });

  it('a PDF of text pages, or one under 1 MB, goes at once without an offer', async () => {
    const text = await pdfOf(2, 'text');
    await chooseFile('deed', text);
    expect(slotOf('deed').phase).toBe('uploading');
    expect(started[0]?.file.size).toBe(text.size);
    await chooseFile('sdo', await pdfOf(1, 'scan', 100_000));
    expect(slotOf('sdo').phase).toBe('uploading');
    expect(drawn).toEqual([]);
  });
});
