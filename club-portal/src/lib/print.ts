/** SPEC §9: the print window closes about 1 second after printing. */
export const CLOSE_AFTER_PRINT_MS = 1000;

/**
 * Prints the page, then closes the window about a second later. A browser only lets a script
 * close a window a script opened: a tab the user opened simply stays.
 */
export function printThenClose(): void {
  const close = () => {
    window.removeEventListener('afterprint', close);
    setTimeout(() => window.close(), CLOSE_AFTER_PRINT_MS);
  };
  window.addEventListener('afterprint', close);
  window.print();
}

/** Whether the screen is a phone's (the certificate prints by itself there, SPEC §2). */
export function isSmallScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
}
