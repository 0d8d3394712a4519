import { asciiDigits } from './digits';
import { DEFAULT_LOCALE, formatMessage, INTL_TAGS, type Locale } from './messages';

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

/** A calendar day as a Date at 00:00 UTC. */
function utcDay(date: { year: number; month: number; day: number }): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

type DateStyle = 'numeric' | 'short' | 'time' | 'weekday';

/** How each style reads per language; English follows SPEC §2 and §9, Bengali reads naturally. */
const DATE_OPTIONS: Readonly<Record<DateStyle, Record<Locale, Intl.DateTimeFormatOptions>>> = {
  numeric: {
    en: { day: '2-digit', month: '2-digit', year: 'numeric' },
    bn: { day: '2-digit', month: '2-digit', year: 'numeric' },
  },
  // Bengali's abbreviated months ('সেপ্টেঃ') read oddly: the full name is short enough.
  short: {
    en: { day: '2-digit', month: 'short', year: 'numeric' },
    bn: { day: 'numeric', month: 'long', year: 'numeric' },
  },
  // A 24-hour clock in both: ICU's Bengali 12-hour clock writes 'PM' in Latin letters.
  time: {
    en: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    bn: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  },
  weekday: { en: { weekday: 'long' }, bn: { weekday: 'long' } },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per style and language, in UTC (the values are municipal days already). */
function dateFormat(style: DateStyle, locale: Locale): Intl.DateTimeFormat {
  const id = `${style}:${locale}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAGS[locale], {
      ...DATE_OPTIONS[style][locale],
      timeZone: 'UTC',
    });
    formats.set(id, format);
  }
  return format;
}

/**
 * SPEC §9: day/month/year (Intl, the language's digits); 'N/A' when empty, invalid or starting
 * with 0000.
 * @example formatDate('2025-03-05T10:15:00Z') // '05/03/2025'; formatDate('0000-00-00') // 'N/A'
 * @example formatDate('2025-03-05', 'bn') // '০৫/০৩/২০২৫'
 */
export function formatDate(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDate(value);
  if (!date) return formatMessage('date.notAvailable', {}, locale);
  return dateFormat('numeric', locale).format(utcDay(date));
}

/**
 * The day of the week of a day, in the language (the Holidays screen: a holiday on a Sunday
 * changes no due date); 'N/A' when empty or invalid.
 * @example formatWeekday('2026-10-20') // 'Tuesday'; formatWeekday('2026-10-20', 'bn') // 'মঙ্গলবার'
 */
export function formatWeekday(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDate(value);
  if (!date) return formatMessage('date.notAvailable', {}, locale);
  return dateFormat('weekday', locale).format(utcDay(date));
}

/**
 * SPEC §2 club dashboard: day, month name and year; 'N/A' when empty, invalid or starting with
 * 0000.
 * @example formatShortDate('2025-03-05') // '05 Mar 2025'; formatShortDate('2025-03-05', 'bn') // '৫ মার্চ, ২০২৫'
 */
export function formatShortDate(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const date = calendarDate(value);
  if (!date) return formatMessage('date.notAvailable', {}, locale);
  return dateFormat('short', locale).format(utcDay(date));
}

/**
 * A moment as its municipal day and time of day (IST for an instant, the written time for a
 * value without a zone), for histories; a value without a time shows its day only.
 * @example formatDateTime('2025-03-05T10:15:00Z') // '05/03/2025 15:45'
 */
export function formatDateTime(value: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const day = formatDate(value, locale);
  const match = typeof value === 'string' ? ISO_DATE.exec(value.trim()) : null;
  if (!match?.[4] || calendarDate(value) === null) return day;
  const at =
    match[5] === undefined
      ? Date.parse(`1970-01-01T${match[4]}Z`)
      : Date.parse(String(value).trim().replace(' ', 'T')) + MUNICIPAL_UTC_OFFSET_MINUTES * 60_000;
  return `${day} ${dateFormat('time', locale).format(new Date(at))}`;
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A count as the language writes it, grouped the Indian way (1,00,000).
 * @example formatCount(125000) // '1,25,000'; formatCount(125000, 'bn') // '১,২৫,০০০'
 */
export function formatCount(value: number, locale: Locale = DEFAULT_LOCALE): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale]);
    countFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * A day typed as day/month/year (the way India writes dates, issue 27), in Latin or Bengali
 * digits, with `/`, `-`, `.` or spaces between, as `YYYY-MM-DD`; null when it is no real day.
 * @example parseDayMonthYear('01/09/2027') // '2027-09-01'
 * @example parseDayMonthYear('১.৯.২০২৭') // '2027-09-01'
 * @example parseDayMonthYear('31/02/2027') // null
 */
export function parseDayMonthYear(text: string): string | null {
  const match = /^(\d{1,2})[/\-. ]+(\d{1,2})[/\-. ]+(\d{4})$/.exec(asciiDigits(text.trim()));
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && calendarDate(iso) !== null ? iso : null;
}
