/**
 * A club's applications season after season (issue 20): the club dashboard shows the current
 * season's application and, under "Previous seasons", each earlier one with its result, its
 * certificate (still printable) and its verification code (still valid).
 */
import type { Application } from './application';
import type { MessageKey } from './messages';
import { seasonYearOf } from './season';

/** How an earlier season's application ended, as the "Previous seasons" list says it. */
export type PastSeasonResult = Extract<
  MessageKey,
  | 'seasons.result.issued'
  | 'seasons.result.refused'
  | 'seasons.result.undecided'
  | 'seasons.result.underReview'
>;

/**
 * The result of an application: its NOC issued (chairman Approved), refused (Rejected, a
 * withdrawn NOC included), still under review (undecided while its season's review goes on,
 * issue 27), or never decided (staff closed its season's review first).
 * @example pastSeasonResult({ chairman_status: 'Approved' }, false) // 'seasons.result.issued'
 * @example pastSeasonResult({ chairman_status: 'Pending' }, false) // 'seasons.result.underReview'
 * @example pastSeasonResult({ chairman_status: 'Pending' }, true) // 'seasons.result.undecided'
 */
export function pastSeasonResult(
  app: Pick<Application, 'chairman_status'>,
  reviewClosed: boolean,
): PastSeasonResult {
  if (app.chairman_status === 'Approved') return 'seasons.result.issued';
  if (app.chairman_status === 'Rejected') return 'seasons.result.refused';
  return reviewClosed ? 'seasons.result.undecided' : 'seasons.result.underReview';
}

/**
 * A club's applications of the seasons before `currentYear`, newest first (one per season: the
 * first of a year when a history repeats one).
 * @example previousSeasonApplications([app2025, app2027, app2026], 2027).map(seasonYearOf) // [2026, 2025]
 */
export function previousSeasonApplications<A extends Pick<Application, 'apply_year'>>(
  history: readonly A[],
  currentYear: number,
): A[] {
  const byYear = new Map<number, A>();
  for (const app of history) {
    const year = seasonYearOf(app);
    if (year < currentYear && !byYear.has(year)) byYear.set(year, app);
  }
  return [...byYear.entries()].sort(([a], [b]) => b - a).map(([, app]) => app);
}

/**
 * A club's application of one season from its history, or null (a print of an earlier season's
 * certificate names the season).
 * @example applicationOfSeason([app2025, app2026], 2025)?.apply_year // '2025'
 */
export function applicationOfSeason<A extends Pick<Application, 'apply_year'>>(
  history: readonly A[],
  year: number,
): A | null {
  return history.find((app) => seasonYearOf(app) === year) ?? null;
}
