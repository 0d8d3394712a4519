import type { ApplicationResult, DocumentSource } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { t, type Said } from '@puja/web-kit';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useBusyRetry } from './retry-while-busy';
import { sendWhenUploaded, useDocuments } from './submit-documents';

interface UploadMessages {
  loading: MessageKey;
  failure: MessageKey;
}

/**
 * One document sent on its own (the acknowledgement, a re-upload): the file uploads as soon as
 * it is chosen (its slot, `key`), the button sends its id (or, against a host without
 * `/uploads/`, the file with a progress bar); on success the route's data is loaded again (the
 * server's answer is the truth), on failure the chosen file stays for a one-tap retry.
 */
export function useUpload(messages: UploadMessages, key: string) {
  const router = useRouter();
  const documents = useDocuments([['file', key]] as const);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  // Read at render (`said`): a switch of language re-reads it.
  const [error, keepError] = useState<Said | null>(null);
  // Kept as given: React would call words given as a function as an updater.
  const setError = (words: Said | null) => keepError(() => words);
  const busyRetry = useBusyRetry();

  /** Sends the document through the act's api-client call (it chooses id or file itself). */
  async function run(
    send: (
      file: DocumentSource,
      onProgress?: (fraction: number) => void,
    ) => Promise<ApplicationResult>,
  ) {
    setError(null);
    const result = await sendWhenUploaded(documents, {
      onWaiting: setWaiting,
      onProgress: setProgress,
      invalid: (reason) => setError(() => t(reason)),
      messages,
      send: (documents, onProgress) => send(documents.file, onProgress),
      busy: busyRetry.start(),
    });
    if (result === null) return false;
    if (!result.ok) {
      setError(result.text);
      return false;
    }
    await documents.forget();
    await router.invalidate();
    return true;
  }

  return {
    run,
    progress,
    waiting,
    /** Sending again while the server is busy (shown by BusyNotice). */
    busyRetry,
    busy: progress !== undefined || waiting || busyRetry.secondsLeft !== null,
    error,
    setError,
    /** Whether a file is chosen (in any state but refused). */
    chosen: () => documents.infos().file !== undefined,
  };
}
