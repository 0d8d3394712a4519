import { gunzipSync } from 'node:zlib';
import { filterApplications, formatMessage, normaliseApplication } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, regCounters } from '../src/db/schema';
import { CHECKS_PER_ACCOUNT } from '../src/uploads/pdf-inspection';
import {
  applicationFields,
  applicationFiles,
  createHarness,
  EXE,
  multipart,
  PASSWORD,
  PDF,
  pdf,
  PNG,
  type Harness,
  type StaffUser,
  type TestFile,
} from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

function applyWith(
  token: string,
  fields: Record<string, string | number>,
  files: Record<string, TestFile>,
) {
  const body = multipart(fields, files);
  return h.app.inject({
    method: 'POST',
    url: '/apply-for-noc.php',
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(token) },
  });
}

/** A valid PNG header declaring 100000 x 100000 pixels (what froze a reviewer's tab). */
function hugePng(): Buffer {
  const bytes = Buffer.from(PNG);
  bytes.writeUInt32BE(100_000, 16);
  bytes.writeUInt32BE(100_000, 20);
  return Buffer.concat([bytes, Buffer.alloc(500)]);
}

describe('POST /apply-for-noc.php', () => {
  it('creates the application with its five files, Pending everywhere, reg_no from the server', async () => {
    const club = await h.club();
    const before = await h.storedFiles();
    const res = await applyWith(
      club.token,
      { club_id: club.clubId, ...applicationFields({ apply_year: 1999 }) },
      applicationFiles(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: true,
      message: 'Application submitted! Please proceed to the next step.',
      code: 'applyNoc.success',
    });
    const app = body.data;
    expect(app).toMatchObject({
      club_id: club.clubId,
      apply_year: '2025',
      puja_location_ward_no: 7,
      ward_no: 3,
      email: club.email,
      land_type: 'own',
      club_secrety_name: 'Sanjib Roy',
      puja_presient_name: 'Ratna Sen',
      acknowledgement: null,
      acknowledgement_status: '0',
      chairman_application_certificate_status: '0',
      certificate_status: '0',
      agreement_status: '0',
      chairman_status: '0',
      chairman_reason: '',
      chairman_approved_date: null,
    });
    // One spelling of the club's name: the apps read club_name (clubname only from PHP hosts).
    expect(app.club_name).toMatch(/^Test Club /);
    expect(app).not.toHaveProperty('clubname');
    expect(app.reg_no).toMatch(/^\d+$/);
    expect(typeof app.id).toBe('number');
    expect(app.puja_budget).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.png\?expires=\d+&sig=[\w-]{22}$/);
    expect((await h.storedFiles()).length).toBe(before.length + 5);
  });

  it('a ward and phones typed in Bengali digits are accepted and stored in Latin digits (issue 27)', async () => {
    const club = await h.club();
    const res = await applyWith(
      club.token,
      {
        club_id: club.clubId,
        ...applicationFields({
          ward_no: '১৯',
          club_president_phone: '৯৮৩০০ ১২৩৪৫',
          puja_secretary_phone: '+৯১ ৯৮৩০০-১২৩৪৮',
        }),
      },
      applicationFiles(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      puja_location_ward_no: 19,
      club_president_phone: '98300 12345',
      puja_secretary_phone: '+91 98300-12348',
    });
  });

  it('reg_no is sequential within the apply year', async () => {
    const first = (await h.apply(await h.club())).json().data;
    const second = (await h.apply(await h.club())).json().data;
    expect(Number(second.reg_no)).toBe(Number(first.reg_no) + 1);
    const [counter] = await h.database.db
      .select()
      .from(regCounters)
      .where(eq(regCounters.applyYear, 2025));
    expect(counter?.lastNo).toBe(Number(second.reg_no));
  });

  it('simultaneous applications of different clubs get distinct, consecutive reg_no', async () => {
    const clubs = [];
    for (let i = 0; i < 8; i += 1) clubs.push(await h.club());
    const results = await Promise.all(clubs.map((club) => h.apply(club)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => Number(r.json().data.reg_no)).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
    expect(new Set(numbers).size).toBe(8);
  });

  it('a second application of the same club is a 409 and leaves nothing behind', async () => {
    const club = await h.club();
    expect((await h.apply(club)).statusCode).toBe(201);
    const before = await h.snapshot();
    const res = await h.apply(club);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have already applied for an NOC.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('20 simultaneous applications of one club: exactly one succeeds, no orphan file', async () => {
    const club = await h.club();
    const before = await h.storedFiles();
    const results = await Promise.all(Array.from({ length: 20 }, () => h.apply(club)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    // The others: 409, or 503 (come back later) past the account's share of queued PDF checks.
    expect(codes.filter((c) => c === 409 || c === 503)).toHaveLength(19);
    expect(codes.filter((c) => c === 503).length).toBeLessThanOrEqual(20 - CHECKS_PER_ACCOUNT);
    const rows = await h.database.db
      .select()
      .from(applications)
      .where(eq(applications.clubId, club.clubId));
    expect(rows).toHaveLength(1);
    expect((await h.storedFiles()).length).toBe(before.length + 5);
    const row = rows[0]!;
    const referenced = [
      row.chairmanApplicationCertificate,
      row.certificateImage,
      row.loadAgreementImage,
      row.pujaCommittee,
      row.pujaBudget,
    ];
    const added = (await h.storedFiles()).filter((f) => !before.includes(f));
    expect(added.sort()).toEqual(referenced.sort());
  });

  it('another club_id than the caller’s is a 403', async () => {
    const club = await h.club();
    const other = await h.club();
    const before = await h.snapshot();
    const res = await applyWith(
      club.token,
      { club_id: other.clubId, ...applicationFields() },
      applicationFiles(),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only access your own application.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('staff cannot apply; the anonymous cannot apply', async () => {
    const before = await h.snapshot();
    expect((await applyWith(admin.token, applicationFields(), applicationFiles())).statusCode).toBe(
      403,
    );
    const body = multipart(applicationFields(), applicationFiles());
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/apply-for-noc.php',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await h.snapshot()).toEqual(before);
  });

  const incomplete = 'Please fill all fields and upload all 5 documents.';
  it.each([
    ['a missing file', {}, { puja_budget: undefined }, 400, incomplete],
    ['a missing name', { club_president_name: '' }, {}, 400, incomplete],
    [
      'a 100 KB text field',
      { puja_location_address: 'x'.repeat(100_000) },
      {},
      400,
      'A field is too long.',
    ],
    ['a ward out of range', { ward_no: 30 }, {}, 400, 'Ward No. must be between 1 and 25.'],
    [
      'a bad phone',
      { puja_secretary_phone: 'call me' },
      {},
      400,
      'Please enter a valid phone number.',
    ],
    ['an unknown land type', { land_type: 'borrowed' }, {}, 400, 'The request is not valid.'],
    [
      'an .exe renamed .pdf',
      {},
      { certificate_image: { name: 'permit.pdf', type: 'application/pdf', bytes: EXE } },
      415,
      'Only images (JPEG, PNG, WebP) or PDF files are allowed.',
    ],
    [
      'a small PNG declaring 100000 x 100000 pixels',
      {},
      { certificate_image: { name: 'bomb.png', type: 'image/png', bytes: hugePng() } },
      400,
      'This image is too large: at most 12000 pixels on a side and 50 megapixels. Please resize it and upload again.',
    ],
    [
      'a text file declared as text',
      {},
      { puja_committee: { name: 'list.txt', type: 'text/plain', bytes: Buffer.from('hello') } },
      415,
      'Only images (JPEG, PNG, WebP) or PDF files are allowed.',
    ],
    [
      'a file over 3 MB',
      {},
      {
        puja_budget: {
          name: 'budget.pdf',
          type: 'application/pdf',
          bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024)]),
        },
      },
      413,
      'Each file must be 3 MB or smaller.',
    ],
  ] as const)(
    'refuses %s (%#) and changes nothing',
    async (_label, fieldOverrides, fileOverrides, code, message) => {
      const club = await h.club();
      const files: Record<string, TestFile> = applicationFiles();
      for (const [key, value] of Object.entries(fileOverrides)) {
        if (value === undefined) delete files[key];
        else files[key] = value as TestFile;
      }
      const before = await h.snapshot();
      const res = await applyWith(
        club.token,
        {
          club_id: club.clubId,
          ...applicationFields(fieldOverrides as Record<string, string | number>),
        },
        files,
      );
      expect(res.statusCode).toBe(code);
      expect(res.json()).toMatchObject({ success: false, status: false, message });
      expect(formatMessage(res.json().code)).toBe(message);
      expect(await h.snapshot()).toEqual(before);
    },
  );

  it('judges each file by its content, not its declared type or name', async () => {
    const club = await h.club();
    const res = await applyWith(
      club.token,
      { club_id: club.clubId, ...applicationFields() },
      applicationFiles({
        // What a phone or an old browser may send for a real scan.
        certificate_image: { name: 'scan', type: 'application/octet-stream', bytes: PDF },
        puja_budget: { name: 'budget.pdf', type: 'application/x-pdf', bytes: PDF },
        puja_committee: { name: 'committee.txt', type: 'text/plain', bytes: PNG },
      }),
    );
    expect(res.statusCode).toBe(201);
    const app = res.json().data;
    expect(app.certificate_image).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.pdf\?/);
    expect(app.puja_budget).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.pdf\?/);
    expect(app.puja_committee).toMatch(/^files\/\d+\/[0-9a-f]{4,16}\.png\?/);
  });

  it('too many parts are refused with 413', async () => {
    const club = await h.club();
    const many: Record<string, TestFile> = applicationFiles();
    for (let i = 0; i < 8; i += 1) many[`extra${i}`] = pdf();
    const before = await h.snapshot();
    const res = await applyWith(club.token, { club_id: club.clubId, ...applicationFields() }, many);
    expect(res.statusCode).toBe(413);
    expect(await h.snapshot()).toEqual(before);
  });

  it('stores SQL metacharacters literally', async () => {
    const club = await h.club();
    const address = "Pandal'); DELETE FROM applications; -- %_\\";
    const res = await applyWith(
      club.token,
      { club_id: club.clubId, ...applicationFields({ puja_location_address: address }) },
      applicationFiles(),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await h.database.db
      .select()
      .from(applications)
      .where(eq(applications.clubId, club.clubId));
    expect(row?.pujaLocationAddress).toBe(address);
  });
});

describe('POST /my-noc.php', () => {
  it('returns the caller’s application, or an empty list before applying', async () => {
    const club = await h.club();
    const post = (payload: Record<string, unknown>) =>
      h.app.inject({ method: 'POST', url: '/my-noc.php', payload, headers: h.bearer(club.token) });
    expect((await post({ club_id: club.clubId })).json().data).toEqual([]);
    await h.apply(club);
    const data = (await post({ club_id: club.clubId })).json().data;
    expect(data).toHaveLength(1);
    expect(data[0].club_id).toBe(club.clubId);
  });

  it('another club’s id is a 403; staff are refused', async () => {
    const club = await h.club();
    const other = await h.club();
    await h.apply(other);
    for (const token of [club.token, admin.token]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/my-noc.php',
        payload: { club_id: other.clubId },
        headers: h.bearer(token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /apply-for-noc-list.php', () => {
  const list = (headers: Record<string, string>) =>
    h.app.inject({ method: 'GET', url: '/apply-for-noc-list.php', headers });

  it('sends gzip only to a client that accepts it (gzip;q=0 refuses it)', async () => {
    await h.apply(await h.club());
    for (const refusing of ['gzip;q=0, identity', 'identity, gzip; q=0.0', '*;q=0']) {
      const res = await list({ ...h.bearer(store.token), 'accept-encoding': refusing });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().status).toBe(true);
    }
    for (const accepting of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*']) {
      const res = await list({ ...h.bearer(store.token), 'accept-encoding': accepting });
      expect(res.headers['content-encoding']).toBe('gzip');
    }
  });

  it('staff get every application, gzipped with an ETag, and 304 while nothing changed', async () => {
    await h.apply(await h.club());
    const first = await list({ ...h.bearer(store.token), 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = JSON.parse(gunzipSync(first.rawPayload).toString());
    expect(body.status).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toHaveProperty('agreement_status');
    expect(body.data[0]).not.toHaveProperty('load_agreement_status');
    // The club's name once per row: club_name (the second spelling was dead weight, issue 10).
    for (const row of body.data) {
      expect(row.club_name).not.toBe('');
      expect(row).not.toHaveProperty('clubname');
    }

    const plain = await list(h.bearer(chairman.token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);

    const again = await list({ ...h.bearer(admin.token), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await h.apply(await h.club());
    const changed = await list({ ...h.bearer(admin.token), 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.length).toBe(body.data.length + 1);
  });

  it('a write through another connection is seen at once (data_version)', async () => {
    const first = await list(h.bearer(store.token));
    const id = first.json().data[0].id as number;
    await h.database.db.transaction(async (tx) => {
      await tx
        .update(applications)
        .set({ pujaLocationAddress: 'Moved' })
        .where(eq(applications.id, id));
      const { bumpDataVersion } = await import('../src/db/client');
      await bumpDataVersion(tx);
    });
    const after = await list(h.bearer(store.token));
    expect(after.json().data.find((a: { id: number }) => a.id === id).puja_location_address).toBe(
      'Moved',
    );
  });

  it('clubs and the anonymous are refused', async () => {
    const club = await h.club();
    expect((await list(h.bearer(club.token))).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });

  it('gives every staff role the applications still without their acknowledgement, with the submit date and the club phone', async () => {
    const club = await h.club({ phone: '9831077777' });
    const applied = (await h.apply(club)).json().data as { id: number };
    for (const user of [admin, store, chairman]) {
      const rows = (await list(h.bearer(user.token))).json().data as Record<string, unknown>[];
      const row = rows.find((a) => a.id === applied.id);
      expect(row).toMatchObject({ acknowledgement: null, phone: '9831077777' });
      expect(Date.parse(String(row?.created_at))).not.toBeNaN();
      // The staff console's Awaiting acknowledgement tab shows it (domain's list rule).
      expect(
        filterApplications(rows.map(normaliseApplication), { tab: 'awaitingAcknowledgement' }).map(
          (a) => a.id,
        ),
      ).toContain(applied.id);
    }
    // Once acknowledged it moves to All NOCs.
    await h.uploadAcknowledgement(club, applied.id);
    const rows = (await list(h.bearer(store.token))).json().data as Record<string, unknown>[];
    const apps = rows.map(normaliseApplication);
    expect(filterApplications(apps, { tab: 'all' }).map((a) => a.id)).toContain(applied.id);
    expect(
      filterApplications(apps, { tab: 'awaitingAcknowledgement' }).map((a) => a.id),
    ).not.toContain(applied.id);
  });
});

describe('GET /dashboard.php', () => {
  it('counts as strings, as the list tabs do (awaiting acknowledgement included); clubs refused', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer(store.token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const total = await h.database.db.select().from(applications);
    const awaiting = total.filter((row) => !row.acknowledgement).length;
    expect(awaiting).toBeGreaterThan(0);
    expect(data).toEqual({
      total_applications: String(total.length),
      total_approved: '0',
      total_rejected: '0',
      total_awaiting_acknowledgement: String(awaiting),
      total_returned: '0',
    });
    const club = await h.club();
    const refused = await h.app.inject({
      method: 'GET',
      url: '/dashboard.php',
      headers: h.bearer(club.token),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /application-history.php', () => {
  it('returns the trail of an application; unknown ids 404; clubs refused', async () => {
    const club = await h.club();
    const app = (await h.apply(club)).json().data;
    const res = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${app.id}`,
      headers: h.bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        action: 'apply',
        role: 'club',
        user_id: club.userId,
        item: 'application',
      }),
    ]);
    const missing = await h.app.inject({
      method: 'GET',
      url: '/application-history.php?id=999999',
      headers: h.bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
    const asClub = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${app.id}`,
      headers: h.bearer(club.token),
    });
    expect(asClub.statusCode).toBe(403);
  });
});

describe('an inactive club', () => {
  const deactivate = (clubId: number) =>
    h.app.inject({
      method: 'POST',
      url: '/club-update-status.php',
      payload: { id: clubId, status: 'I' },
      headers: h.bearer(admin.token),
    });
  const myNoc = (token: string) =>
    h.app.inject({ method: 'POST', url: '/my-noc.php', payload: {}, headers: h.bearer(token) });

  it('cannot submit a new application, with a clear message, and nothing changes', async () => {
    const club = await h.club();
    expect((await deactivate(club.clubId)).statusCode).toBe(200);
    const before = await h.snapshot();
    const res = await applyWith(
      club.token,
      { club_id: club.clubId, ...applicationFields() },
      applicationFiles(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: formatMessage('applyNoc.clubInactive'),
      code: 'applyNoc.clubInactive',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('still logs in and sees the application it already has', async () => {
    const club = await h.club();
    const applied = await h.apply(club);
    expect(applied.statusCode).toBe(201);
    expect((await deactivate(club.clubId)).statusCode).toBe(200);
    const login = await h.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email: club.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const mine = await myNoc(login.json().data.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([expect.objectContaining({ id: applied.json().data.id })]);
  });
});
