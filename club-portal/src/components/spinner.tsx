import { t } from '@puja/web-kit';
import styles from './spinner.module.css';

/** A page-level loading indicator, announced as "Loading...". */
export function Spinner() {
  return (
    <div className={styles.wrap} role="status">
      <div className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
