import type { Outcome } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText, outcomeText } from '../../lib/error-text';
import { notify } from '../../lib/notify';

interface UploadMessages {
  loading: MessageKey;
  failed: MessageKey;
}

/**
 * Runs one upload with its toasts and progress; on success the route's data is loaded again
 * (the server's answer is the truth), on failure the chosen file stays for a one-tap retry.
 */
export function useUpload(messages: UploadMessages) {
  const router = useRouter();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  async function run(send: (onProgress: (fraction: number) => void) => Promise<Outcome>) {
    setError(null);
    setProgress(0);
    const toast = notify.loading(messages.loading);
    try {
      notify.success(outcomeText(await send(setProgress)), toast);
      setProgress(undefined);
      await router.invalidate();
      return true;
    } catch (failure) {
      const text = errorText(failure, messages.failed);
      notify.error(text, toast);
      setError(text);
      setProgress(undefined);
      return false;
    }
  }

  return { run, progress, busy: progress !== undefined, error, setError };
}
