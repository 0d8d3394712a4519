/**
 * How phone photos of documents are made small before they are sent (issue 21): a WebP (JPEG where the
 * browser cannot encode WebP, about 1.6 times the bytes at the same legibility) of at most
 * 500 KB, long side 1,600 px (smaller only when it must), at the lowest quality that still
 * passes a legibility check: the luminance PSNR of the encoded picture against the scaled
 * original stays at or above LEGIBLE_PSNR, so text edges survive. The work runs in a Web Worker
 * (compress.worker.ts) so the page stays responsive; without workers, the same encoder
 * (photo-codec.ts) runs on the page's canvas.
 */

/** A photo is sent as at most this many bytes. */
export const PHOTO_TARGET_BYTES = 500 * 1024;
/** A photo already this small is sent as it is (no second JPEG loss for nothing). */
export const PHOTO_KEEP_BYTES = 200 * 1024;
/**
 * Long sides to try, largest first: 1,600 px keeps an A4 form's small print readable (about
 * 190 px per inch) with a fifth fewer pixels than 1,800 px (issue 21's 2.5 MB for five documents).
 */
export const LONG_SIDES = [1600, 1400, 1200, 1000] as const;
/** The encodings a photo is sent in, preferred first. */
export const PHOTO_TYPES = ['image/webp', 'image/jpeg'] as const;
/** Qualities to try, lowest first: the first legible one that fits is taken. */
export const QUALITIES = [0.5, 0.6, 0.7, 0.8, 0.9] as const;
/** Luminance PSNR (dB) at which a document photo's text reads as well as the original. */
export const LEGIBLE_PSNR = 32;

/** Encoding of one picture at a size and quality, and how legible the result is. */
export interface PhotoCodec {
  encode(width: number, height: number, quality: number): Promise<{ blob: Blob; psnr: number }>;
}

/**
 * The smallest legible encoding within PHOTO_TARGET_BYTES: at each long side (largest first), the
 * lowest quality whose PSNR passes; when none passes under the cap, the sharpest that fits;
 * null when nothing fits even at the smallest side.
 * @example await choosePhotoEncoding(codec, 4000, 3000) // Blob of about 120 KB, 1600 × 1200
 */
export async function choosePhotoEncoding(
  codec: PhotoCodec,
  width: number,
  height: number,
): Promise<Blob | null> {
  const long = Math.max(width, height);
  const sides = [...new Set(LONG_SIDES.map((side) => Math.min(side, long)))];
  for (const side of sides) {
    const scale = side / long;
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    let fitting: Blob | null = null;
    for (const quality of QUALITIES) {
      const { blob, psnr } = await codec.encode(w, h, quality);
      // A higher quality is only larger: stop at the first that does not fit.
      if (blob.size > PHOTO_TARGET_BYTES) break;
      fitting = blob;
      if (psnr >= LEGIBLE_PSNR) return blob;
    }
    if (fitting) return fitting;
  }
  return null;
}

/** Luminance PSNR of two same-sized RGBA pictures, sampling every `step`-th pixel. */
export function luminancePsnr(a: Uint8ClampedArray, b: Uint8ClampedArray, step = 2): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4 * step) {
    const ya = 0.299 * (a[i] ?? 0) + 0.587 * (a[i + 1] ?? 0) + 0.114 * (a[i + 2] ?? 0);
    const yb = 0.299 * (b[i] ?? 0) + 0.587 * (b[i + 1] ?? 0) + 0.114 * (b[i + 2] ?? 0);
    sum += (ya - yb) ** 2;
    count += 1;
  }
  const mse = count === 0 ? 0 : sum / count;
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}
