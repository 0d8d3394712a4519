import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '@puja/web-kit';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog: focus moves in on open and back to the opener on close; Escape closes. */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>('input, button:not([data-close])');
    (first ?? dialog.current)?.focus();
    // Escape closes wherever focus is (the content may have changed under it).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        tabIndex={-1}
      >
        <div className={styles.head}>
          <h2 id="modal-title">{title}</h2>
          <button
            type="button"
            data-close
            className={styles.close}
            aria-label={t('app.close')}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
