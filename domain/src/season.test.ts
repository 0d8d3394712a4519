import { describe, expect, it } from 'vitest';
import { formatMessage, loadCatalogue } from './messages';
import {
  FIRST_SEASON,
  openSeason,
  redateSeason,
  applyWindowBlocker,
  currentSeason,
  isPastSeasonApplication,
  municipalToday,
  parseSeasonDay,
  seasonState,
  seasonWindowText,
  seasonYearOf,
  seasonsNewestFirst,
  validateNewSeason,
  validateSeasonUpdate,
  type Season,
} from './season';

const season2027: Season = {
  year: 2027,
  opens_on: '2027-09-01',
  closes_on: '2027-09-30',
  puja_starts_on: '2027-10-10',
};
const at = (iso: string) => Date.parse(iso);

describe('municipalToday', () => {
  it.each([
    ['2027-08-31T18:29:59.999Z', '2027-08-31'],
    ['2027-08-31T18:30:00.000Z', '2027-09-01'],
    ['2027-12-31T18:30:00.000Z', '2028-01-01'],
    ['2028-02-28T20:00:00.000Z', '2028-02-29'],
  ])('%s is %s in India', (instant, day) => {
    expect(municipalToday(at(instant))).toBe(day);
  });
});

describe('seasonState: the window in municipal time', () => {
  it.each([
    ['a minute before midnight IST on the eve of the open day', '2027-08-31T18:29:00Z', 'upcoming'],
    ['midnight IST of the open day (still 31 August in UTC)', '2027-08-31T18:30:00Z', 'open'],
    ['the middle of the window', '2027-09-15T06:00:00Z', 'open'],
    ['the last minute of the close day (IST)', '2027-09-30T18:29:00Z', 'open'],
    ['midnight IST after the close day', '2027-09-30T18:30:00Z', 'closed'],
    ['the puja itself', '2027-10-10T04:00:00Z', 'closed'],
  ] as const)('%s: %s', (_label, instant, state) => {
    expect(seasonState(season2027, at(instant))).toBe(state);
  });

  it('a season without a close day stays open for good once it opens', () => {
    const open = { ...season2027, closes_on: null };
    expect(seasonState(open, at('2027-08-31T18:29:59Z'))).toBe('upcoming');
    expect(seasonState(open, at('2027-08-31T18:30:00Z'))).toBe('open');
    expect(seasonState(open, at('2031-01-01T00:00:00Z'))).toBe('open');
  });

  it('a one-day window is open on that day only', () => {
    const oneDay = { ...season2027, closes_on: '2027-09-01' };
    expect(seasonState(oneDay, at('2027-09-01T12:00:00Z'))).toBe('open');
    expect(seasonState(oneDay, at('2027-09-01T18:30:00Z'))).toBe('closed');
  });

  it('the first season (an upgraded database, a fresh demo) is open with no close day', () => {
    expect(FIRST_SEASON).toEqual({
      year: 2025,
      opens_on: '2025-01-01',
      closes_on: null,
      puja_starts_on: null,
    });
    expect(seasonState(FIRST_SEASON, at('2026-11-24T10:00:00Z'))).toBe('open');
  });
});

describe('the current season', () => {
  it('is the latest year, whatever its state and the order given', () => {
    const seasons = [season2027, FIRST_SEASON, { ...season2027, year: 2026 }];
    expect(currentSeason(seasons)?.year).toBe(2027);
    expect(seasonsNewestFirst(seasons).map((s) => s.year)).toEqual([2027, 2026, 2025]);
    expect(currentSeason([])).toBeNull();
  });

  it('an application of an earlier season is past (read-only), one of the current is not', () => {
    expect(isPastSeasonApplication({ apply_year: '2025' }, 2026)).toBe(true);
    expect(isPastSeasonApplication({ apply_year: '2026' }, 2026)).toBe(false);
    expect(isPastSeasonApplication({ apply_year: '' }, 2025)).toBe(false);
  });

  it('an application without an apply year (a PHP host) belongs to 2025', () => {
    expect(seasonYearOf({ apply_year: ' ' })).toBe(2025);
    expect(seasonYearOf({ apply_year: '2031' })).toBe(2031);
  });
});

