import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

/** The class names of a button look, for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return [styles.button, variant === 'primary' ? '' : styles[variant], block ? styles.block : '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the one main action of a screen. */
  variant?: ButtonVariant;
  /** Full width (phones). */
  block?: boolean;
}

/** A button at least 44 px high, named for its action. */
export function Button({ variant = 'primary', block = false, type, ...rest }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClass(variant, block)} {...rest} />;
}
