/**
 * The text of a form or wire value, trimmed: a string, or a finite number written out;
 * anything else is ''. Internal to the domain (not exported from the package door).
 * @example textOf('  Sree Sangha ') // 'Sree Sangha'; textOf(7) // '7'; textOf(null) // ''
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
