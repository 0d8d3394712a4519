import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

/** A white panel; narrow: a single-column form on a desktop. */
export function Card({
  narrow = false,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { narrow?: boolean }) {
  return (
    <section
      className={[styles.card, narrow ? styles.narrow : '', className ?? ''].join(' ').trim()}
      {...rest}
    />
  );
}
