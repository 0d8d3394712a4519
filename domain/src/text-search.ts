/**
 * The one search rule of the product (SPEC §5 club picker, §2 lists, §9 Issued NOCs): a
 * case-insensitive substring match; a blank query matches everything.
 * @example matchesSearch(' sangha ', 'Sree Sangha', '') // true
 */
export function matchesSearch(
  query: string,
  ...fields: readonly (string | null | undefined)[]
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => (field ?? '').toLowerCase().includes(needle));
}
