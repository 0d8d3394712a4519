import { Notifications, notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { notify, t, useToastStore, type Toast, type ToastKind } from '@puja/web-kit';

const COLOR: Readonly<Record<ToastKind, string | undefined>> = {
  loading: undefined,
  success: 'green',
  info: 'blue',
  error: 'red',
};

/** One toast of the shared contract as a Mantine notification (web-kit's timers close it). */
function asNotification(toast: Toast) {
  return {
    id: toast.id,
    message: toast.text,
    loading: toast.kind === 'loading',
    color: COLOR[toast.kind],
    autoClose: false as const,
    // Every close button is named (a screen reader says "Close"), in today's language.
    closeButtonProps: { 'aria-label': t('common.close') },
    onClose: () => notify.dismiss(toast.id),
  };
}

/**
 * Where the console's toasts appear: the web kit's toasts (one contract for both apps: notify,
 * withToast, their keys and times) drawn as Mantine notifications. Loaded with the first toast,
 * not with the login (see app.tsx).
 */
export function Toasts() {
  const toasts = useToastStore((state) => state.toasts);
  const shown = useRef(new Map<string, Toast>());
  // Mantine's notifications are a store of their own: keep it showing what the kit's store holds.
  useEffect(() => {
    const now = new Map(toasts.map((toast) => [toast.id, toast]));
    for (const id of shown.current.keys()) if (!now.has(id)) notifications.hide(id);
    for (const toast of toasts) {
      const before = shown.current.get(toast.id);
      if (before === undefined) notifications.show(asNotification(toast));
      else if (before !== toast) notifications.update(asNotification(toast));
    }
    shown.current = now;
  }, [toasts]);
  return <Notifications position="bottom-right" />;
}
