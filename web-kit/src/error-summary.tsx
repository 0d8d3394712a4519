import { useEffect, useRef } from 'react';
import styles from './error-summary.module.css';

/** One line of the summary: a problem of a field (a link to it), or of the whole form. */
export interface SummaryEntry {
  text: string;
  /** The id of the control it is about; absent for a problem of the whole form. */
  fieldId?: string | undefined;
}

export interface ErrorSummaryProps {
  id: string;
  /**
   * The title ("There is a problem", or the spec's own text for the form); empty for a
   * one-field form whose one message stands alone (forgot password, verify, acknowledgement).
   */
  title: string;
  entries: readonly SummaryEntry[];
  /** Changes on every failed submit: the summary takes focus each time (GOV.UK). */
  focusKey?: number | undefined;
}

/** Moves focus to a field and brings its label into view (a bare `#id` link only scrolls). */
function focusField(fieldId: string): boolean {
  const field = document.getElementById(fieldId);
  if (!field) return false;
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`);
  field.focus({ preventScroll: true });
  (label ?? field).scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * GOV.UK error summary at the top of a form: every problem at once, each a link that focuses
 * its field; focused after each failed submit so keyboard and screen-reader users start there.
 * Renders nothing without entries.
 */
export function ErrorSummary({ id, title, entries, focusKey }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  const shown = entries.length > 0;
  useEffect(() => {
    if (shown && focusKey !== undefined) box.current?.focus();
  }, [shown, focusKey]);
  if (!shown) return null;
  const titleId = `${id}-title`;
  return (
    <div
      id={id}
      ref={box}
      className={styles.summary}
      tabIndex={-1}
      role="alert"
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      ) : null}
      <ul className={styles.list}>
        {entries.map((entry, index) => (
          <li key={`${entry.fieldId ?? ''}:${index}`}>
            {entry.fieldId ? (
              <a
                href={`#${entry.fieldId}`}
                onClick={(event) => {
                  if (focusField(entry.fieldId!)) event.preventDefault();
                }}
              >
                {entry.text}
              </a>
            ) : (
              <p className={styles.text}>{entry.text}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
