import { describe, expect, it } from 'vitest';
import { formatShortDate } from '@puja/domain';
import { calendarNames, calendarOf } from './calendar-locale';

describe('calendarNames: a date picker in the screen’s language (issue 27)', () => {
  it('Bengali months and weekdays, the months as formatShortDate writes them', () => {
    const bn = calendarNames('bn');
    expect(bn.months).toHaveLength(12);
    expect(bn.months[0]).toBe('জানুয়ারি');
    expect(bn.months[8]).toBe('সেপ্টেম্বর');
    expect(formatShortDate('2025-09-30', 'bn')).toContain(bn.months[8]);
    // No abbreviated Bengali months ('সেপ্টেঃ'): the full name is short enough.
    expect(bn.monthsShort).toEqual(bn.months);
    expect(bn.weekdays[0]).toBe('রবিবার');
    expect(bn.weekdaysMin).toHaveLength(7);
    for (const name of [...bn.months, ...bn.weekdays, ...bn.weekdaysShort, ...bn.weekdaysMin]) {
      expect(name).toMatch(/^[\u0980-\u09FF]+$/);
    }
  });

  it('English names from Sunday', () => {
    const en = calendarNames('en');
    expect(en.months[0]).toBe('January');
    expect(en.weekdays).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });
});

describe('calendarOf', () => {
  it('gives a Bengali screen its own calendar language and Bengali day numbers', () => {
    expect(calendarOf('bn').locale).not.toBe('en');
    expect(calendarOf('bn').day(new Date(2025, 7, 14))).toBe('১৪');
    expect(calendarOf('en')).toMatchObject({ locale: 'en' });
    expect(calendarOf('en').day(new Date(2025, 7, 14))).toBe('14');
  });
});
