import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import {
  addAgency,
  decideReferral,
  listAgencies,
  listReferrals,
  recordReferralReply,
  respondToReferral,
  updateAgency,
  withdrawReferral,
} from './departments';
import { listApplications } from './applications';
import { sessionStore } from './session-store';
import { json, stubFetch } from './test-support/fake-fetch';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});
afterEach(() => sessionStore.getState().clearSession());

const fire = {
  id: 3,
  name: 'Fire & Emergency Services',
  kind: 'fire',
  wards: [],
  mode: 'online',
  days: 7,
  deemed_approval: false,
  email: 'fire@example.org',
  phone: '',
  active: true,
};

const referral = {
  id: 11,
  agency_id: 3,
  agency_name: 'Fire & Emergency Services',
  kind: 'fire',
  status: 'conditions',
  due_on: '2026-08-18',
  decided_on: '2026-08-10',
  reference_no: 'FS/22',
  conditions: ['Two exits', 'Sand buckets'],
  reason: null,
  response: null,
  round: 1,
};

describe('agencies', () => {
  it('lists them, reading PHP-style flags, an unknown kind as other, an absent wards list as all', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          fire,
          { ...fire, id: 4, kind: 'railway', wards: null, deemed_approval: '1', active: 0 },
        ],
      }),
    );
    const agencies = await listAgencies();
    expect(calls[0]?.url.pathname).toBe('/list-agencies.php');
    expect(agencies[0]).toEqual({ ...fire, phone: null });
    expect(agencies[1]).toMatchObject({
      kind: 'other',
      wards: [],
      deemed_approval: true,
      active: false,
    });
  });

  it('an unreadable list fails with its key', async () => {
    stubFetch(() => json(200, { status: true, data: [{ id: 1, name: 'X', mode: 'fax' }] }));
    await expect(listAgencies()).rejects.toMatchObject({ messageKey: 'agencies.fetchFailed' });
  });

  it('adds and edits one, wards as a list in text', async () => {
    const calls = stubFetch(() =>
      json(201, { status: true, code: 'agencies.added', data: { id: 9 } }),
    );
    const input = {
      name: 'PS North',
      kind: 'police' as const,
      wards: [1, 2, 3],
      mode: 'online' as const,
      days: 7,
      deemed_approval: false,
      active: false,
    };
    await expect(addAgency(input)).resolves.toMatchObject({ messageKey: 'agencies.added' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      ...input,
      wards: '1,2,3',
      email: '',
      phone: '',
    });
    const edit = stubFetch(() => json(200, { status: true }));
    await expect(updateAgency(9, input)).resolves.toMatchObject({ messageKey: 'agencies.updated' });
    expect(JSON.parse(edit[0]?.body ?? '')).toMatchObject({ id: 9, name: 'PS North' });
  });

  it('a refusal carries its key', async () => {
    stubFetch(() => json(409, { status: false, code: 'agencies.nameTaken' }));
    await expect(
      addAgency({
        name: 'X',
        kind: 'other',
        wards: [],
        mode: 'online',
        days: 1,
        deemed_approval: false,
        active: true,
      }),
    ).rejects.toMatchObject({ messageKey: 'agencies.nameTaken', status: 409 });
  });
});

