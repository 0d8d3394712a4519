import { create } from 'zustand';

/** What a toast says: work in progress, done, or failed. */
export type ToastKind = 'loading' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastState {
  toasts: Toast[];
  /** Shows a toast, or replaces the one with the same id (a loading toast turning into its result). */
  show: (toast: Toast) => void;
  dismiss: (id: number) => void;
}

/** The portal's own tiny toast store (no UI kit): the toaster renders it, `notify` writes it. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) =>
    set((state) => ({
      toasts: [...state.toasts.filter((t) => t.id !== toast.id), toast].slice(-3),
    })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));
