/**
 * The one photo encoder (issue 28): decode with EXIF rotation, then encode (WebP, or JPEG where
 * the browser has no WebP encoder) at each size and quality choosePhotoEncoding asks for,
 * measuring legibility against the scaled original. The worker (compress.worker.ts) runs it on
 * an OffscreenCanvas; a browser without workers or OffscreenCanvas runs the same on the page's
 * canvas (compress-photo.ts), so both send the same photo.
 */
import { PHOTO_TYPES, choosePhotoEncoding, luminancePsnr, type PhotoCodec } from './photo-plan';
import { paintOnWhite } from './paint';

/** A canvas of a given size: its 2D context and how it encodes. */
interface Surface {
  context: Parameters<typeof paintOnWhite>[0] & {
    getImageData(x: number, y: number, width: number, height: number): ImageData;
  };
  encode(type: string, quality: number): Promise<Blob>;
}

/** Makes a canvas of width × height: a worker's OffscreenCanvas or the page's canvas. */
export type SurfaceMaker = (width: number, height: number) => Surface;

/** The worker's canvas. */
export const offscreenSurface: SurfaceMaker = (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
};

/** The page's canvas (the fallback without workers or OffscreenCanvas). */
export const pageSurface: SurfaceMaker = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  return {
    context,
    encode: (type, quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))),
          type,
          quality,
        ),
      ),
  };
};

/** A canvas with the picture painted at width × height, and its pixels. */
function painted(surfaceOf: SurfaceMaker, source: ImageBitmap, width: number, height: number) {
  const surface = surfaceOf(width, height);
  paintOnWhite(surface.context, source, width, height);
  return { surface, pixels: surface.context.getImageData(0, 0, width, height).data };
}

/**
 * The photo (a file, or a page of a scanned PDF drawn on a canvas) as its smallest legible WebP
 * or JPEG within PHOTO_TARGET_BYTES (choosePhotoEncoding), or null when nothing fits; `types`
 * narrows the encodings (a PDF embeds only JPEG).
 */
export async function encodePhoto(
  file: Blob | HTMLCanvasElement,
  surfaceOf: SurfaceMaker,
  types: readonly (typeof PHOTO_TYPES)[number][] = PHOTO_TYPES,
): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let reference: { key: string; surface: Surface; pixels: Uint8ClampedArray } | null = null;
  // WebP where the browser encodes it (a browser that cannot answers PNG): JPEG otherwise.
  let type: (typeof PHOTO_TYPES)[number] = types[0] ?? 'image/jpeg';
  const codec: PhotoCodec = {
    async encode(width, height, quality) {
      const key = `${width}x${height}`;
      if (reference?.key !== key) reference = { key, ...painted(surfaceOf, bitmap, width, height) };
      let blob = await reference.surface.encode(type, quality);
      if (blob.type !== type) {
        type = 'image/jpeg';
        blob = await reference.surface.encode(type, quality);
      }
      const decoded = await createImageBitmap(blob);
      const psnr = luminancePsnr(
        reference.pixels,
        painted(surfaceOf, decoded, width, height).pixels,
      );
      decoded.close();
      return { blob, psnr };
    },
  };
  try {
    return await choosePhotoEncoding(codec, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
