import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { addSeason, listSeasons, updateSeason } from './seasons';
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
      { year: 2025, opens_on: '2025-01-01', closes_on: null, puja_starts_on: null, state: 'open' },
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
