import { notify } from './notify';
import { said } from './said';
import { useLocale } from './t';
import { useToastStore } from './toast-store';
import styles from './toaster.module.css';

/** Renders the toasts; a polite live region so screen readers announce each message. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  // A language switch re-reads every toast's words.
  useLocale();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.kind] ?? ''}`}>
          <span>{said(toast.text)}</span>
          {toast.kind === 'loading' ? null : (
            <button
              type="button"
              className={styles.close}
              aria-label={closeLabel}
              onClick={() => notify.dismiss(toast.id)}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
