import styles from './progress-bar.module.css';

/** Upload progress, 0 to 1, as a native progress bar screen readers read out. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <progress className={styles.bar} max={100} value={Math.round(value * 100)} aria-label={label} />
  );
}
