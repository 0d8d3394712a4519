import { DEFAULT_LOCALE, formatMessage, type Locale } from './messages';

/**
 * Date display (SPEC §2, §4, §9). Decision: we format the calendar date written at the start of
 * the value (`YYYY-MM-DD...`) and never convert between time zones, so the same value shows the
 * same day on every machine. A server value without a zone ('2025-03-05 10:15:00') means that
 * local day; an ISO value with 'Z' shows its UTC day: the server writes the day it means.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

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
 * The calendar date a value starts with, or null when empty, invalid or starting with '0000'.
 * @example calendarDate('2025-03-05T10:15:00Z') // { year: 2025, month: 3, day: 5 }
 */
export function calendarDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  const valid =
    year > 0 &&
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day;
  return valid ? { year, month, day } : null;
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
