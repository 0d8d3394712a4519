import { DEFAULT_LOCALE, formatMessage, type Locale } from './messages';

/**
 * Date display (SPEC §2, §4, §9). A value without a zone ('2025-03-05 10:15:00', as a PHP host
 * writes MySQL datetimes) means the local day written in it. A value with a zone ('Z' or
 * '+05:30', as our server writes instants) is an instant, shown as the day it was in the
 * municipality: an approval at 01:00 IST on 1 October is '01/10/2025', not the UTC
 * '30/09/2025'. Never the machine's own time zone, so every screen shows the same day.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$)/;

/** The municipality's offset from UTC: India Standard Time, which has no daylight saving. */
export const MUNICIPAL_UTC_OFFSET_MINUTES = 330;

/** en-GB short month names (CLDR, as browsers show them: 'Sept'). */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * The calendar day a value means (see above), or null when empty, invalid or starting with '0000'.
 * @example calendarDate('2025-03-05 23:30:00') // { year: 2025, month: 3, day: 5 }
 * @example calendarDate('2025-03-05T23:30:00Z') // { year: 2025, month: 3, day: 6 } (05:00 IST)
 */
export function calendarDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  const valid =
    year > 0 &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day;
  if (!valid) return null;
  if (match[5] === undefined) return { year, month, day };
  const instant = Date.parse(text.replace(' ', 'T'));
  if (Number.isNaN(instant)) return null;
  const local = new Date(instant + MUNICIPAL_UTC_OFFSET_MINUTES * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC §9: day/month/year (en-GB); 'N/A' when empty, invalid or starting with 0000.
 * @example formatDate('2025-03-05T10:15:00Z') // '05/03/2025'; formatDate('0000-00-00') // 'N/A'
 */
export function formatDate(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDate(value);
  if (!date) return formatMessage('date.notAvailable', {}, locale);
  return `${two(date.day)}/${two(date.month)}/${date.year}`;
}

/**
 * SPEC §2 club dashboard: day/short month/year; 'N/A' when empty, invalid or starting with 0000.
 * @example formatShortDate('2025-03-05') // '05 Mar 2025'
 */
export function formatShortDate(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDate(value);
  if (!date) return formatMessage('date.notAvailable', {}, locale);
  return `${two(date.day)} ${SHORT_MONTHS[date.month - 1] ?? ''} ${date.year}`;
}
