import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { listServiceStandards, updateServiceStandard } from './service-standards';
import { sessionStore } from './session-store';
import { json, stubFetch } from './test-support/fake-fetch';
import { staffSession } from './test-support/samples';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => sessionStore.getState().clearSession());

const final = {
  step: 'final',
  agency_id: null,
  agency_name: null,
  days: 5,
  designated_role: 'chairman',
  appellate_user_id: 7,
  appellate_name: 'A. Sen',
};

const police = {
  step: 'referral',
  agency_id: 3,
  agency_name: 'Police',
  days: 7,
  designated_role: 'agency',
  appellate_user_id: null,
  appellate_name: null,
};

describe('listServiceStandards', () => {
  it('asks GET /list-service-standards.php without a session and reads the charter in order', async () => {
    sessionStore.getState().setSession({ ...staffSession, token: 'secret' });
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          { ...police, appellate_name: 'stale' },
          final,
          { step: 'acknowledgement', days: 2, designated_role: 'store' },
        ],
      }),
    );
    await expect(listServiceStandards()).resolves.toEqual([
      {
        step: 'acknowledgement',
        agency_id: null,
        agency_name: null,
        days: 2,
        designated_role: 'store',
        appellate_user_id: null,
        appellate_name: null,
      },
      final,
      police,
    ]);
    expect(calls[0]?.url.pathname).toBe('/list-service-standards.php');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('an unreadable answer fails with its key', async () => {
    for (const data of [
      [{ ...final, step: 'payment' }],
      [{ ...final, days: 0 }],
      [{ ...final, designated_role: 'club' }],
      { final },
    ]) {
      stubFetch(() => json(200, { status: true, data }));
      await expect(listServiceStandards()).rejects.toMatchObject({
        messageKey: 'standards.fetchFailed',
      });
    }
  });
});

describe('updateServiceStandard', () => {
  it('posts the change, no Appellate Officer as empty, and answers the outcome', async () => {
    const calls = stubFetch(() => json(200, { status: true, code: 'standards.updated' }));
    await expect(
      updateServiceStandard({ step: 'final', days: 6, appellate_user_id: null }),
    ).resolves.toMatchObject({
      messageKey: 'standards.updated',
    });
    expect(calls[0]?.url.pathname).toBe('/update-service-standard.php');
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      step: 'final',
      days: 6,
      appellate_user_id: '',
    });

    const referral = stubFetch(() => json(200, { status: true }));
    await expect(
      updateServiceStandard({ step: 'referral', agency_id: 3, days: '10', appellate_user_id: 7 }),
    ).resolves.toMatchObject({ messageKey: 'standards.updated' });
    expect(JSON.parse(referral[0]?.body ?? '')).toEqual({
      step: 'referral',
      agency_id: 3,
      days: '10',
      appellate_user_id: 7,
    });
  });

  it('a refusal carries its key and status', async () => {
    for (const [status, code] of [
      [400, 'standards.invalidDays'],
      [400, 'standards.appellateNotStaff'],
      [404, 'standards.notFound'],
      [403, 'auth.forbidden'],
    ] as const) {
      stubFetch(() => json(status, { status: false, code }));
      await expect(
        updateServiceStandard({ step: 'final', days: 0, appellate_user_id: null }),
      ).rejects.toMatchObject({
        status,
      });
    }
  });
});
