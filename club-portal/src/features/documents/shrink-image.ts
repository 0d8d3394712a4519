import { MAX_FILE_BYTES } from '@puja/domain';
import { paintOnWhite } from './paint';

/** Phone photos are usually over 3 MB: we re-encode them in the browser to fit (issue 8). */

/** Keep text on a form photo legible: the long side stays at least this long where possible. */
export const MIN_LEGIBLE_LONG_SIDE = 2000;
/** Never shrink below this: a smaller photo of a document is no use to a reviewer. */
const SMALLEST_LONG_SIDE = 1000;
/** A camera's 8000 px is more than any reviewer needs: start from here. */
const LARGEST_LONG_SIDE = 3200;
const QUALITIES = [0.85, 0.75, 0.65] as const;

/** Decoding and encoding, injected so the plan can be tested without a browser's canvas. */
export interface ImageCodec {
  /** The picture's size in pixels (decoded once). */
  decode(file: Blob): Promise<{ width: number; height: number }>;
  /** A JPEG of the decoded picture scaled to width × height. */
  encode(width: number, height: number, quality: number): Promise<Blob>;
  close(): void;
}

/** Each size and quality to try, best first: full quality steps at each long side. */
export function shrinkPlan(width: number, height: number): { w: number; h: number; q: number }[] {
  const long = Math.max(width, height);
  const plan: { w: number; h: number; q: number }[] = [];
  let side = Math.min(long, LARGEST_LONG_SIDE);
  for (;;) {
    const scale = side / long;
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    for (const q of QUALITIES) plan.push({ w, h, q });
    if (side <= SMALLEST_LONG_SIDE) break;
    // Stay at or above the legible size as long as possible, then go under it only if needed.
    const next =
      side > MIN_LEGIBLE_LONG_SIDE ? Math.max(MIN_LEGIBLE_LONG_SIDE, side * 0.8) : side * 0.8;
    side = Math.max(SMALLEST_LONG_SIDE, Math.round(next));
  }
  return plan;
}

/**
 * A JPEG of the image that fits in `maxBytes`, as large and sharp as the limit allows, or null
 * when even the smallest useful version does not fit.
 * @example const small = await shrinkImage(photo); // File 'photo.jpg', under 3 MB
 */
export async function shrinkImage(
  file: File,
  maxBytes: number = MAX_FILE_BYTES,
  codec: ImageCodec = canvasCodec(),
): Promise<File | null> {
  try {
    const { width, height } = await codec.decode(file);
    for (const step of shrinkPlan(width, height)) {
      const blob = await codec.encode(step.w, step.h, step.q);
      if (blob.size > 0 && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return null;
  } catch {
    return null;
  } finally {
    codec.close();
  }
}

/** The browser's codec: createImageBitmap (EXIF rotation applied) and a canvas. */
export function canvasCodec(): ImageCodec {
  let bitmap: ImageBitmap | null = null;
  return {
    async decode(file) {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { width: bitmap.width, height: bitmap.height };
    },
    async encode(width, height, quality) {
      if (!bitmap) throw new Error('decode first');
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      paintOnWhite(context, bitmap, width, height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', quality),
      );
      canvas.width = 0;
      canvas.height = 0;
      if (!blob) throw new Error('encoding failed');
      return blob;
    },
    close() {
      bitmap?.close();
      bitmap = null;
    },
  };
}
