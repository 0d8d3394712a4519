/**
 * A print page's `?year=`: an earlier season's sheet, else the current application's. A module
 * of its own: a route's search check ships with the first load, its loader does not.
 * @example validateYearSearch({ year: '2025' }) // { year: 2025 }
 */
export function validateYearSearch(search: Record<string, unknown>): { year?: number } {
  const year = Number(search.year);
  return Number.isInteger(year) && year > 0 ? { year } : {};
}
