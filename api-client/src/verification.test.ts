import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { sessionStore } from './session-store';
import { json, stubFetch } from './test-support/fake-fetch';
import { verifyNoc } from './verification';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => sessionStore.getState().clearSession());

const CODE = '01ABCDEFGHJKMNPQRSTVWXYZ23';

const facts = {
  valid: true,
  club_name: 'Sree Sangha',
  reg_no: '07',
  memo_number: '07/DURGAPUJA/2025',
  approval_date: '2025-09-20T08:00:00.000Z',
  puja_location_ward_no: 9,
  puja_location_address: 'Maidan',
  season_year: 2025,
  clearances: [],
};

describe('verifyNoc', () => {
  it('asks GET /verify-noc.php with the code, sending no session, and reads the facts', async () => {
    sessionStore.getState().setSession({
      id: 1,
      name: 'Admin',
      email: 'admin@example.org',
      phone: '',
      role: 'admin',
      token: 'staff-token',
    } as never);
    const calls = stubFetch(() => json(200, { success: true, status: true, data: facts }));
    await expect(verifyNoc({ code: ` ${CODE} ` })).resolves.toEqual(facts);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/verify-noc.php');
    expect(calls[0]?.url.searchParams.get('code')).toBe(CODE);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('normalises a PHP-style answer: flags and numbers as strings, an unpadded reg no', async () => {
    stubFetch(() =>
      json(200, {
        status: 'success',
        data: { ...facts, valid: '1', reg_no: 7, puja_location_ward_no: '9', approval_date: '' },
      }),
    );
    await expect(verifyNoc({ code: CODE })).resolves.toEqual({
      ...facts,
      reg_no: '07',
      approval_date: null,
    });
  });

  it('reads the season year; a host without it gives the memo number’s year, else 2025', async () => {
    stubFetch(() => json(200, { status: true, data: { ...facts, season_year: '2026' } }));
    await expect(verifyNoc({ code: CODE })).resolves.toMatchObject({ season_year: 2026 });
    const { season_year: _omitted, ...withoutYear } = facts;
    stubFetch(() =>
      json(200, { status: true, data: { ...withoutYear, memo_number: '07/DURGAPUJA/2024' } }),
    );
    await expect(verifyNoc({ code: CODE })).resolves.toMatchObject({ season_year: 2024 });
    stubFetch(() => json(200, { status: true, data: { ...withoutYear, memo_number: '' } }));
    await expect(verifyNoc({ code: CODE })).resolves.toMatchObject({ season_year: 2025 });
  });

  it.each([
    ['valid: false', { valid: false }],
    ['no flag', { club_name: 'Sree Sangha' }],
    ['a null answer', null],
    ['valid: "yes"', { ...facts, valid: 'yes' }],
  ])('anything but a clear valid (%s) is not valid, with no facts', async (_name, data) => {
    stubFetch(() => json(200, { success: true, status: true, data }));
    await expect(verifyNoc({ code: CODE })).resolves.toEqual({ valid: false });
  });

  it('a rate-limited call fails with the server message and its key', async () => {
    stubFetch(() =>
      json(429, {
        success: false,
        status: false,
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'server.rateLimited',
      }),
    );
    await expect(verifyNoc({ code: CODE })).rejects.toMatchObject({
      status: 429,
      messageKey: 'server.rateLimited',
    });
  });

  it('an unreadable answer fails with "The certificate could not be checked."', async () => {
    stubFetch(() => json(200, { success: true, status: true, data: [1, 2] }));
    await expect(verifyNoc({ code: CODE })).rejects.toMatchObject({
      kind: 'malformed',
      message: 'The certificate could not be checked. Please try again.',
    });
  });
});
