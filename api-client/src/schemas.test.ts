import { describe, expect, it } from 'vitest';
import {
  applicationListSchema,
  clubListSchema,
  clubLoginSchema,
  dashboardSchema,
  historySchema,
  MISSING_TOKEN_PLACEHOLDER,
  optionalApplicationSchema,
  readEnvelope,
  readStoredSession,
  staffLoginSchema,
  userListSchema,
} from './schemas';
import { applyFields } from './test-support/samples';

/** An application as our api-server sends it. */
const serverApplication = {
  id: 7,
  club_id: 3,
  reg_no: '7',
  apply_year: '2025',
  created_at: '2025-08-01T10:00:00.000Z',
  club_name: 'Sree Sangha',
  address: '12 Lake Road',
  email: 'club@example.org',
  phone: '9830012345',
  govt_register_no: '',
  ...applyFields,
  puja_location_ward_no: 4,
  chairman_application_certificate: 'files/a.pdf?expires=1&sig=ab',
  certificate_image: 'files/b.pdf?expires=1&sig=ab',
  load_agreement_image: 'files/c.pdf?expires=1&sig=ab',
  puja_committee: 'files/d.pdf?expires=1&sig=ab',
  puja_budget: 'files/e.pdf?expires=1&sig=ab',
  acknowledgement: null,
  acknowledgement_status: '0',
  acknowledgement_reason: '',
  chairman_application_certificate_status: '1',
  chairman_application_certificate_reason: '',
  certificate_status: '2',
  certificate_reason: 'Blurred',
  agreement_status: '0',
  agreement_reason: '',
  chairman_status: '0',
  chairman_reason: '',
  chairman_approved_date: null,
};

/** The same application as a PHP host may send it: strings everywhere, other spellings. */
const phpApplication = {
  id: '7',
  club_id: '3',
  reg_no: '7',
  apply_year: 2025,
  created_at: '2025-08-01 10:00:00',
  clubname: 'Sree Sangha',
  ward_no: '4',
  puja_location_ward_no: '4',
  land_type: 'others',
  acknowledgement: 'uploads/ack.png',
  acknowledgement_status: 1,
  load_agreement_status: '2',
  load_agreement_reason: 'Unsigned',
  chairman_status: '',
};

describe('readEnvelope', () => {
  it.each([
    ['our server', { success: true, status: true, message: 'ok', data: [1] }, true],
    ['the club login', { status: 'success', message: 'Welcome', data: {} }, true],
    ['a success flag only', { success: true, data: [] }, true],
    ['no flag at all', { data: [] }, true],
    ['status false', { success: false, status: false, message: 'No' }, false],
    ['status "error"', { status: 'error', message: 'No' }, false],
    ['success false next to a status string', { status: 'success', success: false }, false],
    ['status 0', { status: 0 }, false],
    ['status "false"', { status: 'false' }, false],
    ['a bare error field (a PHP script saying no)', { error: 'Invalid id' }, false],
    ['an error field next to a success flag', { success: true, error: '' }, true],
  ])('reads %s', (_label, body, ok) => {
    expect(readEnvelope(body)?.ok).toBe(ok);
  });

  it('takes a bare array as the data of a successful answer', () => {
    expect(readEnvelope([{ id: 1 }])).toEqual({
      ok: true,
      message: null,
      messageKey: null,
      data: [{ id: 1 }],
    });
  });

  it('reads the server message, or an error field, and ignores a blank one', () => {
    expect(readEnvelope({ status: false, message: ' Nope ' })?.message).toBe('Nope');
    expect(readEnvelope({ status: false, error: 'Bad' })?.message).toBe('Bad');
    expect(readEnvelope({ status: false, message: '  ' })?.message).toBeNull();
  });

  it('reads the catalogue key named in `code`, and ignores a code that is not one', () => {
    const named = { status: false, message: 'Not found.', code: 'server.notFound' };
    expect(readEnvelope(named)?.messageKey).toBe('server.notFound');
    expect(readEnvelope({ ...named, code: 'E_NOT_FOUND' })?.messageKey).toBeNull();
    expect(readEnvelope({ ...named, code: 'toString' })?.messageKey).toBeNull();
    expect(readEnvelope({ status: false, message: 'Not found.' })?.messageKey).toBeNull();
  });

  it.each([
    ['a string', 'oops'],
    ['null', null],
    ['a number', 3],
  ])('is null for %s', (_label, body) => {
    expect(readEnvelope(body)).toBeNull();
  });
});

