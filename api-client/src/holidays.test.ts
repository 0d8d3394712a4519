import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { addHoliday, deleteHoliday, importHolidays, listHolidays, updateHoliday } from './holidays';
import { sessionStore } from './session-store';
import { json, stubFetch } from './test-support/fake-fetch';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => sessionStore.getState().clearSession());

describe('listHolidays', () => {
  it('asks GET /list-holidays.php?year= without a session and reads the days in order', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          { date: '2026-11-14', name: 'Kali Puja', name_bn: '' },
          { date: '2026-10-20', name: 'Durga Puja', name_bn: 'দুর্গাপূজা' },
        ],
      }),
    );
    await expect(listHolidays(2026)).resolves.toEqual([
      { date: '2026-10-20', name: 'Durga Puja', name_bn: 'দুর্গাপূজা' },
      { date: '2026-11-14', name: 'Kali Puja', name_bn: null },
    ]);
    expect(calls[0]?.url.pathname).toBe('/list-holidays.php');
    expect(calls[0]?.url.searchParams.get('year')).toBe('2026');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('an unreadable answer fails with its key', async () => {
    stubFetch(() => json(200, { status: true, data: [{ date: '20/10/2026' }] }));
    await expect(listHolidays()).rejects.toMatchObject({ messageKey: 'holidays.fetchFailed' });
  });
});

describe('addHoliday, updateHoliday and deleteHoliday', () => {
  it('post the holiday, an absent Bengali name as empty, and answer the outcome', async () => {
    const calls = stubFetch(() => json(201, { status: true, code: 'holidays.added' }));
    await expect(addHoliday({ date: '2026-10-20', name: 'Durga Puja' })).resolves.toMatchObject({
      messageKey: 'holidays.added',
    });
    expect(calls[0]?.url.pathname).toBe('/add-holiday.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      date: '2026-10-20',
      name: 'Durga Puja',
      name_bn: '',
    });

    stubFetch(() => json(200, { status: true }));
    await expect(
      updateHoliday({ date: '2026-10-20', name: 'Dashami', name_bn: 'দশমী' }),
    ).resolves.toMatchObject({ messageKey: 'holidays.updated' });
    const deleted = stubFetch(() => json(200, { status: true }));
    await expect(deleteHoliday('2026-10-20')).resolves.toMatchObject({
      messageKey: 'holidays.deleted',
    });
    expect(deleted[0]?.url.pathname).toBe('/delete-holiday.php');
  });

  it('a refusal carries its key', async () => {
    stubFetch(() => json(409, { status: false, code: 'holidays.exists' }));
    await expect(addHoliday({ date: '2026-10-20', name: 'Again' })).rejects.toMatchObject({
      messageKey: 'holidays.exists',
      status: 409,
    });
  });
});

describe('importHolidays', () => {
  it('posts the pasted text and reads how many were added and skipped', async () => {
    const calls = stubFetch(() =>
      json(200, { status: true, code: 'holidays.importDone', data: { added: 2, skipped: 1 } }),
    );
    await expect(importHolidays('20/10/2026 Durga Puja')).resolves.toEqual({
      added: 2,
      skipped: 1,
    });
    expect(calls[0]?.url.pathname).toBe('/import-holidays.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ text: '20/10/2026 Durga Puja' });
  });

  it('a refusal carries its key', async () => {
    stubFetch(() => json(400, { status: false, code: 'holidays.importInvalid' }));
    await expect(importHolidays('31/02/2026 X')).rejects.toMatchObject({
      messageKey: 'holidays.importInvalid',
    });
  });
});
