import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './messages';
import {
  formatWeekday,
  calendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatShortDate,
  parseDayMonthYear,
} from './dates';

describe('formatDate (SPEC §9: day/month/year, en-GB)', () => {
  it.each([
    ['2025-03-05', '05/03/2025'],
    ['2025-03-05T10:15:00.000Z', '05/03/2025'],
    ['2025-03-05T23:59:59+05:30', '05/03/2025'],
    ['2025-09-30T19:30:00.000Z', '01/10/2025'],
    ['2025-12-31T18:29:59Z', '31/12/2025'],
    ['2025-12-31T18:30:00Z', '01/01/2026'],
    ['2025-03-05T00:30:00+0530', '05/03/2025'],
    ['2025-02-30T10:00:00Z', 'N/A'],
    ['2025-03-05T25:00:00Z', 'N/A'],
    ['2025-12-31 23:30:00', '31/12/2025'],
    ['  2024-02-29  ', '29/02/2024'],
    ['', 'N/A'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['0000-00-00', 'N/A'],
    ['0000-00-00 00:00:00', 'N/A'],
    ['2025-02-30', 'N/A'],
    ['2023-02-29', 'N/A'],
    ['2025-13-01', 'N/A'],
    ['05/03/2025', 'N/A'],
    ['not a date', 'N/A'],
    ['2025-03-05garbage', 'N/A'],
    [20250305, 'N/A'],
  ])('%j displays as %s', (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });
});

describe('formatShortDate (SPEC §2: day/short month/year)', () => {
  it.each([
    ['2025-03-05T10:15:00Z', '05 Mar 2025'],
    ['2025-01-31', '31 Jan 2025'],
    ['2025-09-01', '01 Sept 2025'],
    ['2025-12-09 08:00:00', '09 Dec 2025'],
    ['', 'N/A'],
    ['0000-00-00', 'N/A'],
  ])('%j displays as %s', (value, shown) => {
    expect(formatShortDate(value)).toBe(shown);
  });

  it('shows an instant as the day it was in the municipality (IST), whatever the machine zone', () => {
    // 23:30 UTC is 05:00 the next morning in India: an approval then is dated the 6th.
    expect(formatShortDate('2025-03-05T23:30:00Z')).toBe('06 Mar 2025');
    expect(calendarDate('2025-03-05T23:30:00Z')).toEqual({ year: 2025, month: 3, day: 6 });
  });

  it('shows a value without a zone as the day written in it', () => {
    expect(formatShortDate('2025-03-05 23:30:00')).toBe('05 Mar 2025');
    expect(calendarDate('2025-03-05T23:30:00')).toEqual({ year: 2025, month: 3, day: 5 });
  });
});

describe('in Bengali (Intl bn-IN: Bengali digits and month names)', () => {
  it.each([
    ['2025-03-05', '০৫/০৩/২০২৫'],
    ['2025-09-30T19:30:00.000Z', '০১/১০/২০২৫'],
    ['0000-00-00', 'প্রযোজ্য নয়'],
  ])('formatDate(%j) reads %s', async (value, shown) => {
    await loadCatalogue('bn');
    expect(formatDate(value, 'bn')).toBe(shown);
  });

  it.each([
    ['2025-03-05', '৫ মার্চ, ২০২৫'],
    ['2025-09-01', '১ সেপ্টেম্বর, ২০২৫'],
  ])('formatShortDate(%j) reads %s', (value, shown) => {
    expect(formatShortDate(value, 'bn')).toBe(shown);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2025-03-05T10:15:00Z', 'en', '05/03/2025 15:45'],
    ['2025-03-05T20:00:00Z', 'en', '06/03/2025 01:30'],
    ['2025-03-05 10:15:00', 'en', '05/03/2025 10:15'],
    ['2025-03-05', 'en', '05/03/2025'],
    ['', 'en', 'N/A'],
    ['2025-03-05T10:15:00Z', 'bn', '০৫/০৩/২০২৫ ১৫:৪৫'],
  ] as const)('%j in %s reads %s', (value, locale, shown) => {
    expect(formatDateTime(value, locale)).toBe(shown);
  });
});

describe('formatCount', () => {
  it.each([
    [7, 'en', '7'],
    [125000, 'en', '1,25,000'],
    [125000, 'bn', '১,২৫,০০০'],
  ] as const)('%d in %s reads %s', (value, locale, shown) => {
    expect(formatCount(value, locale)).toBe(shown);
  });
});

describe('parseDayMonthYear: dd/mm/yyyy whatever the browser (issue 27)', () => {
  it.each([
    ['01/09/2027', '2027-09-01'],
    ['1/9/2027', '2027-09-01'],
    [' 01-09-2027 ', '2027-09-01'],
    ['01.09.2027', '2027-09-01'],
    ['০১/০৯/২০২৭', '2027-09-01'],
    ['১.৯.২০২৭', '2027-09-01'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %j as %s', (typed, iso) => {
    expect(parseDayMonthYear(typed)).toBe(iso);
  });

  it.each(['', '31/02/2027', '29/02/2027', '13/13/2027', '2027-09-01', '09/2027', '1/9/27', 'x'])(
    'refuses %j',
    (typed) => {
      expect(parseDayMonthYear(typed)).toBeNull();
    },
  );
});

describe('formatWeekday', () => {
  it('names the day of the week in the language, N/A for no day', () => {
    expect(formatWeekday('2026-10-20')).toBe('Tuesday');
    expect(formatWeekday('2026-10-20', 'bn')).toBe('মঙ্গলবার');
    // An instant is a municipal (IST) day: 20:00 UTC on Sunday the 25th is Monday the 26th there.
    expect(formatWeekday('2026-10-25T20:00:00Z')).toBe('Monday');
    expect(formatWeekday('')).toBe('N/A');
  });
});
