/**
 * Seasons (issue 20, decision 0029): the portal runs one puja season after another. A season is
 * data: its year, the day applications open, the last day they are accepted (none: open until
 * staff close it) and the puja's first day (the club clock reads it). Its state follows from
 * those days in municipal time (decision 0005); the current season is the latest one.
 */
import { asciiDigits } from './digits';
import type { Application } from './application';
import { accept, refuse as refusal, type Outcome, type RefusalKind } from './change';
import type { EventOf } from './events';
import { calendarDate, formatShortDate } from './dates';
import { DEFAULT_LOCALE, type Locale, type MessageKey } from './messages';

/**
 * The season an upgraded database and a fresh demo start with, and the one a host without
 * seasons (a PHP host) serves: SPEC §9's fixed 2025 puja. Not the apply year: that is the
 * current season's.
 */
export const FIRST_SEASON_YEAR = 2025;

/** A season's days, each `YYYY-MM-DD` (municipal calendar days). */
export interface Season {
  year: number;
  /** The first day applications are accepted. */
  opens_on: string;
  /** The last day applications are accepted (inclusive); null: open until staff close it. */
  closes_on: string | null;
  /** The puja's first day (the club clock counts down to it); null: no clock. */
  puja_starts_on: string | null;
}

/** Where a season stands today: applications not yet open, open, or closed. */
export type SeasonState = 'upcoming' | 'open' | 'closed';
export const SEASON_STATES: readonly SeasonState[] = ['upcoming', 'open', 'closed'];

/** A season with its state, as `GET /list-seasons.php` answers it. */
export interface SeasonWithState extends Season {
  state: SeasonState;
  /**
   * When staff closed the season's review (issue 27): from then on its undecided applications
   * are read-only. Null or absent (a host without it): the review goes on.
   */
  review_closed_at?: string | null;
}

/**
 * The season of an upgraded database and a fresh demo, and what a host without seasons is
 * taken to serve: 2025, open since 1 January 2025, no close date, no puja day.
 */
