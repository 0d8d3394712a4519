/**
 * Scanned PDFs made smaller on the phone (issue 31): a PDF whose every page is only pictures
 * (a scan; an invisible OCR text layer counts as none) is drawn page by page and rebuilt from
 * JPEGs at the photo settings (photo-plan.ts: long side 1,600 px, the lowest legible quality),
 * one page each at the original page size. pdf.js reads and draws the pages, jpeg-pdf.ts writes
 * the new PDF: loaded only with this module, which loads only for a PDF over SHRINK_FROM_BYTES
 * (never on /login).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { jpegPagesToPdf } from './jpeg-pdf';
import { LONG_SIDES } from './photo-plan';
import { bytesOf } from './prepare-upload';

/** The smaller PDF and page 1 as it will be sent (the offer's preview). */
export interface ShrunkPdf {
  file: File;
  preview: Blob;
}

/** Draws one page and encodes it at the photo settings: a JPEG, or null when it cannot. */
export type PageRenderer = (page: PDFPageProxy) => Promise<Blob | null>;

/** The smaller PDF is offered only when it saves at least this share of the bytes. */
const WORTH = 0.8;

/** Operators that draw text, and those that draw a picture (pdf.js's operator list). */
const TEXT_OPS = new Set<number>([
  pdfjs.OPS.showText,
  pdfjs.OPS.showSpacedText,
  pdfjs.OPS.nextLineShowText,
  pdfjs.OPS.nextLineSetSpacingShowText,
]);
const IMAGE_OPS = new Set<number>([
  pdfjs.OPS.paintImageXObject,
  pdfjs.OPS.paintInlineImageXObject,
  pdfjs.OPS.paintImageXObjectRepeat,
  pdfjs.OPS.paintImageMaskXObject,
  pdfjs.OPS.paintImageMaskXObjectGroup,
  pdfjs.OPS.paintImageMaskXObjectRepeat,
  pdfjs.OPS.paintInlineImageXObjectGroup,
]);
/** Text rendering mode 3: neither filled nor stroked (a scanner's OCR layer under the picture). */
const INVISIBLE_TEXT = 3;

/** Whether a page only paints pictures (no visible text): a scanned page. */
export function isScannedPage(ops: { fnArray: number[]; argsArray: unknown[] }): boolean {
  let pictures = 0;
  let invisible = false;
  for (const [i, op] of ops.fnArray.entries()) {
    if (op === pdfjs.OPS.setTextRenderingMode) {
      invisible = (ops.argsArray[i] as number[] | undefined)?.[0] === INVISIBLE_TEXT;
    } else if (TEXT_OPS.has(op) && !invisible) {
      return false;
    } else if (IMAGE_OPS.has(op)) {
      pictures += 1;
    }
  }
  return pictures > 0;
}

/** pdf.js, reading in its own worker in the browser (in a test, in the same thread). */
function loadPdfjs(): typeof pdfjs {
  if (typeof Worker === 'function' && !pdfjs.GlobalWorkerOptions.workerPort) {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('./pdf.worker.ts', import.meta.url), {
      type: 'module',
    });
  }
  return pdfjs;
}

/** A page drawn on the page's canvas at the photo plan's long side, encoded as a legible JPEG. */
export const renderOnCanvas: PageRenderer = async (page) => {
  const plain = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: LONG_SIDES[0] / Math.max(plain.width, plain.height) });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  const canvasContext = canvas.getContext('2d');
  if (!canvasContext) return null;
  await page.render({ canvas, canvasContext, viewport }).promise;
  const { encodePhoto, pageSurface } = await import('./photo-codec');
  return encodePhoto(canvas, pageSurface, ['image/jpeg']);
};

/**
 * A scanned PDF rebuilt smaller, or null: a page has text (sent as it is), it cannot be read or
 * drawn, or the rebuilt one would not be worth it (under a fifth smaller).
 * @example await shrinkScannedPdf(scan) // { file: <PDF of 420 KB>, preview: <JPEG of page 1> }
 */
export async function shrinkScannedPdf(
  file: File,
  render: PageRenderer = renderOnCanvas,
): Promise<ShrunkPdf | null> {
  const lib = loadPdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(await bytesOf(file)),
    isEvalSupported: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    const pages: PDFPageProxy[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      if (!isScannedPage(await page.getOperatorList())) return null;
      pages.push(page);
    }
    const rebuilt: Parameters<typeof jpegPagesToPdf>[0][number][] = [];
    let preview: Blob | null = null;
    for (const page of pages) {
      const jpeg = await render(page);
      if (!jpeg) return null;
      preview ??= jpeg;
      const { width, height } = page.getViewport({ scale: 1 });
      rebuilt.push({ jpeg: new Uint8Array(await bytesOf(jpeg)), width, height });
    }
    const smaller = new File([jpegPagesToPdf(rebuilt)], file.name, {
      type: 'application/pdf',
      lastModified: file.lastModified,
    });
    return preview && smaller.size <= file.size * WORTH ? { file: smaller, preview } : null;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
