import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages';
import { countdownText, parsePujaStartDate, pujaCountdown } from './puja-clock';

describe('parsePujaStartDate', () => {
  it.each(['2027-10-10', '2028-02-29'])('keeps %s', (value) => {
    expect(parsePujaStartDate(value)).toBe(value);
  });
  it.each([
    '2027-02-30',
    '2027-13-01',
    '10/10/2027',
    '2027-10-10T00:00:00Z',
    ' 2027-10-10',
    '0000-00-00',
    '',
    20271010,
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(parsePujaStartDate(value)).toBeNull();
  });
});

describe('pujaCountdown', () => {
  const at = (iso: string) => Date.parse(iso);

  it('is null without a valid date', () => {
    expect(pujaCountdown(undefined, at('2027-10-01T00:00:00Z'))).toBeNull();
    expect(pujaCountdown('soon', at('2027-10-01T00:00:00Z'))).toBeNull();
  });

  it.each([
    ['2027-10-01T06:00:00Z', { kind: 'ahead', days: 9, date: '10 Oct 2027' }],
    // 20:00 UTC on 8 October is 01:30 on 9 October in the municipality.
    ['2027-10-08T20:00:00Z', { kind: 'ahead', days: 1, date: '10 Oct 2027' }],
    ['2027-10-08T18:00:00Z', { kind: 'ahead', days: 2, date: '10 Oct 2027' }],
    ['2027-10-09T18:30:00Z', { kind: 'today', date: '10 Oct 2027' }],
    ['2027-10-10T18:29:00Z', { kind: 'today', date: '10 Oct 2027' }],
    ['2027-10-10T18:30:00Z', { kind: 'begun', date: '10 Oct 2027' }],
    ['2026-10-10T12:00:00Z', { kind: 'ahead', days: 365, date: '10 Oct 2027' }],
  ])('at %s it reads %j', (now, countdown) => {
    expect(pujaCountdown('2027-10-10', at(now))).toEqual(countdown);
  });

  it('counts across a month end', () => {
    expect(pujaCountdown('2027-11-02', at('2027-10-30T12:00:00Z'))).toMatchObject({ days: 3 });
  });
});

describe('countdownText', () => {
  const text = (countdown: Parameters<typeof countdownText>[0]) => {
    const { key, params } = countdownText(countdown);
    return formatMessage(key, params);
  };
  it('says the days left, one day in the singular, the day itself and after', () => {
    expect(text({ kind: 'ahead', days: 9, date: '10 Oct 2027' })).toBe(
      '9 days left until the puja starts on 10 Oct 2027.',
    );
    expect(text({ kind: 'ahead', days: 1, date: '10 Oct 2027' })).toBe(
      '1 day left until the puja starts on 10 Oct 2027.',
    );
    expect(text({ kind: 'today', date: '10 Oct 2027' })).toBe(
      'The puja starts today, 10 Oct 2027. Shubho Durga Puja!',
    );
    expect(text({ kind: 'begun', date: '10 Oct 2027' })).toBe(
      'The puja began on 10 Oct 2027. Shubho Durga Puja!',
    );
  });

  it('writes the count in the locale’s digits', () => {
    expect(countdownText({ kind: 'ahead', days: 12, date: 'x' }, 'bn').params.count).toBe('১২');
  });
});
