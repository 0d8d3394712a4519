import { APPLICATION_FILE_FIELDS, FIRST_SEASON_YEAR } from '@puja/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyForNoc,
  getApplicationHistory,
  getDashboardStats,
  getMyApplication,
  getMyApplicationHistory,
  listApplications,
  listApplicationsIfChanged,
  resendLastSms,
  uploadAcknowledgement,
} from './applications';
import { configureApi } from './config';
import { connectionRefused, json, stubFetch } from './test-support/fake-fetch';
import { applyFields } from './test-support/samples';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

const raw = { id: '7', club_id: '3', clubname: 'Sree Sangha', chairman_status: '1' };

const fields = applyFields;

describe('listApplications', () => {
  it('reads and normalises the list', async () => {
    stubFetch(() => json(200, { status: true, data: [raw] }));
    const [app] = await listApplications();
    expect(app).toMatchObject({ id: 7, club_name: 'Sree Sangha', chairman_status: 'Approved' });
  });

  it('fails a malformed list with "Failed to fetch applications."', async () => {
    stubFetch(() => json(200, { status: true, data: [{ club_name: 'no id' }] }));
    await expect(listApplications()).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Failed to fetch applications.',
    });
  });
});

describe('listApplicationsIfChanged', () => {
  it('sends the held ETag and reads a 304 as unchanged', async () => {
    const calls = stubFetch(() => new Response(null, { status: 304 }));
    await expect(listApplicationsIfChanged({ etag: '"v1"' })).resolves.toEqual({ changed: false });
    expect(calls[0]?.headers.get('if-none-match')).toBe('"v1"');
  });

  it('returns a changed list with its new ETag, asking without If-None-Match at first', async () => {
    const calls = stubFetch(
      () =>
        new Response(JSON.stringify({ status: true, data: [raw] }), {
          status: 200,
          headers: { 'content-type': 'application/json', ETag: '"v2"' },
        }),
    );
    const answer = await listApplicationsIfChanged({ etag: null });
    expect(calls[0]?.headers.get('if-none-match')).toBeNull();
    expect(answer).toMatchObject({ changed: true, etag: '"v2"', applications: [{ id: 7 }] });
  });

  it('fails a refusal with the server message', async () => {
    stubFetch(() => json(403, { status: false, message: 'Forbidden.' }));
    await expect(listApplicationsIfChanged({ etag: null })).rejects.toMatchObject({
      kind: 'refused',
      message: 'Forbidden.',
    });
  });
});

