/**
 * How a call that carries documents sends them (issue 28: one function per act — applyForNoc,
 * uploadAcknowledgement, reuploadDocument — each given files or the ids of finished resumable
 * uploads, decision 0030).
 */
import type { MessageKey } from '@puja/domain';
import { request, upload, type Fields } from './http';
import type { Envelope } from './schemas';

/**
 * A document a call carries: its bytes (multipart, any host), or `{ upload }`, the id of a
 * finished resumable upload (our server only: the call then carries only text).
 */
export type DocumentSource = Blob | { upload: string };

/**
 * Sends a call that carries documents, choosing the wire itself: when every document is the id
 * of a finished resumable upload, only text (`<field>_upload` = id, so it answers at once);
 * otherwise multipart with the files (any id as its `<field>_upload` field) and a
 * whole-request progress.
 */
export function sendDocuments(call: {
  path: string;
  fields: Fields;
  documents: Readonly<Record<string, DocumentSource>>;
  fallback: MessageKey;
  onProgress?: ((fraction: number) => void) | undefined;
}): Promise<Envelope> {
  const ids: Record<string, string> = {};
  const files: Record<string, Blob> = {};
  for (const [field, document] of Object.entries(call.documents)) {
    if ('upload' in document) ids[`${field}_upload`] = document.upload;
    else files[field] = document;
  }
  if (Object.keys(files).length === 0) {
    return request({
      method: 'post',
      path: call.path,
      body: { ...call.fields, ...ids },
      fallback: call.fallback,
    });
  }
  return upload({
    path: call.path,
    fields: { ...call.fields, ...ids },
    files,
    fallback: call.fallback,
    onProgress: call.onProgress,
  });
}
