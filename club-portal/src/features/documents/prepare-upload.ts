import {
  CONTENT_TYPE_OF_KIND,
  MAX_FILE_BYTES,
  detectFileKind,
  type MessageKey,
} from '@puja/domain';
import { compressPhoto } from './compress-photo';

export type PreparedUpload = { ok: true; file: File } | { ok: false; message: MessageKey };

/** Enough of a file's start for every accepted kind's magic bytes. */
const HEAD_BYTES = 16;

/**
 * A PDF over this size is looked inside before it is sent (issue 31): scanned pages are offered
 * to be made smaller (pdf-shrink.ts). Up to MAX_SHRINKABLE_BYTES: a scan over 3 MB can come
 * under it that way.
 */
export const SHRINK_FROM_BYTES = 1024 * 1024;
export const MAX_SHRINKABLE_BYTES = 4 * MAX_FILE_BYTES;

/** The bytes of a blob (FileReader: every browser, and the test DOM). */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** What a file really is by its first bytes (PDF, JPEG, PNG, WebP), whatever its name says. */
export async function sniffKind(file: Blob) {
  return detectFileKind(new Uint8Array(await bytesOf(file.slice(0, HEAD_BYTES))));
}

/** Whether a chosen file is a PDF worth looking inside to make smaller (SHRINK_FROM_BYTES). */
export async function worthShrinking(file: File): Promise<boolean> {
  if (file.size <= SHRINK_FROM_BYTES || file.size > MAX_SHRINKABLE_BYTES) return false;
  return (await sniffKind(file)) === 'pdf';
}

/**
 * A chosen file made ready to send, judged by its first bytes as the server judges it: neither
 * an image nor a PDF is refused here, before a byte is sent; a PDF is never re-encoded and over
 * 3 MB refused; a photo is compressed (compress-photo.ts, at most 500 KB).
 * @example await prepareUpload(bigPhoto) // { ok: true, file: <jpeg under 500 KB> }
 */
export async function prepareUpload(
  file: File,
  compress: (file: File) => Promise<File | null> = compressPhoto,
): Promise<PreparedUpload> {
  if (file.size === 0) return { ok: false, message: 'validation.fileEmpty' };
  const kind = await sniffKind(file);
  if (kind === null) return { ok: false, message: 'validation.fileType' };
  if (kind === 'pdf') {
    if (file.size > MAX_FILE_BYTES) return { ok: false, message: 'upload.pdfTooLarge' };
    // The declared type follows the bytes: a PDF chosen as "application/octet-stream" is a PDF.
    return { ok: true, file: new File([file], file.name, { type: CONTENT_TYPE_OF_KIND.pdf }) };
  }
  const small = await compress(file);
  return small ? { ok: true, file: small } : { ok: false, message: 'upload.imageTooLarge' };
}
