/**
 * Phone photos of documents made small before they are sent (issue 21; the plan is
 * photo-plan.ts, the encoder photo-codec.ts): in a Web Worker (compress.worker.ts) so the page
 * stays responsive; without workers, the same encoder on the page's canvas.
 */
export {
  choosePhotoEncoding,
  LEGIBLE_PSNR,
  luminancePsnr,
  PHOTO_TARGET_BYTES,
  type PhotoCodec,
} from './photo-plan';
import { PHOTO_KEEP_BYTES } from './photo-plan';

/**
 * The file name a compressed photo is sent under: its own with the encoding's extension.
 * @example photoName('IMG_2025.HEIC', 'image/webp') // 'IMG_2025.webp'
 */
export function photoName(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : 'jpg';
  return `${name.replace(/\.[^.]*$/, '') || 'photo'}.${extension}`;
}

/**
 * A photo compressed in a worker (on the page's canvas where the browser has no workers or
 * OffscreenCanvas): a WebP or JPEG File within PHOTO_TARGET_BYTES, the photo itself when it is
 * already small, or null when it cannot be read or made small enough.
 */
export async function compressPhoto(file: File): Promise<File | null> {
  if (file.size <= PHOTO_KEEP_BYTES) return file;
  const blob =
    typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function'
      ? await onThePage(file)
      : await inAWorker(file);
  return blob
    ? new File([blob], photoName(file.name, blob.type), {
        type: blob.type,
        lastModified: file.lastModified,
      })
    : null;
}

async function inAWorker(file: File): Promise<Blob | null> {
  const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<Blob | null>((resolve) => {
      worker.onmessage = (event: MessageEvent<Blob | null>) => resolve(event.data);
      worker.onerror = () => resolve(null);
      worker.postMessage(file);
    });
  } finally {
    worker.terminate();
  }
}

async function onThePage(file: File): Promise<Blob | null> {
  try {
    const { encodePhoto, pageSurface } = await import('./photo-codec');
    return await encodePhoto(file, pageSurface);
  } catch {
    return null;
  }
}
