import { formatMessage } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clubs } from '../src/db/schema';
import { createHarness, png, type Harness, type StaffUser } from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;
let clubUser: { token: string };

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
  clubUser = await h.club();
});
afterAll(() => h.close());

const call = (url: string, payload: Record<string, unknown>, token?: string) =>
  h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? h.bearer(token) : {},
  });

async function addClub(name: string, token = admin.token) {
  const res = await call('/add-club.php', { clubname: name }, token);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; clubname: string; status: string };
}

describe('GET /list-club.php', () => {
  it('is public and lists clubs by name with id, clubname and status', async () => {
    await addClub('Zeta Sangha');
    await addClub('alpha Sangha');
    const res = await h.app.inject({ method: 'GET', url: '/list-club.php' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; clubname: string; status: string }[];
    const names = data.map((c) => c.clubname);
    expect(names.indexOf('alpha Sangha')).toBeLessThan(names.indexOf('Zeta Sangha'));
    expect(Object.keys(data[0]!).sort()).toEqual(['clubname', 'id', 'status']);
  });
});

describe('club management', () => {
  it.each(['admin', 'store', 'chairman'] as const)(
    '%s can add, rename, toggle and delete',
    async (role) => {
      const token = { admin, store, chairman }[role].token;
      const club = await addClub(`Managed by ${role}`, token);
      expect(club.status).toBe('A');
      const renamed = await call(
        '/update-club.php',
        { id: club.id, clubname: `Renamed ${role}` },
        token,
      );
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        message: 'Club updated successfully!',
        data: { clubname: `Renamed ${role}` },
      });
      const off = await call('/club-update-status.php', { id: club.id, status: 'I' }, token);
      expect(off.json()).toMatchObject({
        message: 'Club status updated to Inactive',
        data: { status: 'I' },
      });
      const on = await call('/club-update-status.php', { id: String(club.id), status: 'A' }, token);
      expect(on.json().message).toBe('Club status updated to Active');
      const gone = await h.app.inject({
        method: 'POST',
        url: `/delete-club.php?id=${club.id}`,
        headers: h.bearer(token),
      });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().message).toBe('Club deleted successfully!');
      expect(await h.database.db.select().from(clubs).where(eq(clubs.id, club.id))).toEqual([]);
      const trail = await h.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, club.id));
      expect(trail.filter((r) => r.entity === 'club').map((r) => r.action)).toEqual([
        'create',
        'rename',
        'status',
        'status',
        'delete',
      ]);
    },
  );

  it.each([
    ['/add-club.php', { clubname: 'Nope' }],
    ['/update-club.php', { id: 1, clubname: 'Nope' }],
    ['/club-update-status.php', { id: 1, status: 'I' }],
    ['/delete-club.php?id=1', {}],
  ])(
    '%s refuses a club user (403) and the anonymous (401), changing nothing',
    async (url, body) => {
      const before = await h.snapshot();
      const asClub = await call(url, body, clubUser.token);
      expect(asClub.statusCode).toBe(403);
      expect(asClub.json().message).toBe('You are not allowed to do this.');
      expect((await call(url, body)).statusCode).toBe(401);
      expect(await h.snapshot()).toEqual(before);
    },
  );

  it('invisible characters and extra spaces do not make a second club', async () => {
    await addClub('SreeSangha');
    await addClub('Nabin Sangha');
    const before = await h.snapshot();
    for (const clubname of ['Sree\u200bSangha', ' Nabin \u00a0 Sangha\ufeff']) {
      const res = await call('/add-club.php', { clubname }, admin.token);
      expect(res.statusCode, clubname).toBe(409);
    }
    expect(await h.snapshot()).toEqual(before);
    const added = await call('/add-club.php', { clubname: ' Palli\u200b  Mangal ' }, admin.token);
    expect(added.json().data.clubname).toBe('Palli Mangal');
  });

  it('a duplicate name (any case) is a 409', async () => {
    await addClub('Unique Sangha');
    const before = await h.snapshot();
    const res = await call('/add-club.php', { clubname: ' unique sangha ' }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A club with this name already exists.');
    expect(await h.snapshot()).toEqual(before);
  });

  it.each([
    ['/add-club.php', { clubname: '   ' }, 400, 'Club name is required.'],
    ['/add-club.php', { clubname: 'x'.repeat(201) }, 400, 'A field is too long.'],
    ['/add-club.php', { clubname: ['a'] }, 400, 'The request is not valid.'],
    ['/update-club.php', { id: 'abc', clubname: 'X' }, 400, 'The request is not valid.'],
    ['/update-club.php', { id: 999999, clubname: 'X' }, 404, 'Club not found.'],
    ['/club-update-status.php', { id: 1, status: 'X' }, 400, 'The request is not valid.'],
    ['/club-update-status.php', { id: 999999, status: 'A' }, 404, 'Club not found.'],
    ['/delete-club.php?id=999999', {}, 404, 'Club not found.'],
    ['/delete-club.php', {}, 400, 'The request is not valid.'],
  ])('%s with %j answers %i', async (url, body, code, message) => {
    const before = await h.snapshot();
    const res = await call(url, body, admin.token);
    expect(res.statusCode).toBe(code);
    expect(res.json()).toMatchObject({ success: false, status: false, message });
    expect(formatMessage(res.json().code)).toBe(message);
    expect(await h.snapshot()).toEqual(before);
  });

  it('a delete with an empty JSON body reads the id from the query', async () => {
    const club = await addClub('Empty Body Sangha');
    const res = await h.app.inject({
      method: 'POST',
      url: `/delete-club.php?id=${club.id}`,
      payload: '',
      headers: { ...h.bearer(admin.token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(await h.database.db.select().from(clubs).where(eq(clubs.id, club.id))).toEqual([]);
  });

  it('refuses a NUL character in a name with 400 and changes nothing', async () => {
    const before = await h.snapshot();
    const res = await call('/add-club.php', { clubname: 'Sree\u0000Sangha' }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request is not valid.');
    expect(await h.snapshot()).toEqual(before);
  });

  it('stores SQL metacharacters in a name literally', async () => {
    const name = "Robert'); DROP TABLE clubs;-- %_\\";
    const club = await addClub(name);
    const [row] = await h.database.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(row?.clubname).toBe(name);
  });

  it('refuses to delete a club with an account, or with an application', async () => {
    const registered = await h.club();
    const applied = await h.club();
    expect((await h.apply(applied)).statusCode).toBe(201);
    for (const club of [registered, applied]) {
      const before = await h.snapshot();
      const res = await h.app.inject({
        method: 'POST',
        url: `/delete-club.php?id=${club.clubId}`,
        headers: h.bearer(admin.token),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This club has an account or an application and cannot be deleted. Deactivate it instead.',
      );
      expect(await h.snapshot()).toEqual(before);
    }
  });

  it('a club deleted while it registers: a clear refusal, never a 500 or an orphan account', async () => {
    for (let round = 0; round < 6; round += 1) {
      const club = await addClub(`Racing Club ${round} ${Math.random()}`);
      const [registration, deletion] = await Promise.all([
        call('/add-club-registration.php', {
          club_id: club.id,
          phone: '9831012345',
          email: `racing${round}${Math.random().toString(36).slice(2)}@test.example`,
          address: '1 Station Road',
          ward_no: 3,
          password: 'Secret#2025',
        }),
        // Started a little later, so that in some rounds it lands while the registration
        // hashes its password (after reading the club, before inserting the account).
        new Promise((resolve) => setTimeout(resolve, round * 10)).then(() =>
          h.app.inject({
            method: 'POST',
            url: `/delete-club.php?id=${club.id}`,
            headers: h.bearer(admin.token),
          }),
        ),
      ]);
      const exists = await h.database.db.select().from(clubs).where(eq(clubs.id, club.id));
      if (exists.length === 0) {
        expect(deletion.statusCode).toBe(200);
        expect(registration.statusCode).toBe(400);
        expect(registration.json().message).toBe('Please select a club from the list.');
      } else {
        expect(registration.statusCode).toBe(200);
        expect(deletion.statusCode).toBe(409);
      }
    }
  });
});

describe('registrations in Manage Clubs', () => {
  const list = (token?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/list-club.php',
      headers: token ? h.bearer(token) : {},
    });
  type Listed = { id: number; registered_email?: string | null; registered_at?: string | null };
  const row = async (clubId: number, token?: string) =>
    ((await list(token)).json().data as Listed[]).find((club) => club.id === clubId);

  it('shows staff who registered each club and when; the public list shows no contact', async () => {
    const club = await h.club();
    const free = await addClub(`Unclaimed Sangha ${Date.now()}`);
    expect(await row(club.clubId, store.token)).toMatchObject({
      registered_email: club.email,
      registered_phone: expect.any(String),
      registered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await row(free.id, chairman.token)).toMatchObject({
      registered_email: null,
      registered_phone: null,
      registered_at: null,
    });
    for (const token of [undefined, club.token, 'not-a-token']) {
      expect(Object.keys((await row(club.clubId, token)) ?? {}).sort()).toEqual([
        'clubname',
        'id',
        'status',
      ]);
    }
  });

  it('an admin releases a wrongful registration: account, sessions and application go', async () => {
    const club = await h.club();
    expect((await h.apply(club)).statusCode).toBe(201);
    const res = await call('/release-club.php', { id: club.clubId }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: formatMessage('clubs.releaseSuccess'),
      code: 'clubs.releaseSuccess',
    });
    expect((await call('/my-noc.php', {}, club.token)).statusCode).toBe(401);
    expect(await row(club.clubId, admin.token)).toMatchObject({ registered_email: null });
    const trail = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, club.clubId));
    expect(trail.at(-1)).toMatchObject({ action: 'release', entity: 'club', item: 'registration' });
    expect(trail.at(-1)?.fromValue).toContain(club.email);
    // The club can now be registered by its real owner.
    const again = await call('/add-club-registration.php', {
      club_id: club.clubId,
      email: `owner-${club.email}`,
      phone: '9830012345',
      address: '1 Lake Road',
      ward_no: 3,
      password: 'Owner#2025',
      govt_register_no: '',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses once staff decided on the application, and changes nothing', async () => {
    const club = await h.club();
    const applied = await h.apply(club);
    const id = applied.json().data.id as number;
    const ack = await h.uploadAcknowledgement(club, id, png('ack.png'));
    expect(ack.statusCode).toBe(200);
    const decided = await call(
      '/image-status-update.php',
      { id, acknowledgement_status: 1 },
      store.token,
    );
    expect(decided.statusCode).toBe(200);
    const before = await h.snapshot();
    const res = await call('/release-club.php', { id: club.clubId }, admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: formatMessage('clubs.releaseDecided'),
      code: 'clubs.releaseDecided',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('is for admins only, and only for a registered club', async () => {
    const club = await h.club();
    const free = await addClub(`Free Sangha ${Date.now()}`);
    const before = await h.snapshot();
    for (const token of [store.token, chairman.token, club.token]) {
      expect((await call('/release-club.php', { id: club.clubId }, token)).statusCode).toBe(403);
    }
    const unregistered = await call('/release-club.php', { id: free.id }, admin.token);
    expect(unregistered.statusCode).toBe(422);
    expect(unregistered.json().code).toBe('clubs.notRegistered');
    expect((await call('/release-club.php', { id: 999999 }, admin.token)).statusCode).toBe(404);
    expect(await h.snapshot()).toEqual(before);
  });
});
