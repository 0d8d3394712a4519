import { describe, expect, it } from 'vitest';
import {
  applicationOfSeason,
  pastSeasonResult,
  previousSeasonApplications,
} from './season-history';
import { freshApplication } from './test-support/application';

const of = (year: string, id = Number(year)) => freshApplication({ id, apply_year: year });

describe('a club’s earlier seasons', () => {
  it('says how each ended: issued, refused (a withdrawn NOC too) or never decided', () => {
    expect(pastSeasonResult({ chairman_status: 'Approved' }, true)).toBe('seasons.result.issued');
    expect(pastSeasonResult({ chairman_status: 'Rejected' }, true)).toBe('seasons.result.refused');
    expect(pastSeasonResult({ chairman_status: 'Pending' }, true)).toBe('seasons.result.undecided');
  });

  it('says an undecided application is still under review while its season’s review goes on', () => {
    expect(pastSeasonResult({ chairman_status: 'Pending' }, false)).toBe(
      'seasons.result.underReview',
    );
    expect(pastSeasonResult({ chairman_status: 'Approved' }, false)).toBe('seasons.result.issued');
  });

  it('lists the seasons before the current one, newest first, one per season', () => {
    const history = [of('2025'), of('2027'), of('2026'), of('2026', 99)];
    expect(previousSeasonApplications(history, 2027).map((app) => app.id)).toEqual([2026, 2025]);
    expect(previousSeasonApplications(history, 2025)).toEqual([]);
    // A host that sends no year serves 2025.
    expect(previousSeasonApplications([of('')], 2026).map((app) => app.id)).toEqual([0]);
  });

  it('finds the application of one season, or none', () => {
    const history = [of('2026'), of('2025')];
    expect(applicationOfSeason(history, 2025)?.id).toBe(2025);
    expect(applicationOfSeason(history, 2024)).toBeNull();
  });
});