describe('applyWindowBlocker', () => {
  it.each([
    ['2027-08-31T18:29:00Z', 'applyNoc.seasonNotOpen'],
    ['2027-09-01T00:00:00Z', null],
    ['2027-09-30T18:30:00Z', 'applyNoc.seasonClosed'],
  ] as const)('at %s: %s', (instant, blocker) => {
    expect(applyWindowBlocker(season2027, at(instant))).toBe(blocker);
  });

  it('no season at all: not open', () => {
    expect(applyWindowBlocker(null, Date.now())).toBe('applyNoc.seasonNotOpen');
  });
});

describe('seasonWindowText: what the club dashboard says', () => {
  it.each([
    ['2027-08-01T00:00:00Z', season2027, 'Applications for Durga Puja 2027 open on 01 Sept 2027.'],
    [
      '2027-09-05T00:00:00Z',
      season2027,
      'Applications for Durga Puja 2027 are open until 30 Sept 2027.',
    ],
    [
      '2027-10-01T00:00:00Z',
      season2027,
      'Applications for Durga Puja 2027 closed on 30 Sept 2027.',
    ],
    [
      '2027-09-05T00:00:00Z',
      { ...season2027, closes_on: null },
      'Applications for Durga Puja 2027 are open.',
    ],
  ] as const)('at %s', (instant, season, text) => {
    const { key, params } = seasonWindowText(season, at(instant));
    expect(formatMessage(key, params)).toBe(text);
  });

  it('in Bengali, with the dates and year in Bengali digits', async () => {
    await loadCatalogue('bn');
    const { key, params } = seasonWindowText(season2027, at('2027-08-01T00:00:00Z'), 'bn');
    expect(formatMessage(key, params, 'bn')).toBe(
      'দুর্গাপূজা ২০২৭-এর আবেদন শুরু হবে ১ সেপ্টেম্বর, ২০২৭ তারিখে।',
    );
  });
});

describe('parseSeasonDay', () => {
  it.each(['2027-09-01', ' 2028-02-29 '])('keeps %j', (value) => {
    expect(parseSeasonDay(value)).toBe(value.trim());
  });
  it.each(['2027-02-30', '01/09/2027', '2027-9-1', '', null, 20270901])('refuses %j', (value) => {
    expect(parseSeasonDay(value)).toBeNull();
  });
});

describe('validateNewSeason', () => {
  const closed2025 = { ...FIRST_SEASON, closes_on: '2025-09-30' };

  it('opens the next season once the current one has a close day before it', () => {
    expect(
      validateNewSeason(
        { year: '2026', opens_on: '2026-08-01', closes_on: '', puja_starts_on: '2026-10-17' },
        [closed2025],
      ),
    ).toEqual({
      ok: true,
      value: { year: 2026, opens_on: '2026-08-01', closes_on: null, puja_starts_on: '2026-10-17' },
    });
  });

  it.each([
    [
      'a year that is not after the latest',
      { year: 2025, opens_on: '2026-08-01' },
      'seasons.yearNotAfterLatest',
      'year',
    ],
    [
      'an earlier year',
      { year: 2024, opens_on: '2026-08-01' },
      'seasons.yearNotAfterLatest',
      'year',
    ],
    [
      'a close day before the open day',
      { year: 2026, opens_on: '2026-08-01', closes_on: '2026-07-31' },
      'seasons.closeBeforeOpen',
      'closes_on',
    ],
    [
      'opening while the current season is still open that day',
      { year: 2026, opens_on: '2025-09-30' },
      'seasons.currentStillOpen',
      'opens_on',
    ],
    [
      'a year that is not a year',
      { year: '26', opens_on: '2026-08-01' },
      'seasons.invalidYear',
      'year',
    ],
    ['no open day', { year: '২০২৬' }, 'seasons.missing.opensOn', 'opens_on'],
    ['an empty open day', { year: 2026, opens_on: ' ' }, 'seasons.missing.opensOn', 'opens_on'],
    [
      'an open day that is no day',
      { year: 2026, opens_on: '2026-02-30' },
      'seasons.invalidDate',
      'opens_on',
    ],
    [
      'a close day that is no day',
      { year: 2026, opens_on: '2026-08-01', closes_on: '2026-02-30' },
      'seasons.invalidDate',
      'closes_on',
    ],
    [
      'a puja day that is no day',
      { year: 2026, opens_on: '2026-08-01', puja_starts_on: 'soon' },
      'seasons.invalidDate',
      'puja_starts_on',
    ],
  ] as const)('refuses %s', (_label, fields, message, field) => {
    expect(validateNewSeason(fields, [closed2025])).toEqual({ ok: false, message, field });
  });

  it('refuses a new season while the current one has no close day (close it first)', () => {
    expect(validateNewSeason({ year: 2026, opens_on: '2030-01-01' }, [FIRST_SEASON])).toEqual({
      ok: false,
      message: 'seasons.currentStillOpen',
      field: 'opens_on',
    });
  });

  it('the very first season needs no other', () => {
    expect(validateNewSeason({ year: 2030, opens_on: '2030-01-01' }, []).ok).toBe(true);
  });
});

