import type { MessageKey } from './messages';

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
