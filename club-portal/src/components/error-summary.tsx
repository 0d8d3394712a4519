import styles from './error-summary.module.css';

interface ErrorSummaryProps {
  id: string;
  /** The message; nothing renders while null. */
  message: string | null | undefined;
  /** The id of the field it is about: the message links to it. */
  fieldId?: string | undefined;
}

/** GOV.UK error summary at the top of a form: announced at once, linking to the field. */
export function ErrorSummary({ id, message, fieldId }: ErrorSummaryProps) {
  if (!message) return null;
  return (
    <div id={id} className={styles.summary} role="alert" tabIndex={-1}>
      {fieldId ? <a href={`#${fieldId}`}>{message}</a> : <p>{message}</p>}
    </div>
  );
}
