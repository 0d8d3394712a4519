/// <reference lib="webworker" />
// Compresses one photo off the page (compress-photo.ts): decode with EXIF rotation, then
// encode (WebP, or JPEG where the browser has no WebP encoder) at each size and quality the
// plan asks for, measuring legibility against the scaled original.
import { PHOTO_TYPES, choosePhotoEncoding, luminancePsnr, type PhotoCodec } from './compress-photo';
import { paintOnWhite } from './paint';

/** A worker canvas with the picture painted at width × height, and its pixels. */
function painted(source: ImageBitmap, width: number, height: number) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  paintOnWhite(context, source, width, height);
  return { canvas, pixels: context.getImageData(0, 0, width, height).data };
}

async function compress(file: Blob): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let reference: { key: string; canvas: OffscreenCanvas; pixels: Uint8ClampedArray } | null = null;
  // WebP where the browser encodes it (a browser that cannot answers PNG): JPEG otherwise.
  let type: (typeof PHOTO_TYPES)[number] = PHOTO_TYPES[0];
  const codec: PhotoCodec = {
    async encode(width, height, quality) {
      const key = `${width}x${height}`;
      if (reference?.key !== key) reference = { key, ...painted(bitmap, width, height) };
      let blob = await reference.canvas.convertToBlob({ type, quality });
      if (blob.type !== type) {
        type = 'image/jpeg';
        blob = await reference.canvas.convertToBlob({ type, quality });
      }
      const decoded = await createImageBitmap(blob);
      const psnr = luminancePsnr(reference.pixels, painted(decoded, width, height).pixels);
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

self.onmessage = (event: MessageEvent<Blob>) => {
  compress(event.data).then(
    (blob) => self.postMessage(blob),
    () => self.postMessage(null),
  );
};
