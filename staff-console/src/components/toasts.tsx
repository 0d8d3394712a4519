import { Notifications, notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import {
  notify,
  said,
  t,
  useLocale,
  useToastStore,
  type Toast,
  type ToastKind,
} from '@puja/web-kit';

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
    message: said(toast.text),
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
  const locale = useLocale();
  const shown = useRef({ toasts: new Map<string, Toast>(), locale });
  // Mantine's notifications are a store of their own: keep it showing what the kit's store holds,
  // every toast's words read again after a switch of language.
  useEffect(() => {
    const now = new Map(toasts.map((toast) => [toast.id, toast]));
    const relocalised = shown.current.locale !== locale;
    for (const id of shown.current.toasts.keys()) if (!now.has(id)) notifications.hide(id);
    for (const toast of toasts) {
      const before = shown.current.toasts.get(toast.id);
      if (before === undefined) notifications.show(asNotification(toast));
      else if (before !== toast || relocalised) notifications.update(asNotification(toast));
    }
    shown.current = { toasts: now, locale };
  }, [toasts, locale]);
  return <Notifications position="bottom-right" />;
}
