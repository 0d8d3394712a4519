import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import {
  addSeason,
  closeSeasonReview,
  listSeasonOpenApplications,
  listSeasons,
  updateSeason,
} from './seasons';
import { sessionStore } from './session-store';
import { connectionRefused, json, stubFetch } from './test-support/fake-fetch';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => sessionStore.getState().clearSession());

const s2025 = {
  year: 2025,
  opens_on: '2025-01-01',
  closes_on: '2025-09-30',
  puja_starts_on: null,
  state: 'closed',
  review_closed_at: '2026-01-05T06:00:00.000Z',
};
const s2026 = {
  year: '2026',
  opens_on: '2026-08-01',
  closes_on: '',
  puja_starts_on: '2026-10-17',
  state: 'open',
};

describe('listSeasons', () => {
  it('asks GET /list-seasons.php without a session and reads the seasons newest first', async () => {
    const calls = stubFetch(() => json(200, { status: true, data: [s2025, s2026] }));
    await expect(listSeasons()).resolves.toEqual([
      {
        year: 2026,
        opens_on: '2026-08-01',
        closes_on: null,
        puja_starts_on: '2026-10-17',
        state: 'open',
        review_closed_at: null,
      },
      { ...s2025 },
    ]);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/list-seasons.php');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it.each([
    ['answers 404 (a PHP host without the call)', () => json(404, { status: false })],
    ['answers an HTML error page', () => new Response('<h1>Not Found</h1>', { status: 404 })],
    ['answers something unreadable', () => json(200, { status: true, data: [{ year: 'x' }] })],
    ['answers no season at all', () => json(200, { status: true, data: [] })],
  ])('a host that %s serves season 2025, open', async (_label, answer) => {
    stubFetch(answer);
    await expect(listSeasons()).resolves.toEqual([
      {
        year: 2025,
        opens_on: '2025-01-01',
        closes_on: null,
        puja_starts_on: null,
        state: 'open',
        review_closed_at: null,
      },
    ]);
  });

  it('an unreachable server still fails (not taken for a host without seasons)', async () => {
    stubFetch(() => connectionRefused());
    await expect(listSeasons()).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('addSeason and updateSeason', () => {
  it('POST /add-season.php sends the season, empty optional days as empty', async () => {
    const calls = stubFetch(() =>
      json(201, { status: true, message: 'Season added.', code: 'seasons.added', data: s2026 }),
    );
    const result = await addSeason({ year: 2026, opens_on: '2026-08-01' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/add-season.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      year: 2026,
      opens_on: '2026-08-01',
      closes_on: '',
      puja_starts_on: '',
    });
    expect(result).toMatchObject({ messageKey: 'seasons.added', season: { year: 2026 } });
  });

  it('POST /update-season.php; a refusal carries its key', async () => {
    const calls = stubFetch(() =>
      json(422, {
        status: false,
        message: 'This season must close before the next season opens.',
        code: 'seasons.overlapsNext',
      }),
    );
    await expect(
      updateSeason({ year: 2025, opens_on: '2025-01-01', closes_on: null }),
    ).rejects.toMatchObject({ kind: 'refused', messageKey: 'seasons.overlapsNext' });
    expect(calls[0]?.url.pathname).toBe('/update-season.php');
  });

  it('a success without the season back still succeeds', async () => {
    stubFetch(() => json(200, { status: true }));
    await expect(updateSeason({ year: 2025, opens_on: '2025-01-01' })).resolves.toMatchObject({
      messageKey: 'seasons.updated',
      season: null,
    });
  });
});

describe('what each season still has open, and closing a season’s review (issue 27)', () => {
  it('GET /season-open-applications.php reads each season’s open steps, dropping unknown ones', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          {
            year: 2025,
            total: 9,
            steps: [
              { step: 'returned', count: 2 },
              { step: 'someday', count: 5 },
              { step: 'chairman', count: 1 },
            ],
          },
        ],
      }),
    );
    await expect(listSeasonOpenApplications()).resolves.toEqual([
      {
        year: 2025,
        total: 3,
        steps: [
          { step: 'returned', label: 'progress.returned', count: 2 },
          { step: 'chairman', label: 'reviewStep.chairman', count: 1 },
        ],
      },
    ]);
    expect(calls[0]?.url.pathname).toBe('/season-open-applications.php');
  });

  it('a host without the call knows of nothing open', async () => {
    stubFetch(() => json(404, { status: false }));
    await expect(listSeasonOpenApplications()).resolves.toEqual([]);
  });

  it('POST /close-season-review.php sends the year and reason; a refusal carries its key', async () => {
    const calls = stubFetch(() =>
      json(200, { status: true, code: 'seasons.reviewClosedDone', data: { year: 2025 } }),
    );
    await expect(closeSeasonReview({ year: 2025, reason: 'Season over' })).resolves.toMatchObject({
      messageKey: 'seasons.reviewClosedDone',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ year: 2025, reason: 'Season over' });
    stubFetch(() =>
      json(409, { status: false, message: 'x', code: 'seasons.reviewAlreadyClosed' }),
    );
    await expect(closeSeasonReview({ year: 2025, reason: 'x' })).rejects.toMatchObject({
      kind: 'refused',
      messageKey: 'seasons.reviewAlreadyClosed',
    });
  });
});
