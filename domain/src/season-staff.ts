/**
 * The staff side of seasons (issue 20, decision 0035): the season a screen shows (the URL's
 * `?season=`, else the current one), whether it is a past season (read-only), closing one early,
 * and the dashboard's comparison with the season before.
 */
import type { Application } from './application';
import { isIssued } from './issued-nocs';
import { dayOf } from './season-dashboard';
import {
  FIRST_SEASON_YEAR,
  currentSeason,
  municipalToday,
  seasonsNewestFirst,
  type Season,
  type SeasonState,
  seasonYearOf,
} from './season';

const DAY_MS = 86_400_000;

/**
 * The `?season=` of a staff URL: a four-digit year, else undefined (the current season).
 * @example parseSeasonParam('2026') // 2026; parseSeasonParam('next') // undefined
 */
export function parseSeasonParam(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

/** The season a staff screen works on. */
export interface ViewedSeason {
  /** Its year; null while neither the URL nor the season list says which. */
  year: number | null;
  /** The current (latest) season's year; null while the season list is unknown. */
  currentYear: number | null;
  /** A season before the current one: it takes no new applications (issue 27: its undecided ones go on). */
  past: boolean;
  /** Staff closed the review of the season: its undecided applications are read-only too. */
  reviewClosed: boolean;
}

/**
 * The season a screen shows: the URL's year, else the current season's; past when the list of
 * seasons says a later one exists.
 * @example viewedSeason(2025, [{ year: 2026 }, { year: 2025 }]) // { year: 2025, currentYear: 2026, past: true, reviewClosed: false }
 */
export function viewedSeason(
  param: number | undefined,
  seasons:
    readonly (Pick<Season, 'year'> & { review_closed_at?: string | null })[] | null | undefined,
): ViewedSeason {
  const currentYear = seasons ? (currentSeason(seasons)?.year ?? null) : null;
  const year = param ?? currentYear;
  const reviewClosed = Boolean(seasons?.find((season) => season.year === year)?.review_closed_at);
  return {
    year,
    currentYear,
    past: year !== null && currentYear !== null && year < currentYear,
    reviewClosed,
  };
}

/**
 * The last day for applications when staff close a season now: yesterday in municipal time, so
 * the season is closed from today on; never before its open day (a season that opened today
 * closes at midnight).
 * @example earlyCloseDay({ opens_on: '2026-01-01' }, Date.parse('2026-09-10T06:00:00Z')) // '2026-09-09'
 */
export function earlyCloseDay(season: Pick<Season, 'opens_on'>, nowMs: number): string {
  const yesterday = municipalToday(nowMs - DAY_MS);
  return yesterday < season.opens_on ? season.opens_on : yesterday;
}

/**
 * Whether staff may close a season early: it is the current one and still takes (or will take)
 * applications.
 * @example canCloseEarly({ year: 2025, state: 'open' }, 2025) // true
 */
export function canCloseEarly(
  season: Pick<Season, 'year'> & { state: SeasonState },
  currentYear: number | null,
): boolean {
  return season.year === currentYear && season.state !== 'closed';
}

/**
 * The season before a year, or null.
 * @example previousSeason([{ year: 2027 }, { year: 2025 }], 2027)?.year // 2025
 */
export function previousSeason<S extends Pick<Season, 'year'>>(
  seasons: readonly S[],
  year: number,
): S | null {
  return seasonsNewestFirst(seasons).find((season) => season.year < year) ?? null;
}

/**
 * The next season's year, for the "Open the next season" form: the year after the latest, else
 * this municipal year.
 * @example nextSeasonYear([{ year: 2025 }], Date.now()) // 2026
 */
export function nextSeasonYear(seasons: readonly Pick<Season, 'year'>[], nowMs: number): number {
  const latest = currentSeason(seasons);
  return latest === null ? Number(municipalToday(nowMs).slice(0, 4)) : latest.year + 1;
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/**
 * Whole municipal days from an application's submission to its NOC, or null when it has no NOC
 * (or a date is missing).
 * @example daysToIssue({ created_at: '2025-08-01T10:00:00Z', chairman_status: 'Approved', chairman_approved_date: '2025-08-04T06:00:00Z' }) // 3
 */
export function daysToIssue(
  app: Pick<Application, 'created_at' | 'chairman_status' | 'chairman_approved_date'>,
): number | null {
  if (!isIssued(app)) return null;
  const from = dayOf(app.created_at);
  const to = dayOf(app.chairman_approved_date);
  if (from === null || to === null) return null;
  return Math.max(0, dayNumber(to) - dayNumber(from));
}

/**
 * The median of the days to issue of a season's NOCs (the mean of the two middle ones for an
 * even count), or null when none was issued.
 * @example medianDaysToIssue([/* 2 days *\/, /* 5 days *\/, /* 9 days *\/]) // 5
 */
export function medianDaysToIssue(apps: readonly Application[]): number | null {
  const days = apps
    .map(daysToIssue)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  if (days.length === 0) return null;
  const middle = Math.floor(days.length / 2);
  return days.length % 2 === 1 ? days[middle]! : (days[middle - 1]! + days[middle]!) / 2;
}

/** One season's figures for the dashboard's comparison. */
export interface SeasonSummary {
  applications: number;
  issued: number;
  /** null: no NOC issued. */
  medianDaysToIssue: number | null;
}

/**
 * A season's figures from its application list.
 * @example summariseSeason([]) // { applications: 0, issued: 0, medianDaysToIssue: null }
 */
export function summariseSeason(apps: readonly Application[]): SeasonSummary {
  return {
    applications: apps.length,
    issued: apps.filter(isIssued).length,
    medianDaysToIssue: medianDaysToIssue(apps),
  };
}

/**
 * The season of a list of one season's applications, when the seasons are not known: its
 * applications' year, else the first season's (a host without seasons serves 2025).
 * @example seasonYearOfList([{ apply_year: '2026', … }]) // 2026; seasonYearOfList([]) // 2025
 */
export function seasonYearOfList(apps: readonly Pick<Application, 'apply_year'>[]): number {
  const first = apps[0];
  return first === undefined ? FIRST_SEASON_YEAR : seasonYearOf(first);
}
