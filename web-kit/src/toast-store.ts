import { create } from 'zustand';
import type { Said } from './said';

/** What a toast says: work in progress, done, something to know, or failed. */
export type ToastKind = 'loading' | 'success' | 'info' | 'error';

export interface Toast {
  /** A form's toasts share one id (`form:<name>`): a later one replaces the earlier. */
  id: string;
  kind: ToastKind;
  /** Read at each render (`said`): a switch of language re-reads it. */
  text: Said;
}

interface ToastState {
  toasts: Toast[];
  /** Shows a toast, or replaces the one with the same id (a loading toast turning into its result). */
  show: (toast: Toast) => void;
  dismiss: (id: string) => void;
}

/** At most this many toasts at once; the oldest goes first. */
const MOST_TOASTS = 3;

/** The toasts on screen (no UI kit): `Toaster` renders it, `notify` writes it. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) =>
    set((state) => ({
      toasts: [...state.toasts.filter((t) => t.id !== toast.id), toast].slice(-MOST_TOASTS),
    })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));