describe('applications', () => {
  it('normalises our server answer: codes to statuses, paths kept, missing acknowledgement null', () => {
    const [app] = applicationListSchema.parse([serverApplication]);
    expect(app).toMatchObject({
      id: 7,
      club_id: 3,
      club_name: 'Sree Sangha',
      ward_no: 4,
      acknowledgement: null,
      acknowledgement_status: 'Pending',
      chairman_application_certificate_status: 'Approved',
      certificate_status: 'Rejected',
      certificate_reason: 'Blurred',
      chairman_application_certificate: 'files/a.pdf?expires=1&sig=ab',
    });
  });

  it('normalises a PHP answer: string ids, clubname, load_agreement_status, numeric codes', () => {
    const [app] = applicationListSchema.parse([phpApplication]);
    expect(app).toMatchObject({
      id: 7,
      club_id: 3,
      apply_year: '2025',
      club_name: 'Sree Sangha',
      ward_no: 4,
      land_type: 'others',
      acknowledgement: 'uploads/ack.png',
      acknowledgement_status: 'Approved',
      agreement_status: 'Rejected',
      agreement_reason: 'Unsigned',
      chairman_status: 'Pending',
      puja_budget: null,
    });
  });

  it.each([
    ['no id', { ...serverApplication, id: undefined }],
    ['a non-numeric id', { ...serverApplication, id: 'seven' }],
    ['an object where a text belongs', { ...serverApplication, club_name: { en: 'x' } }],
    ['an array where a status belongs', { ...serverApplication, chairman_status: ['1'] }],
  ])('refuses an application with %s', (_label, raw) => {
    expect(applicationListSchema.safeParse([raw]).success).toBe(false);
  });

  it('refuses a list that is not an array', () => {
    expect(applicationListSchema.safeParse({ 0: serverApplication }).success).toBe(false);
  });

  it('reads an absent application in a change answer as null', () => {
    expect(optionalApplicationSchema.parse(undefined)).toBeNull();
    expect(optionalApplicationSchema.parse(null)).toBeNull();
    expect(optionalApplicationSchema.parse(serverApplication)?.id).toBe(7);
  });
});

describe('dashboard counts', () => {
  it('reads numbers sent as strings', () => {
    expect(
      dashboardSchema.parse({ total_applications: '12', total_approved: '3', total_rejected: 2 }),
    ).toEqual({ total: 12, approved: 3, rejected: 2, pending: 7 });
  });

  it('reads a null count as 0 (PHP: SUM over no rows is NULL, as on a fresh season)', () => {
    expect(
      dashboardSchema.parse({
        total_applications: '0',
        total_approved: null,
        total_rejected: null,
      }),
    ).toEqual({ total: 0, approved: 0, rejected: 0, pending: 0 });
  });

  it('never counts pending below 0', () => {
    expect(
      dashboardSchema.parse({ total_applications: 2, total_approved: 2, total_rejected: 1 })
        .pending,
    ).toBe(0);
  });

  it.each([
    ['a missing count', { total_applications: '12', total_approved: '3' }],
    ['a negative count', { total_applications: '12', total_approved: '-3', total_rejected: '2' }],
    [
      'a count that is not a number',
      { total_applications: 'many', total_approved: '3', total_rejected: '2' },
    ],
  ])('refuses %s', (_label, raw) => {
    expect(dashboardSchema.safeParse(raw).success).toBe(false);
  });
});

describe('clubs', () => {
  it('reads both name spellings and the status codes', () => {
    expect(
      clubListSchema.parse([
        { id: '1', clubname: 'Agrani', status: 'A' },
        { id: 2, club_name: 'Bandhab', status: 'I' },
        { id: 3, clubname: 'Chhatra', status: 'a' },
      ]),
    ).toEqual([
      { id: 1, clubname: 'Agrani', status: 'A' },
      { id: 2, clubname: 'Bandhab', status: 'I' },
      { id: 3, clubname: 'Chhatra', status: 'A' },
    ]);
  });

  it('takes a club listed without status as active', () => {
    expect(clubListSchema.parse([{ id: 1, clubname: 'Agrani' }])[0]?.status).toBe('A');
  });

  it('leaves out a club it cannot read, keeping the others', () => {
    expect(
      clubListSchema.parse([
        { id: 1, status: 'A' },
        { id: 'x', clubname: 'Bad id' },
        null,
        { id: 2, clubname: 'Agrani', status: 'A' },
      ]),
    ).toEqual([{ id: 2, clubname: 'Agrani', status: 'A' }]);
  });

  it('refuses a list that is not a list', () => {
    expect(clubListSchema.safeParse({ id: 1 }).success).toBe(false);
  });
});

