import { t } from '@puja/web-kit';

/**
 * A page-level loading indicator, announced as "Loading...". Its classes are global: index.html
 * paints the same spinner before any script runs.
 */
export function Spinner() {
  return (
    <div className="page-spinner" role="status">
      <div className="page-spinner-wheel" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
