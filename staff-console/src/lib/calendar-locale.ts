/**
 * The date picker's language (issue 27): Mantine's calendar writes its month and weekday names
 * and its numbers through dayjs, which knows English only. On a Bengali screen it gets a dayjs
 * language of its own, with Intl's Bengali names (calendarNames) and Bengali digits in
 * everything it writes (the typed field's dd/mm/yyyy too), so one screen has one script of
 * digits. Imported by the screens with a date field only: the login route never loads it.
 */
import dayjs from 'dayjs';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import { asciiDigits, INTL_TAGS, localiseDigits, type Locale } from '@puja/domain';

/** The names a calendar shows, in its language: months and weekdays (from Sunday). */
export interface CalendarNames {
  months: string[];
  monthsShort: string[];
  weekdays: string[];
  weekdaysShort: string[];
  /** The shortest, over a month's columns. */
  weekdaysMin: string[];
}

/**
 * Month and weekday names in a language, from Intl (issue 27: a Bengali screen's date picker
 * said "January" and "Mo"); the month names are those domain's formatShortDate writes (Bengali's
 * abbreviations read oddly, so its short months are the full names).
 * @example calendarNames('bn').months[0] // 'জানুয়ারি'; calendarNames('bn').weekdaysMin[1] // 'সো'
 */
export function calendarNames(locale: Locale): CalendarNames {
  const tag = INTL_TAGS[locale];
  const names = (
    count: number,
    day: (n: number) => number,
    options: Intl.DateTimeFormatOptions,
  ) => {
    const format = new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' });
    return Array.from({ length: count }, (_, n) => format.format(day(n)));
  };
  const month = (n: number) => Date.UTC(2025, n, 1);
  // 5 January 2025 was a Sunday.
  const weekday = (n: number) => Date.UTC(2025, 0, 5 + n);
  return {
    months: names(12, month, { month: 'long' }),
    monthsShort: names(12, month, { month: locale === 'bn' ? 'long' : 'short' }),
    weekdays: names(7, weekday, { weekday: 'long' }),
    weekdaysShort: names(7, weekday, { weekday: 'short' }),
    weekdaysMin: names(7, weekday, { weekday: 'narrow' }),
  };
}

dayjs.extend(preParsePostFormat);

const BENGALI_CALENDAR = 'bn-puja';

// preparse and postformat are read by the plugin; dayjs's own type does not name them.
const bengali = {
  name: BENGALI_CALENDAR,
  ...calendarNames('bn'),
  weekStart: 1,
  ordinal: (n: number) => localiseDigits(String(n), 'bn'),
  formats: {},
  relativeTime: {},
  preparse: (text: string) => asciiDigits(text),
  postformat: (text: string) => localiseDigits(text, 'bn'),
};
dayjs.locale(bengali, undefined, true);

/**
 * What a date field is given as its `locale`, and how it writes a day of the month.
 * @example calendarOf('bn').day(new Date(2025, 7, 14)) // '১৪'
 */
export function calendarOf(locale: Locale): { locale: string; day: (date: Date) => string } {
  return {
    locale: locale === 'bn' ? BENGALI_CALENDAR : 'en',
    day: (date) => localiseDigits(String(date.getDate()), locale),
  };
}