describe('referrals', () => {
  it('application rows carry their referrals; a row without any has none', async () => {
    stubFetch(() =>
      json(200, {
        status: true,
        data: [
          { id: 1, reg_no: '1', apply_year: '2026', referrals: [referral] },
          { id: 2, reg_no: '2', apply_year: '2026' },
        ],
      }),
    );
    const [withReferrals, without] = await listApplications();
    expect(withReferrals?.referrals).toEqual([referral]);
    expect(without).not.toHaveProperty('referrals');
  });

  it('lists an officer’s referrals with the application’s slice, of a season', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          {
            ...referral,
            conditions: 'Two exits\nSand buckets',
            application_id: 7,
            response_document: null,
            letter: 'files/7/ab12.pdf?expires=1&sig=x',
            letter_date: '2026-08-09',
            application: {
              id: 7,
              reg_no: '07',
              club_name: 'Sree Sangha',
              puja_location_ward_no: '7',
            },
          },
        ],
      }),
    );
    const [first] = await listReferrals(2026);
    expect(calls[0]?.url.searchParams.get('year')).toBe('2026');
    expect(first).toMatchObject({
      ...referral,
      application_id: 7,
      letter: 'files/7/ab12.pdf?expires=1&sig=x',
      letter_date: '2026-08-09',
      application: {
        id: 7,
        club_name: 'Sree Sangha',
        puja_location_ward_no: 7,
        acknowledgement: null,
      },
    });
  });

  it('reads a referral’s history, leaving out a kind of change it does not know; none from an older host', async () => {
    const created = {
      at: '2026-08-07T05:00:00.000Z',
      by_role: 'store',
      by_name: 'Store clerk',
      event: { type: 'referralCreated', agencyName: 'Fire', dueOn: '2026-08-14', round: 1 },
    };
    const answered = {
      at: '2026-08-09T05:00:00.000Z',
      by_role: 'club',
      event: { type: 'referralAnswered', agencyName: 'Fire', round: 2, dueOn: '2026-08-18' },
    };
    const unknown = { ...created, event: { type: 'referralEscalated', agencyName: 'Fire' } };
    stubFetch(() =>
      json(200, {
        status: true,
        data: [
          { ...referral, application_id: 7, history: [created, unknown, answered] },
          { ...referral, id: 4, application_id: 8 },
        ],
      }),
    );
    const [first, older] = await listReferrals();
    expect(first?.history).toEqual([created, { ...answered, by_name: null }]);
    expect(older?.history).toEqual([]);
  });

  it('a status the client does not know is unreadable', async () => {
    stubFetch(() =>
      json(200, { status: true, data: [{ ...referral, status: 'maybe', application_id: 7 }] }),
    );
    await expect(listReferrals()).rejects.toMatchObject({ messageKey: 'referrals.fetchFailed' });
  });

  it('decides: conditions as lines, a reason only to object or reject', async () => {
    const calls = stubFetch(() => json(200, { status: true, code: 'referrals.decided' }));
    await decideReferral({
      id: 11,
      decision: 'conditions',
      conditions: ['Two exits', 'Sand'],
      reason: 'x',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 11,
      decision: 'conditions',
      conditions: 'Two exits\nSand',
    });
    const objected = stubFetch(() => json(200, { status: true }));
    await decideReferral({ id: 11, decision: 'object', reason: 'One exit' });
    expect(JSON.parse(objected[0]?.body ?? '')).toEqual({
      id: 11,
      decision: 'object',
      reason: 'One exit',
    });
    stubFetch(() => json(409, { status: false, code: 'referrals.notPending' }));
    await expect(decideReferral({ id: 11, decision: 'approve' })).rejects.toMatchObject({
      messageKey: 'referrals.notPending',
      status: 409,
    });
  });

  it('records a letter and a club’s answer as multipart, withdraws with a reason', async () => {
    const calls = stubFetch(() => json(200, { status: true }));
    const letter = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    await expect(
      recordReferralReply({
        id: 12,
        decision: 'approve',
        reference_no: 'WBPCB/77',
        letter_date: '2026-08-09',
        letter,
      }),
    ).resolves.toMatchObject({ messageKey: 'referrals.recorded' });
    expect(calls[0]?.url.pathname).toBe('/record-referral-reply.php');
    expect(calls[0]?.form?.get('reference_no')).toBe('WBPCB/77');
    expect(calls[0]?.form?.get('letter')).toBeInstanceOf(Blob);

    const answered = stubFetch(() => json(200, { status: true }));
    await expect(
      respondToReferral({ id: 11, response: 'Plan attached', document: letter }),
    ).resolves.toMatchObject({
      messageKey: 'referrals.answered',
    });
    expect(answered[0]?.form?.get('response')).toBe('Plan attached');
    expect(answered[0]?.form?.get('document')).toBeInstanceOf(Blob);

    const withdrawn = stubFetch(() => json(200, { status: true }));
    await expect(withdrawReferral(11, 'Sent in error')).resolves.toMatchObject({
      messageKey: 'referrals.withdrawn',
    });
    expect(JSON.parse(withdrawn[0]?.body ?? '')).toEqual({ id: 11, reason: 'Sent in error' });
  });
});