describe('users', () => {
  it('reads a user list, lower-casing the role and defaulting deptment to it', () => {
    expect(
      userListSchema.parse([
        { id: '4', name: 'Ria', email: 'ria@example.org', phone: 9830012345, role: 'Store' },
      ]),
    ).toEqual([
      {
        id: 4,
        name: 'Ria',
        email: 'ria@example.org',
        phone: '9830012345',
        role: 'store',
        deptment: 'store',
      },
    ]);
  });

  it('refuses a user whose role is not a staff role', () => {
    expect(
      userListSchema.safeParse([{ id: 1, name: 'X', email: 'x@example.org', role: 'club' }])
        .success,
    ).toBe(false);
  });
});

describe('logins', () => {
  it('reads the staff user object', () => {
    expect(
      staffLoginSchema.parse({
        id: 1,
        name: 'Admin',
        email: 'admin@example.org',
        phone: '9830000000',
        role: 'admin',
        token: 'tok',
      }),
    ).toEqual({
      role: 'admin',
      id: 1,
      name: 'Admin',
      email: 'admin@example.org',
      phone: '9830000000',
      token: 'tok',
    });
  });

  it('reads a club login, always as role club, and fills a missing token with the placeholder', () => {
    expect(
      clubLoginSchema.parse({ id: '9', club_id: '3', clubname: 'Sree Sangha', role: 'user' }),
    ).toEqual({
      role: 'club',
      id: 9,
      club_id: 3,
      name: 'Sree Sangha',
      clubname: 'Sree Sangha',
      email: '',
      token: MISSING_TOKEN_PLACEHOLDER,
    });
  });

  it('reads a staff user object without id (SPEC §3: its field list is not shown)', () => {
    expect(
      staffLoginSchema.parse({ email: 'chair@example.org', role: 'Chairman', token: 'tok' }),
    ).toEqual({
      role: 'chairman',
      id: 0,
      name: '',
      email: 'chair@example.org',
      phone: '',
      token: 'tok',
    });
  });

  it("reads an agency officer's login (issue 29) with its agency, and a stored one back", () => {
    const officer = staffLoginSchema.parse({
      id: 7,
      name: 'OC Police 1',
      email: 'police1@example.org',
      phone: '',
      role: 'agency',
      agency_id: 1,
      token: 'tok',
    });
    expect(officer).toEqual({
      role: 'agency',
      id: 7,
      name: 'OC Police 1',
      email: 'police1@example.org',
      phone: '',
      agency_id: 1,
      token: 'tok',
    });
    expect(readStoredSession(JSON.parse(JSON.stringify(officer)))).toEqual(officer);
    expect(staffLoginSchema.parse({ email: 'x@example.org', role: 'agency' })).toMatchObject({
      agency_id: null,
    });
    expect(staffLoginSchema.safeParse({ email: 'x@example.org', role: 'club' }).success).toBe(
      false,
    );
  });

  it('refuses a club login without club_id', () => {
    expect(clubLoginSchema.safeParse({ id: 9, clubname: 'X', token: 't' }).success).toBe(false);
  });
});

describe('readStoredSession', () => {
  it('reads back a stored club or staff session', () => {
    const club = clubLoginSchema.parse({ id: 9, club_id: 3, clubname: 'S', token: 't' });
    expect(readStoredSession(JSON.parse(JSON.stringify(club)))).toEqual(club);
    const staff = staffLoginSchema.parse({ id: 1, email: 'a@example.org', role: 'store' });
    expect(readStoredSession(JSON.parse(JSON.stringify(staff)))).toEqual(staff);
  });

  it('reads back a staff session stored with only the fields of SPEC §3 (role, email, token)', () => {
    expect(
      readStoredSession({ role: 'admin', email: 'admin@example.org', token: 't' }),
    ).toMatchObject({ role: 'admin', email: 'admin@example.org', token: 't' });
  });

  it.each([
    ['null', null],
    ['a string', 'user'],
    ['an unknown role', { id: 1, email: 'a@example.org', role: 'root', token: 't' }],
    ['a club without club_id', { id: 1, role: 'club', token: 't' }],
  ])('is null for %s', (_label, value) => {
    expect(readStoredSession(value)).toBeNull();
  });
});

