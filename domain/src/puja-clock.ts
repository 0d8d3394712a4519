/**
 * The club dashboard's clock (issue 13, decision 0025): how long remains until the puja, whose
 * first day the municipality sets in the club portal's runtime config.json (`pujaStartDate`,
 * YYYY-MM-DD). Days count in municipal time. What the club must do is the banner's
 * (club-banner.ts, issue 27), which needs no date.
 */
import { calendarDate, formatShortDate } from './dates';
import { DEFAULT_LOCALE, formatNumber, type Locale, type MessageKey } from './messages';

const DAY_MS = 86_400_000;

/**
 * A puja start date as config.json gives it: exactly YYYY-MM-DD and a real calendar day, else
 * null.
 * @example parsePujaStartDate('2027-10-10') // '2027-10-10'; parsePujaStartDate('2027-02-30') // null
 */
export function parsePujaStartDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return calendarDate(value) === null ? null : value;
}

/** How the clock reads: days to go, the first day itself, or the puja already under way. */
export type PujaCountdown =
  | { kind: 'ahead'; days: number; date: string }
  | { kind: 'today'; date: string }
  | { kind: 'begun'; date: string };

/** The municipal calendar day of an instant, as a UTC midnight in milliseconds. */
function municipalDayMs(nowMs: number): number {
  const day = calendarDate(new Date(nowMs).toISOString());
  return day === null ? NaN : Date.UTC(day.year, day.month - 1, day.day);
}

/**
 * Whole days from today (municipal time) to the puja's first day; null without a valid date.
 * @example pujaCountdown('2027-10-10', Date.parse('2027-10-08T20:00:00Z')) // { kind: 'ahead', days: 1, … } (9 Oct in India)
 */
export function pujaCountdown(
  startDate: string | null | undefined,
  nowMs: number,
  locale: Locale = DEFAULT_LOCALE,
): PujaCountdown | null {
  const start = parsePujaStartDate(startDate);
  if (start === null) return null;
  const date = formatShortDate(start, locale);
  const days = Math.round((Date.parse(`${start}T00:00:00Z`) - municipalDayMs(nowMs)) / DAY_MS);
  if (Number.isNaN(days)) return null;
  if (days > 0) return { kind: 'ahead', days, date };
  return days === 0 ? { kind: 'today', date } : { kind: 'begun', date };
}

/**
 * The countdown's text: its catalogue key and parameters (the count in the locale's digits).
 * @example countdownText({ kind: 'ahead', days: 3, date: '10 Oct 2027' }) // { key: 'clock.days', params: { count: '3', date: '10 Oct 2027' } }
 */
export function countdownText(
  countdown: PujaCountdown,
  locale: Locale = DEFAULT_LOCALE,
): {
  key: MessageKey;
  params: Record<string, string | number>;
} {
  switch (countdown.kind) {
    case 'ahead':
      return {
        key: countdown.days === 1 ? 'clock.oneDay' : 'clock.days',
        params: { count: formatNumber(countdown.days, locale), date: countdown.date },
      };
    case 'today':
      return { key: 'clock.today', params: { date: countdown.date } };
    case 'begun':
      return { key: 'clock.begun', params: { date: countdown.date } };
  }
}
