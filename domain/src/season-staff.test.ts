import { describe, expect, it } from 'vitest';
import {
  canCloseEarly,
  daysToIssue,
  earlyCloseDay,
  medianDaysToIssue,
  nextSeasonYear,
  parseSeasonParam,
  previousSeason,
  seasonYearOfList,
  summariseSeason,
  viewedSeason,
} from './season-staff';
import { freshApplication } from './test-support/application';

const issued = (created: string, approved: string) =>
  freshApplication({
    created_at: created,
    chairman_status: 'Approved',
    chairman_approved_date: approved,
  });

describe('the season of a staff URL', () => {
  it.each([
    ['2026', 2026],
    [' 2025 ', 2025],
    [2027, 2027],
    ['26', undefined],
    ['20261', undefined],
    ['next', undefined],
    [undefined, undefined],
  ])('?season=%j reads as %j', (value, year) => {
    expect(parseSeasonParam(value)).toBe(year);
  });

  it('defaults to the current season, which is not past', () => {
    expect(viewedSeason(undefined, [{ year: 2025 }, { year: 2026 }])).toEqual({
      year: 2026,
      currentYear: 2026,
      past: false,
      reviewClosed: false,
    });
  });

  it('an earlier year in the URL is a past season', () => {
    expect(viewedSeason(2025, [{ year: 2026 }, { year: 2025 }]).past).toBe(true);
  });

  it('says whether the viewed season’s review is closed', () => {
    const seasons = [{ year: 2026 }, { year: 2025, review_closed_at: '2026-01-05T06:00:00Z' }];
    expect(viewedSeason(2025, seasons).reviewClosed).toBe(true);
    expect(viewedSeason(undefined, seasons).reviewClosed).toBe(false);
  });

  it('without the season list nothing is called past', () => {
    expect(viewedSeason(2025, undefined)).toEqual({
      year: 2025,
      currentYear: null,
      past: false,
      reviewClosed: false,
    });
    expect(viewedSeason(undefined, null)).toEqual({
      year: null,
      currentYear: null,
      past: false,
      reviewClosed: false,
    });
  });
});

describe('closing a season early', () => {
  it('sets yesterday (municipal time) as the last day, so it is closed from today', () => {
    // 00:10 IST on 10 September is still 9 September in UTC.
    expect(earlyCloseDay({ opens_on: '2026-01-01' }, Date.parse('2026-09-09T18:40:00Z'))).toBe(
      '2026-09-09',
    );
    expect(earlyCloseDay({ opens_on: '2026-01-01' }, Date.parse('2026-09-09T18:20:00Z'))).toBe(
      '2026-09-08',
    );
  });

  it('never before the open day: a season opened today closes at midnight', () => {
    expect(earlyCloseDay({ opens_on: '2026-09-10' }, Date.parse('2026-09-10T06:00:00Z'))).toBe(
      '2026-09-10',
    );
  });

  it('only the current season, while it is not closed', () => {
    expect(canCloseEarly({ year: 2026, state: 'open' }, 2026)).toBe(true);
    expect(canCloseEarly({ year: 2026, state: 'upcoming' }, 2026)).toBe(true);
    expect(canCloseEarly({ year: 2026, state: 'closed' }, 2026)).toBe(false);
    expect(canCloseEarly({ year: 2025, state: 'open' }, 2026)).toBe(false);
  });
});

describe('seasons around a year', () => {
  it('the season before a year is the latest earlier one', () => {
    const seasons = [{ year: 2025 }, { year: 2027 }, { year: 2024 }];
    expect(previousSeason(seasons, 2027)?.year).toBe(2025);
    expect(previousSeason(seasons, 2024)).toBeNull();
  });

  it('the next season is the year after the latest, else this year', () => {
    expect(nextSeasonYear([{ year: 2025 }, { year: 2026 }], Date.now())).toBe(2027);
    expect(nextSeasonYear([], Date.parse('2027-12-31T19:00:00Z'))).toBe(2028);
  });
});

describe('days to issue and the season summary', () => {
  it('counts municipal days from submission to the NOC', () => {
    // Submitted 23:30 IST on 1 Aug (18:00 UTC), issued 10:00 IST on 2 Aug: one day.
    expect(daysToIssue(issued('2025-08-01T18:00:00Z', '2025-08-02T04:30:00Z'))).toBe(1);
    expect(daysToIssue(issued('2025-08-01T10:00:00Z', '2025-08-01T12:00:00Z'))).toBe(0);
  });

  it('has none without a NOC or a date', () => {
    expect(daysToIssue(freshApplication())).toBeNull();
    expect(daysToIssue(issued('2025-08-01T10:00:00Z', ''))).toBeNull();
  });

  it('the median is the middle one, or the mean of the two middle ones', () => {
    const a = issued('2025-08-01T06:00:00Z', '2025-08-03T06:00:00Z'); // 2
    const b = issued('2025-08-01T06:00:00Z', '2025-08-06T06:00:00Z'); // 5
    const c = issued('2025-08-01T06:00:00Z', '2025-08-10T06:00:00Z'); // 9
    expect(medianDaysToIssue([c, a, b])).toBe(5);
    expect(medianDaysToIssue([c, a, b, freshApplication()])).toBe(5);
    expect(medianDaysToIssue([a, b])).toBe(3.5);
    expect(medianDaysToIssue([freshApplication()])).toBeNull();
  });

  it('sums up applications, issued NOCs and the median', () => {
    const a = issued('2025-08-01T06:00:00Z', '2025-08-03T06:00:00Z');
    expect(summariseSeason([a, freshApplication()])).toEqual({
      applications: 2,
      issued: 1,
      medianDaysToIssue: 2,
    });
    expect(summariseSeason([])).toEqual({ applications: 0, issued: 0, medianDaysToIssue: null });
  });
});

describe('the year of a season list', () => {
  it("is its applications' year, else 2025", () => {
    expect(seasonYearOfList([freshApplication({ apply_year: '2026' })])).toBe(2026);
    expect(seasonYearOfList([])).toBe(2025);
  });
});