describe('getMyApplication', () => {
  it('posts the club id and returns the first application', async () => {
    const calls = stubFetch(() => json(200, { status: true, data: [raw, { ...raw, id: 8 }] }));
    expect((await getMyApplication({ club_id: 3 }))?.id).toBe(7);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ club_id: 3 });
  });

  it('accepts a single object too', async () => {
    stubFetch(() => json(200, { status: true, data: raw }));
    expect((await getMyApplication({ club_id: 3 }))?.id).toBe(7);
  });

  it.each([
    ['an empty list', json(200, { status: true, data: [] })],
    ['no data', json(200, { status: false, message: 'No application found' })],
    ['a refusal', json(403, { success: false, status: false })],
    ['a malformed answer', json(200, { status: true, data: [{ nope: 1 }] })],
  ])('reads %s as no application', async (_label, answer) => {
    stubFetch(() => answer);
    await expect(getMyApplication({ club_id: 3 })).resolves.toBeNull();
  });

  it('still throws when the server cannot be reached', async () => {
    stubFetch(() => connectionRefused());
    await expect(getMyApplication({ club_id: 3 })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('getDashboardStats', () => {
  it('reads the counts as numbers', async () => {
    stubFetch(() =>
      json(200, {
        status: true,
        data: { total_applications: '12', total_approved: '3', total_rejected: '2' },
      }),
    );
    await expect(getDashboardStats()).resolves.toEqual({
      total: 12,
      approved: 3,
      rejected: 2,
      pending: 7,
    });
  });

  it('fails with "Failed to fetch dashboard stats."', async () => {
    stubFetch(() => json(200, { status: true, data: { total_applications: '12' } }));
    await expect(getDashboardStats()).rejects.toMatchObject({
      message: 'Failed to fetch dashboard stats.',
    });
  });
});

describe('applyForNoc', () => {
  it('posts multipart: club id, apply year, the text fields and the five files', async () => {
    const calls = stubFetch(() => json(201, { success: true, status: true, data: raw }));
    const files = Object.fromEntries(
      APPLICATION_FILE_FIELDS.map((field) => [field, new File(['%PDF-1.4'], `${field}.pdf`)]),
    ) as Record<(typeof APPLICATION_FILE_FIELDS)[number], File>;
    const result = await applyForNoc({ club_id: 3, fields, files });
    const form = calls[0]?.form;
    expect(calls[0]?.url.pathname).toBe('/apply-for-noc.php');
    expect(form?.get('club_id')).toBe('3');
    expect(form?.get('apply_year')).toBe(String(FIRST_SEASON_YEAR));
    expect(form?.get('ward_no')).toBe('4');
    expect(form?.get('club_secrety_name')).toBe('B');
    for (const field of APPLICATION_FILE_FIELDS) {
      expect((form?.get(field) as File).name).toBe(`${field}.pdf`);
    }
    expect(result).toEqual({
      message: 'Application submitted! Please proceed to the next step.',
      messageKey: 'applyNoc.success',
      application: expect.objectContaining({ id: 7 }),
    });
  });

  it('fails with the server message or "Submission failed."', async () => {
    stubFetch(() =>
      json(409, { success: false, status: false, message: 'You have already applied for an NOC.' }),
    );
    const files = Object.fromEntries(
      APPLICATION_FILE_FIELDS.map((field) => [field, new Blob(['x'])]),
    ) as Record<(typeof APPLICATION_FILE_FIELDS)[number], Blob>;
    await expect(applyForNoc({ club_id: 3, fields, files })).rejects.toMatchObject({
      status: 409,
      message: 'You have already applied for an NOC.',
    });
    stubFetch(() => json(500, 'oops'));
    await expect(applyForNoc({ club_id: 3, fields, files })).rejects.toMatchObject({
      message: 'Submission failed.',
    });
  });
});

describe('uploadAcknowledgement', () => {
  it('posts the id and the file under acknowledgement; a host that sends no application gives null', async () => {
    const calls = stubFetch(() => json(200, { status: true, message: 'Uploaded.' }));
    const result = await uploadAcknowledgement({ id: 7, file: new File(['x'], 'ack.png') });
    expect(result).toEqual({ message: 'Uploaded.', messageKey: undefined, application: null });
    expect(calls[0]?.url.pathname).toBe('/acknowledgement-update.php');
    expect(calls[0]?.form?.get('id')).toBe('7');
    expect((calls[0]?.form?.get('acknowledgement') as File).name).toBe('ack.png');
  });

  it('shows a false status with the server message or "Upload failed."', async () => {
    stubFetch(() => json(200, { status: false }));
    await expect(uploadAcknowledgement({ id: 7, file: new Blob(['x']) })).rejects.toMatchObject({
      kind: 'refused',
      message: 'Upload failed.',
    });
  });

  it.each([
    ['the stored file path', 'uploads/ack_7.png'],
    ['true', true],
    ['the row id', 7],
    ['an empty PHP array', []],
  ])(
    'reads a true status whose data is %s as a success without application (SPEC §7: status, message)',
    async (_label, data) => {
      stubFetch(() => json(200, { status: true, message: 'Uploaded.', data }));
      await expect(uploadAcknowledgement({ id: 7, file: new Blob(['x']) })).resolves.toEqual({
        message: 'Uploaded.',
        application: null,
      });
    },
  );

  it('reads an application it cannot parse as malformed', async () => {
    stubFetch(() => json(200, { status: true, data: { id: 'x' } }));
    await expect(uploadAcknowledgement({ id: 7, file: new Blob(['x']) })).rejects.toMatchObject({
      kind: 'malformed',
    });
  });
});

describe('getApplicationHistory', () => {
  it('gets the history of one application', async () => {
    const calls = stubFetch(() =>
      json(200, { status: true, data: [{ at: '2025-08-01T10:00:00Z', action: 'apply' }] }),
    );
    const [entry] = await getApplicationHistory({ id: 7 });
    expect(entry).toMatchObject({ at: '2025-08-01T10:00:00Z', action: 'apply' });
    expect(`${calls[0]?.url.pathname}${calls[0]?.url.search}`).toBe(
      '/application-history.php?id=7',
    );
  });
});

describe('seasons in the application calls', () => {
  it('the list, its conditional fetch and the dashboard ask ?year= for a season, nothing for the current', async () => {
    const calls = stubFetch(() => json(200, { status: true, data: [raw] }));
    await listApplications();
    await listApplications({ year: 2025 });
    expect(calls[0]?.url.search).toBe('');
    expect(calls[1]?.url.searchParams.get('year')).toBe('2025');
    const etagCalls = stubFetch(() => new Response(null, { status: 304 }));
    await listApplicationsIfChanged({ etag: '"2025-a"', year: 2025 });
    expect(etagCalls[0]?.url.searchParams.get('year')).toBe('2025');
    const dashboardCalls = stubFetch(() =>
      json(200, {
        status: true,
        data: { total_applications: '1', total_approved: '0', total_rejected: '0', pending: '1' },
      }),
    );
    await getDashboardStats({ year: 2026 });
    expect(dashboardCalls[0]?.url.pathname).toBe('/dashboard.php');
    expect(dashboardCalls[0]?.url.searchParams.get('year')).toBe('2026');
  });

  it('POST /my-noc-history.php reads every season of the club, normalised', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        data: [
          { ...raw, id: 9, apply_year: 2026 },
          { ...raw, apply_year: '2025' },
        ],
      }),
    );
    const history = await getMyApplicationHistory({ club_id: 3 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/my-noc-history.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ club_id: 3 });
    expect(history.map((app) => [app.id, app.apply_year])).toEqual([
      [9, '2026'],
      [7, '2025'],
    ]);
  });

  it('a host without the history call (404) answers the current application alone', async () => {
    const calls = stubFetch((call) =>
      call.url.pathname === '/my-noc-history.php'
        ? new Response('Not Found', { status: 404 })
        : json(200, { status: true, data: [raw] }),
    );
    const history = await getMyApplicationHistory({ club_id: 3 });
    expect(calls.map((call) => call.url.pathname)).toEqual(['/my-noc-history.php', '/my-noc.php']);
    expect(history.map((app) => app.id)).toEqual([7]);
  });

  it('a renewal names the application whose land document it carries over and sends four files', async () => {
    const calls = stubFetch(() => json(201, { success: true, status: true, data: raw }));
    const files = Object.fromEntries(
      APPLICATION_FILE_FIELDS.map((field) => [field, new File(['%PDF-1.4'], `${field}.pdf`)]),
    );
    await applyForNoc({ club_id: 3, apply_year: 2026, fields, files, landDocumentFrom: 41 });
    const form = calls[0]?.form;
    expect(form?.get('apply_year')).toBe('2026');
    expect(form?.get('land_document_from')).toBe('41');
    expect(form?.get('load_agreement_image')).toBeNull();
    expect(form?.get('puja_budget')).not.toBeNull();
  });
});

describe('resendLastSms', () => {
  it('posts the application id and reads the outcome; a refusal names its key', async () => {
    const calls = stubFetch(() =>
      json(200, { status: true, message: 'queued', code: 'sms.resendQueued' }),
    );
    await expect(resendLastSms({ id: 7 })).resolves.toEqual({
      message: 'queued',
      messageKey: 'sms.resendQueued',
    });
    expect(calls[0]?.url.pathname).toBe('/resend-sms.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 7 });
    stubFetch(() => json(422, { status: false, message: 'x', code: 'sms.nothingToResend' }));
    await expect(resendLastSms({ id: 7 })).rejects.toMatchObject({
      status: 422,
      messageKey: 'sms.nothingToResend',
    });
    stubFetch(() => connectionRefused());
    await expect(resendLastSms({ id: 7 })).rejects.toMatchObject({
      message: 'Failed to send the SMS again.',
    });
  });
});
