import type { ReactNode } from 'react';
import styles from './a4-sheet.module.css';

/** A printable A4 sheet (210 mm × 297 mm), one page on paper. */
export function A4Sheet({ children, label }: { children: ReactNode; label: string }) {
  return (
    <article className={styles.sheet} aria-label={label}>
      {children}
    </article>
  );
}

/** The buttons above a sheet (Back, Print Now): never printed. */
export function SheetToolbar({ children }: { children: ReactNode }) {
  return <div className={`${styles.toolbar} no-print`}>{children}</div>;
}
