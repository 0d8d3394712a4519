/**
 * The staff dashboard's season figures (issue 13, decision 0025), computed from the application
 * list the console already holds: how many wait at each review step now, how many per ward,
 * and submissions and issued NOCs per day. Each figure counts exactly what the NOC list shows
 * when the figure is clicked (the list's `step` and `ward` filters), so a bar and its list never
 * disagree.
 */
import { isInWard, isListed, type Application, type ReviewItem } from './application';
import { calendarDate, formatShortDate } from './dates';
import { DEFAULT_LOCALE, type Locale, type MessageKey } from './messages';
import { REVIEW_STEPS, REVIEW_STEP_LABEL, currentReviewItem } from './review-queue';
import { WARD_NUMBERS } from './validation';

/** One review step and how many applications wait at it for staff. */
export interface StepCount {
  step: ReviewItem;
  label: MessageKey;
  count: number;
}

/** One ward and how many listed applications are in it (club ward or puja ward). */
export interface WardCount {
  ward: number;
  count: number;
}

/** One calendar day of the season (municipal time). */
export interface DayCount {
  /** YYYY-MM-DD. */
  day: string;
  /** The day as screens show it: '05 Mar 2025'. */
  label: string;
  submitted: number;
  issued: number;
}

/** The longest run of days the daily chart shows: the last year of events. */
export const MAX_SEASON_DAYS = 366;

/**
 * SPEC §4: how many applications wait at each review step right now, in review order (every
 * step listed, zeros included). An application waits at the step `currentReviewItem` names;
 * one without an acknowledgement, with a rejection awaiting the club, or decided waits at none.
 * @example countWaitingByStep([ackPending]) // [{ step: 'acknowledgement', count: 1, … }, …]
 */
export function countWaitingByStep(apps: readonly Application[]): StepCount[] {
  const counts = new Map<ReviewItem, number>();
  for (const app of apps) {
    const step = currentReviewItem(app);
    if (step !== null) counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  return REVIEW_STEPS.map((step) => ({
    step,
    label: REVIEW_STEP_LABEL[step],
    count: counts.get(step) ?? 0,
  }));
}

/**
 * How many listed applications (acknowledgement uploaded, SPEC §4) each ward 1..25 has, by the
 * list's ward rule (club ward or puja ward, SPEC §9): an application whose two wards differ
 * counts in both, as it shows under both filters.
 * @example countByWard([app /* ward 7, puja ward 9 *\/]).filter((w) => w.count > 0) // wards 7 and 9
 */
export function countByWard(apps: readonly Application[]): WardCount[] {
  const listed = apps.filter(isListed);
  return WARD_NUMBERS.map((ward) => ({
    ward,
    count: listed.filter((app) => isInWard(app, ward)).length,
  }));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The municipal calendar day of a date value as YYYY-MM-DD, or null (see `calendarDate`).
 * @example dayOf('2025-09-30T20:00:00Z') // '2025-10-01' (01:30 IST)
 */
export function dayOf(value: unknown): string | null {
  const date = calendarDate(value);
  return date === null ? null : `${date.year}-${two(date.month)}-${two(date.day)}`;
}

function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Submissions (every application's `created_at`) and issued NOCs (the chairman's approval date
 * of each approved application) per municipal day, every day from the first event to the last
 * with zeros between, at most the last MAX_SEASON_DAYS; [] when no date is known.
 * @example countByDay([a /* created 5 Mar *\/, b /* created 7 Mar *\/]).map((d) => d.submitted) // [1, 0, 1]
 */
export function countByDay(
  apps: readonly Application[],
  locale: Locale = DEFAULT_LOCALE,
): DayCount[] {
  const submitted = new Map<string, number>();
  const issued = new Map<string, number>();
  const add = (counts: Map<string, number>, day: string | null) => {
    if (day !== null) counts.set(day, (counts.get(day) ?? 0) + 1);
  };
  for (const app of apps) {
    add(submitted, dayOf(app.created_at));
    if (app.chairman_status === 'Approved') add(issued, dayOf(app.chairman_approved_date));
  }
  const days = [...submitted.keys(), ...issued.keys()].sort();
  const last = days.at(-1);
  if (last === undefined) return [];
  const earliest = new Date(`${last}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() - (MAX_SEASON_DAYS - 1));
  const floor = earliest.toISOString().slice(0, 10);
  const first = days[0]! < floor ? floor : days[0]!;
  const result: DayCount[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    result.push({
      day,
      label: formatShortDate(day, locale),
      submitted: submitted.get(day) ?? 0,
      issued: issued.get(day) ?? 0,
    });
  }
  return result;
}

/** A day of the daily chart, marked when days before it were left out (a quiet stretch). */
export interface SeasonDay extends DayCount {
  /** Whole weeks without any event were skipped just before this day. */
  gapBefore: boolean;
}

/** Monday of the week a YYYY-MM-DD day is in. */
function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The daily chart of a season (issue 22): the days of its active weeks (Monday to Sunday, those
 * with a submission or an issued NOC) from the first event to the last; weeks without any are
 * left out and the day after a left-out stretch says so (`gapBefore`), so a late submission a
 * year after the season does not draw a year of empty days. [] when no date is known.
 * @example countByActiveWeek([a /* Tue 5 Aug *\/, b /* Wed 3 Sep *\/]).length // 9: 5–10 Aug, 1–3 Sep
 */
export function countByActiveWeek(
  apps: readonly Application[],
  locale: Locale = DEFAULT_LOCALE,
): SeasonDay[] {
  const days = countByDay(apps, locale);
  const active = new Set(
    days.filter((d) => d.submitted > 0 || d.issued > 0).map((d) => weekStart(d.day)),
  );
  const result: SeasonDay[] = [];
  let skipped = false;
  for (const day of days) {
    if (!active.has(weekStart(day.day))) {
      skipped = true;
      continue;
    }
    result.push({ ...day, gapBefore: skipped });
    skipped = false;
  }
  return result;
}

/** Everything the season part of the dashboard shows. */
export interface SeasonFigures {
  steps: StepCount[];
  wards: WardCount[];
  /** The season's active weeks, day by day (`countByActiveWeek`). */
  days: SeasonDay[];
  /** No application at all this season: the screen says so instead of empty charts. */
  empty: boolean;
}

/**
 * The dashboard's season figures from the shared application list.
 * @example seasonFigures([]).empty // true
 */
export function seasonFigures(
  apps: readonly Application[],
  locale: Locale = DEFAULT_LOCALE,
): SeasonFigures {
  return {
    steps: countWaitingByStep(apps),
    wards: countByWard(apps),
    days: countByActiveWeek(apps, locale),
    empty: apps.length === 0,
  };
}
