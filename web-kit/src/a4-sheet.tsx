import type { ReactNode } from 'react';
import styles from './a4-sheet.module.css';

/**
 * A printable A4 sheet (210 mm × 297 mm), one page on paper; sheets in a row print one a page.
 * `lang` marks a sheet in another language than the page (the English copy of a certificate).
 */
export function A4Sheet({
  children,
  label,
  lang,
}: {
  children: ReactNode;
  label: string;
  lang?: string | undefined;
}) {
  return (
    <article className={styles.sheet} aria-label={label} lang={lang}>
      {children}
    </article>
  );
}

/** The buttons above a sheet (Back, Print Now): never printed. */
export function SheetToolbar({ children }: { children: ReactNode }) {
  return <div className={`${styles.toolbar} no-print`}>{children}</div>;
}
