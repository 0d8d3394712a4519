import { isApiError } from '@puja/api-client';
import { useEffect, useRef, useState } from 'react';

/** How often a call the server is too busy for is sent again before its failure is shown. */
const MAX_TRIES = 8;

/** The longest wait between two tries (s), whatever Retry-After says. */
const MAX_WAIT_SECONDS = 60;

/** The wait when a busy answer names none (s). */
const DEFAULT_WAIT_SECONDS = 5;

/**
 * The seconds to wait before sending again a call the server was too busy to take (503, its
 * Retry-After), or null for any other failure. Sending again is safe: a call naming upload ids
 * is done once by the server, however often it arrives (issue 26).
 */
export function busyWaitSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 503) return null;
  const seconds = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS;
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, seconds));
}

/**
 * Sends a call, and while the server answers that it is busy, sends it again after the wait it
 * names, counting down through `onCountdown` (seconds left, each second; null once sending
 * again). Aborting `signal` (the club cancels or leaves) stops waiting: the busy failure is then
 * thrown, as it is after MAX_TRIES.
 */
export async function retryWhileBusy<T>(
  send: () => Promise<T>,
  options: { onCountdown: (secondsLeft: number | null) => void; signal?: AbortSignal },
): Promise<T> {
  const { onCountdown, signal } = options;
  for (let tries = 1; ; tries += 1) {
    try {
      return await send();
    } catch (error) {
      const wait = busyWaitSeconds(error);
      if (wait === null || tries >= MAX_TRIES || signal?.aborted) throw error;
      const waited = await countDown(wait, onCountdown, signal);
      onCountdown(null);
      if (!waited) throw error;
    }
  }
}

/** Counts `seconds` down one by one; false when `signal` aborted first. */
function countDown(
  seconds: number,
  onCountdown: (secondsLeft: number) => void,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  return new Promise((resolve) => {
    let left = seconds;
    onCountdown(left);
    const timer = setInterval(() => {
      left -= 1;
      if (left > 0) {
        onCountdown(left);
        return;
      }
      finish(true);
    }, 1000);
    const finish = (waited: boolean) => {
      clearInterval(timer);
      signal?.removeEventListener('abort', aborted);
      resolve(waited);
    };
    const aborted = () => finish(false);
    signal?.addEventListener('abort', aborted);
  });
}

/**
 * A form's state of sending again while the server is busy: `secondsLeft` to show (null when not
 * waiting), `start()` for each send (a fresh cancellable signal), `cancel()` for the club's
 * button; leaving the screen cancels too.
 */
export function useBusyRetry() {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return {
    secondsLeft,
    start() {
      controller.current?.abort();
      controller.current = new AbortController();
      return { onCountdown: setSecondsLeft, signal: controller.current.signal };
    },
    cancel() {
      controller.current?.abort();
      setSecondsLeft(null);
    },
  };
}

export type BusyRetry = ReturnType<typeof useBusyRetry>;