describe('history', () => {
  it('reads history entries with optional fields', () => {
    expect(
      historySchema.parse([
        {
          at: '2025-08-01T10:00:00Z',
          user_id: '2',
          role: 'store',
          action: 'review',
          item: 'certificate',
          from: '0',
          to: '2',
          reason: 'Blurred',
        },
        { at: '2025-08-02T10:00:00Z', user_id: null, action: 'apply' },
        {
          at: '2025-08-03T10:00:00Z',
          action: 'upload',
          item: 'certificate',
          from: 'ab12cd34ab12cd34.pdf',
          to: 'ef56ab12ef56ab12.pdf',
          from_link: 'files/7/ab12.pdf?expires=1&sig=x',
          to_link: ' files/7/ef56.pdf?expires=1&sig=x ',
        },
      ]),
    ).toEqual([
      {
        at: '2025-08-01T10:00:00Z',
        user_id: 2,
        role: 'store',
        action: 'review',
        item: 'certificate',
        from: '0',
        to: '2',
        reason: 'Blurred',
        from_link: null,
        to_link: null,
        notification: null,
        sms: null,
      },
      {
        at: '2025-08-02T10:00:00Z',
        user_id: null,
        role: '',
        action: 'apply',
        item: '',
        from: '',
        to: '',
        reason: '',
        from_link: null,
        to_link: null,
        notification: null,
        sms: null,
      },
      {
        at: '2025-08-03T10:00:00Z',
        user_id: null,
        role: '',
        action: 'upload',
        item: 'certificate',
        from: 'ab12cd34ab12cd34.pdf',
        to: 'ef56ab12ef56ab12.pdf',
        reason: '',
        from_link: 'files/7/ab12.pdf?expires=1&sig=x',
        to_link: 'files/7/ef56.pdf?expires=1&sig=x',
        notification: null,
        sms: null,
      },
    ]);
  });

  it('reads the mail a step owed the club, and tolerates a host that sends a strange one', () => {
    const [sent, retrying, odd] = historySchema.parse([
      {
        at: '2025-08-01T10:00:00Z',
        action: 'reject',
        notification: {
          kind: 'documentRejected',
          to: 'club@example.org',
          status: 'sent',
          attempts: 1,
          last_error: null,
          sent_at: '2025-08-01T10:00:02Z',
          next_attempt_at: null,
        },
      },
      {
        at: '2025-08-02T10:00:00Z',
        action: 'approve',
        notification: {
          kind: 'nocIssued',
          to: 'club@example.org',
          status: 'retrying',
          attempts: '2',
          last_error: '451 try again later',
          sent_at: null,
          next_attempt_at: '2025-08-02T10:02:00Z',
        },
      },
      { at: '2025-08-03T10:00:00Z', action: 'approve', notification: { status: 'lost' } },
    ]);
    expect(sent?.notification).toEqual({
      kind: 'documentRejected',
      to: 'club@example.org',
      status: 'sent',
      attempts: 1,
      last_error: '',
      sent_at: '2025-08-01T10:00:02Z',
      next_attempt_at: null,
    });
    expect(retrying?.notification).toMatchObject({
      status: 'retrying',
      attempts: 2,
      last_error: '451 try again later',
      next_attempt_at: '2025-08-02T10:02:00Z',
    });
    expect(odd?.notification?.status).toBe('waiting');
  });

  it('reads the SMS beside the mail; a host without SMS gives none', () => {
    const [withSms, without] = historySchema.parse([
      {
        at: '2025-08-01T10:00:00Z',
        action: 'reject',
        notification: null,
        sms: {
          kind: 'documentRejected',
          to: '9830012345',
          status: 'retrying',
          attempts: 2,
          last_error: 'SMS gateway answered 503: busy',
          sent_at: null,
          next_attempt_at: '2025-08-01T10:02:00Z',
        },
      },
      { at: '2025-08-02T10:00:00Z', action: 'approve' },
    ]);
    expect(withSms?.sms).toMatchObject({
      to: '9830012345',
      status: 'retrying',
      attempts: 2,
      last_error: 'SMS gateway answered 503: busy',
    });
    expect(without?.sms).toBeNull();
  });
});