export const FIRST_SEASON: Season = Object.freeze({
  year: FIRST_SEASON_YEAR,
  opens_on: `${FIRST_SEASON_YEAR}-01-01`,
  closes_on: null,
  puja_starts_on: null,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day written exactly `YYYY-MM-DD` and real, else null.
 * @example parseSeasonDay('2027-09-01') // '2027-09-01'; parseSeasonDay('2027-02-30') // null
 */
export function parseSeasonDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return DAY.test(text) && calendarDate(text) !== null ? text : null;
}

/**
 * Today in the municipality (IST), as `YYYY-MM-DD`.
 * @example municipalToday(Date.parse('2027-08-31T18:30:00Z')) // '2027-09-01' (midnight IST)
 */
export function municipalToday(nowMs: number): string {
  const day = calendarDate(new Date(nowMs).toISOString());
  if (day === null) throw new RangeError(`not a time: ${nowMs}`);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/**
 * A season's state on a given moment: upcoming before its open day, closed after its close day
 * (the close day itself still accepts applications), open otherwise, days in municipal time.
 * @example seasonState({ year: 2027, opens_on: '2027-09-01', closes_on: null, puja_starts_on: null }, Date.parse('2027-08-31T18:29:59Z')) // 'upcoming'
 */
export function seasonState(season: Season, nowMs: number): SeasonState {
  const today = municipalToday(nowMs);
  if (today < season.opens_on) return 'upcoming';
  if (season.closes_on !== null && today > season.closes_on) return 'closed';
  return 'open';
}

/**
 * A season with its state on a given moment.
 * @example withState(FIRST_SEASON, Date.now()).state // 'open'
 */
export function withState(season: Season, nowMs: number): SeasonWithState {
  return { ...season, state: seasonState(season, nowMs) };
}

/**
 * The current season: the latest (highest year); null when there is none.
 * @example currentSeason([{ year: 2025, … }, { year: 2026, … }])?.year // 2026
 */
export function currentSeason<S extends Pick<Season, 'year'>>(seasons: readonly S[]): S | null {
  let latest: S | null = null;
  for (const season of seasons) if (latest === null || season.year > latest.year) latest = season;
  return latest;
}

/**
 * Seasons newest first (the order of the season selector and "Previous seasons").
 * @example seasonsNewestFirst([{ year: 2025 }, { year: 2026 }]).map((s) => s.year) // [2026, 2025]
 */
export function seasonsNewestFirst<S extends Pick<Season, 'year'>>(seasons: readonly S[]): S[] {
  return [...seasons].sort((a, b) => b.year - a.year);
}

/**
 * The season year of an application: its own apply year, else the first season's (a host
 * that sends none serves 2025).
 * @example seasonYearOf({ apply_year: '2026' }) // 2026; seasonYearOf({ apply_year: '' }) // 2025
 */
export function seasonYearOf(app: Pick<Application, 'apply_year'>): number {
  const year = Number(app.apply_year.trim());
  return Number.isInteger(year) && year > 0 ? year : FIRST_SEASON_YEAR;
}

/**
 * Whether an application belongs to a season before the current one. That alone no longer makes
 * it read-only (issue 27): `seasonActionBlocker` says what its season still allows.
 * @example isPastSeasonApplication({ apply_year: '2025' }, 2026) // true
 */
export function isPastSeasonApplication(
  app: Pick<Application, 'apply_year'>,
  currentYear: number,
): boolean {
  return seasonYearOf(app) < currentYear;
}

/**
 * Why a club cannot apply in a season right now, or null while its window is open.
 * @example applyWindowBlocker({ ...season, opens_on: '2099-01-01' }, Date.now()) // 'applyNoc.seasonNotOpen'
 */
export function applyWindowBlocker(
  season: Season | null,
  nowMs: number,
): Extract<MessageKey, 'applyNoc.seasonNotOpen' | 'applyNoc.seasonClosed'> | null {
  if (season === null) return 'applyNoc.seasonNotOpen';
  const state = seasonState(season, nowMs);
  if (state === 'upcoming') return 'applyNoc.seasonNotOpen';
  return state === 'closed' ? 'applyNoc.seasonClosed' : null;
}

/**
 * What the club dashboard says about a season's window, in the club's language: when
 * applications open, until when they are open (or just that they are), or when they closed.
 * @example seasonWindowText({ year: 2027, opens_on: '2027-09-01', closes_on: null, puja_starts_on: null }, Date.parse('2027-08-01'))
 *   // { key: 'seasons.window.opensOn', params: { year: 2027, date: '01 Sept 2027' } }
 */
export function seasonWindowText(
  season: Season,
  nowMs: number,
  locale: Locale = DEFAULT_LOCALE,
): { key: MessageKey; params: Record<string, string | number> } {
  const state = seasonState(season, nowMs);
  const year = season.year;
  if (state === 'upcoming') {
    return {
      key: 'seasons.window.opensOn',
      params: { year, date: formatShortDate(season.opens_on, locale) },
    };
  }
  if (season.closes_on === null) return { key: 'seasons.window.open', params: { year } };
  const date = formatShortDate(season.closes_on, locale);
  return state === 'open'
    ? { key: 'seasons.window.openUntil', params: { year, date } }
    : { key: 'seasons.window.closedOn', params: { year, date } };
}

/** A season as the add and update calls take it, checked; or the refusal's key and field. */
export type SeasonInputResult =
  { ok: true; value: Season } | { ok: false; message: SeasonRefusal; field: keyof Season | null };

/** Every refusal of a season change. */
export type SeasonRefusal = Extract<
  MessageKey,
  | 'seasons.invalidYear'
  | 'seasons.invalidDate'
  | 'seasons.missing.opensOn'
  | 'seasons.closeBeforeOpen'
  | 'seasons.yearNotAfterLatest'
  | 'seasons.currentStillOpen'
  | 'seasons.overlapsNext'
  | 'seasons.notFound'
>;

const refuse = (message: SeasonRefusal, field: keyof Season | null): SeasonInputResult => ({
  ok: false,
  message,
  field,
});

/** Years a season may have: this product's era, four digits. */
const MIN_YEAR = 2000;
const MAX_YEAR = 2999;

/** An optional day: absent or '' is null, anything else must be a real `YYYY-MM-DD`. */
function optionalDay(value: unknown): { ok: true; day: string | null } | { ok: false } {
  if (value === undefined || value === null) return { ok: true, day: null };
  if (typeof value === 'string' && value.trim() === '') return { ok: true, day: null };
  const day = parseSeasonDay(value);
  return day === null ? { ok: false } : { ok: true, day };
}

/**
 * Reads a season from a form (year, opens_on, closes_on?, puja_starts_on?): a four-digit year,
 * real days, a close day not before the open day.
 * @example parseSeasonInput({ year: '2027', opens_on: '2027-09-01' }) // { ok: true, value: { year: 2027, …, closes_on: null } }
 */
export function parseSeasonInput(fields: Record<string, unknown>): SeasonInputResult {
  const yearText =
    typeof fields.year === 'number'
      ? String(fields.year)
      : typeof fields.year === 'string'
        ? asciiDigits(fields.year)
        : fields.year;
  const year =
    typeof yearText === 'string' && /^\s*\d{4}\s*$/.test(yearText) ? Number(yearText) : NaN;
  if (!(year >= MIN_YEAR && year <= MAX_YEAR)) return refuse('seasons.invalidYear', 'year');
  const opens = parseSeasonDay(fields.opens_on);
  // An empty field says which date it wants (issue 27); a wrong one that it is wrong.
  if (optionalDay(fields.opens_on).ok && opens === null) {
    return refuse('seasons.missing.opensOn', 'opens_on');
  }
  if (opens === null) return refuse('seasons.invalidDate', 'opens_on');
  const closes = optionalDay(fields.closes_on);
  if (!closes.ok) return refuse('seasons.invalidDate', 'closes_on');
  const puja = optionalDay(fields.puja_starts_on);
  if (!puja.ok) return refuse('seasons.invalidDate', 'puja_starts_on');
  if (closes.day !== null && closes.day < opens) {
    return refuse('seasons.closeBeforeOpen', 'closes_on');
  }
  return {
    ok: true,
    value: { year, opens_on: opens, closes_on: closes.day, puja_starts_on: puja.day },
  };
}

/**
 * A new season (admin and chairman): checked as a form, then against the seasons there are: its
 * year must come after the latest, and the latest must close before the new one opens (a
 * current season without a close day is still open: close it first).
 * @example validateNewSeason({ year: 2026, opens_on: '2026-09-01' }, [FIRST_SEASON]) // { ok: false, message: 'seasons.currentStillOpen', … }
 */
export function validateNewSeason(
  fields: Record<string, unknown>,
  seasons: readonly Season[],
): SeasonInputResult {
  const input = parseSeasonInput(fields);
  if (!input.ok) return input;
  const latest = currentSeason(seasons);
  if (latest === null) return input;
  if (input.value.year <= latest.year) return refuse('seasons.yearNotAfterLatest', 'year');
  if (latest.closes_on === null || latest.closes_on >= input.value.opens_on) {
    return refuse('seasons.currentStillOpen', 'opens_on');
  }
  return input;
}

/**
 * A season's new dates (admin and chairman; the year is the key): checked as a form, then so
 * that seasons never overlap: it opens after the season before it closes, and, when a later
 * season exists, it has a close day before that one opens.
 * @example validateSeasonUpdate({ year: 2025, opens_on: '2025-01-01', closes_on: '2025-09-30' }, [FIRST_SEASON]) // { ok: true, … }
 */
export function validateSeasonUpdate(
  fields: Record<string, unknown>,
  seasons: readonly Season[],
): SeasonInputResult {
  const input = parseSeasonInput(fields);
  if (!input.ok) return input;
  const { year, opens_on, closes_on } = input.value;
  if (!seasons.some((season) => season.year === year)) return refuse('seasons.notFound', 'year');
  const earlier = currentSeason(seasons.filter((season) => season.year < year));
  if (earlier !== null && (earlier.closes_on === null || earlier.closes_on >= opens_on)) {
    return refuse('seasons.currentStillOpen', 'opens_on');
  }
  const later = seasonsNewestFirst(seasons.filter((season) => season.year > year)).at(-1);
  if (later !== undefined && (closes_on === null || closes_on >= later.opens_on)) {
    return refuse('seasons.overlapsNext', 'closes_on');
  }
  return input;
}

/** The refusals of a season change that a business rule gives (the others are bad input). */
const SEASON_RULES: ReadonlySet<SeasonRefusal> = new Set<SeasonRefusal>([
  'seasons.yearNotAfterLatest',
  'seasons.currentStillOpen',
  'seasons.overlapsNext',
]);

/** A season check's refusal with its kind: unknown year, business rule, or bad input. */
function seasonRefusal(result: Extract<SeasonInputResult, { ok: false }>) {
  const kind: RefusalKind =
    result.message === 'seasons.notFound'
      ? 'notFound'
      : SEASON_RULES.has(result.message)
        ? 'rule'
        : 'input';
  return refusal(result.message, kind);
}

/**
 * Opens a new season (admin and chairman) after the seasons there are (`validateNewSeason`):
 * the season and its `seasonOpened` event, whose notice goes to last season's clubs.
 * @example openSeason({ year: 2027, opens_on: '2027-09-01' }, [season2026Closed]).event // { type: 'seasonOpened', season: { year: 2027, … } }
 */
export function openSeason(
  fields: Record<string, unknown>,
  seasons: readonly Season[],
): Outcome<{ season: Season; event: EventOf<'seasonOpened'> }> {
  const result = validateNewSeason(fields, seasons);
  if (!result.ok) return seasonRefusal(result);
  return accept({ season: result.value, event: { type: 'seasonOpened', season: result.value } });
}

/**
 * New dates for a season (`validateSeasonUpdate`): the season and its `seasonRedated` event
 * (the dates before and after; whether it is the current season, whose waiting season-opened
 * notices then follow the new dates).
 * @example redateSeason({ year: 2025, opens_on: '2025-01-01', closes_on: '2025-09-30' }, [FIRST_SEASON]).event // { type: 'seasonRedated', current: true, … }
 */
export function redateSeason(
  fields: Record<string, unknown>,
  seasons: readonly Season[],
): Outcome<{ season: Season; event: EventOf<'seasonRedated'> }> {
  const result = validateSeasonUpdate(fields, seasons);
  if (!result.ok) return seasonRefusal(result);
  const season = result.value;
  const before = seasons.find((s) => s.year === season.year) ?? null;
  const current = currentSeason(seasons)?.year === season.year;
  return accept({ season, event: { type: 'seasonRedated', before, season, current } });
}
