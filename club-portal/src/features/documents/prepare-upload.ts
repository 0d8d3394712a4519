import { isPdfFile, MAX_FILE_BYTES, validateUploadFile, type MessageKey } from '@puja/domain';
import { shrinkImage, type ImageCodec } from './shrink-image';

export type PreparedUpload = { ok: true; file: File } | { ok: false; message: MessageKey };

/**
 * A chosen file made ready to send: the domain's type check; an image over 3 MB shrunk to fit;
 * a PDF over 3 MB refused here, before any byte is sent.
 * @example await prepareUpload(bigPhoto) // { ok: true, file: <jpeg under 3 MB> }
 */
export async function prepareUpload(file: File, codec?: ImageCodec): Promise<PreparedUpload> {
  const problem = validateUploadFile(file);
  if (problem === null) return { ok: true, file };
  if (problem !== 'validation.fileTooLarge') return { ok: false, message: problem };
  if (isPdfFile(file)) return { ok: false, message: 'upload.pdfTooLarge' };
  const small = await shrinkImage(file, MAX_FILE_BYTES, codec);
  return small ? { ok: true, file: small } : { ok: false, message: 'upload.imageTooLarge' };
}