describe('validateSeasonUpdate', () => {
  const s2025 = { ...FIRST_SEASON, closes_on: '2025-09-30' };
  const s2026 = { year: 2026, opens_on: '2026-08-01', closes_on: null, puja_starts_on: null };

  it('closes the current season early, or re-dates it', () => {
    expect(
      validateSeasonUpdate({ year: 2026, opens_on: '2026-08-01', closes_on: '2026-08-20' }, [
        s2025,
        s2026,
      ]).ok,
    ).toBe(true);
  });

  it.each([
    [
      'a season that does not exist',
      { year: 2027, opens_on: '2027-08-01' },
      'seasons.notFound',
      'year',
    ],
    [
      'opening before the season before it closes',
      { year: 2026, opens_on: '2025-09-30' },
      'seasons.currentStillOpen',
      'opens_on',
    ],
    [
      'reopening an earlier season for good',
      { year: 2025, opens_on: '2025-01-01', closes_on: '' },
      'seasons.overlapsNext',
      'closes_on',
    ],
    [
      'an earlier season closing after the next opens',
      { year: 2025, opens_on: '2025-01-01', closes_on: '2026-08-01' },
      'seasons.overlapsNext',
      'closes_on',
    ],
    [
      'a close day before the open day',
      { year: 2026, opens_on: '2026-08-01', closes_on: '2026-07-01' },
      'seasons.closeBeforeOpen',
      'closes_on',
    ],
  ] as const)('refuses %s', (_label, fields, message, field) => {
    expect(validateSeasonUpdate(fields, [s2025, s2026])).toEqual({ ok: false, message, field });
  });
});

describe('season changes tell their event', () => {
  const first = {
    year: 2025,
    opens_on: '2025-01-01',
    closes_on: '2025-09-30',
    puja_starts_on: null,
  };

  it('opening a season tells seasonOpened; a refusal says its kind', () => {
    const opened = openSeason({ year: '2026', opens_on: '2026-01-01' }, [first]);
    expect(opened.ok && opened.event).toEqual({
      type: 'seasonOpened',
      season: { year: 2026, opens_on: '2026-01-01', closes_on: null, puja_starts_on: null },
    });
    expect(openSeason({ year: '2025', opens_on: '2026-01-01' }, [first])).toEqual({
      ok: false,
      key: 'seasons.yearNotAfterLatest',
      kind: 'rule',
    });
    expect(openSeason({ year: 'x' }, [first])).toMatchObject({ kind: 'input' });
  });

  it('new dates tell seasonRedated, with the dates before and whether it is the current season', () => {
    const redated = redateSeason({ year: 2025, opens_on: '2025-02-01', closes_on: '2025-09-30' }, [
      first,
    ]);
    expect(redated.ok && redated.event).toMatchObject({
      type: 'seasonRedated',
      before: first,
      current: true,
    });
    expect(redateSeason({ year: 2030, opens_on: '2030-01-01' }, [first])).toMatchObject({
      key: 'seasons.notFound',
      kind: 'notFound',
    });
  });
});
