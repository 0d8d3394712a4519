import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

export const controlClass = styles.control ?? '';

interface FieldProps {
  label: string;
  /** Hint under the label (GOV.UK pattern). */
  hint?: string | undefined;
  /** The message beside the field when it is the invalid one. */
  error?: string | null | undefined;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': boolean | undefined;
    className: string;
  }) => ReactNode;
  /** The id of the control; generated when absent. */
  id?: string;
}

/** A labelled form control with its hint and error, tied together for screen readers. */
export function Field({ label, hint, error, children, id }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        className: styles.control ?? '',
      })}
    </div>
  );
}
