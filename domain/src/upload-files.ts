import type { MessageKey } from './messages';

/**
 * Whether a file is a PDF, by its declared type or its name (a stored path's `?…`/`#…` ignored).
 * @example isPdfFile({ name: 'deed.PDF', type: '' }) // true
 */
export function isPdfFile(file: { name: string; type?: string | undefined }): boolean {
  if ((file.type ?? '').trim().toLowerCase() === 'application/pdf') return true;
  return /\.pdf(?:[?#].*)?$/i.test(file.name);
}

const MB = 1024 * 1024;

/**
 * A file's size as a picker shows it: MB with one decimal from 1 MB up, else whole KB (at
 * least 1); the unit is the catalogue's, the figure as written.
 * @example fileSizeMessage(1_572_864) // { key: 'upload.sizeMb', params: { size: '1.5' } }
 */
export function fileSizeMessage(bytes: number): {
  key: MessageKey;
  params: { size: string };
} {
  return bytes >= MB
    ? { key: 'upload.sizeMb', params: { size: (bytes / MB).toFixed(1) } }
    : { key: 'upload.sizeKb', params: { size: String(Math.max(1, Math.round(bytes / 1024))) } };
}
