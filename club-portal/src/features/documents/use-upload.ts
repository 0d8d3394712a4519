import type { Outcome } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { outcomeText, withToast } from '@puja/web-kit';

interface UploadMessages {
  loading: MessageKey;
  failure: MessageKey;
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
    const result = await withToast({ ...messages, success: outcomeText }, () => send(setProgress));
    setProgress(undefined);
    if (!result.ok) {
      setError(result.text);
      return false;
    }
    await router.invalidate();
    return true;
  }

  return { run, progress, busy: progress !== undefined, error, setError };
}
