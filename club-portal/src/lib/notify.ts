import type { MessageKey } from '@puja/domain';
import { t } from './t';
import { useToastStore, type ToastKind } from './toast-store';

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** How long a result stays on screen; a loading toast stays until its result replaces it. */
const VISIBLE_MS: Readonly<Record<ToastKind, number>> = { loading: 0, success: 4000, error: 6000 };

function show(kind: ToastKind, text: string, id: number = nextId++): number {
  const { show: put, dismiss } = useToastStore.getState();
  clearTimeout(timers.get(id));
  put({ id, kind, text });
  if (VISIBLE_MS[kind] > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), VISIBLE_MS[kind]),
    );
  return id;
}

/**
 * The one way the portal tells the user how an action went (SPEC §8).
 * @example const id = notify.loading('login.loading'); ... notify.success('Login successful!', id)
 */
export const notify = {
  /** A loading toast from a catalogue key; returns its id for the result to replace it. */
  loading: (key: MessageKey): number => show('loading', t(key)),
  success: (text: string, id?: number): number => show('success', text, id),
  error: (text: string, id?: number): number => show('error', text, id),
};
