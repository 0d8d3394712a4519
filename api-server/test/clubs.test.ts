import { formatMessage } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clubs, releasedRegistrations } from '../src/db/schema';
import {
  confirmationToken,
  createHarness,
  mailText,
  outboxMailsTo,
  png,
  type Harness,
  type StaffUser,
} from './harness';

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
  it('is public and lists clubs by name with id, clubname, status and whether registered', async () => {
    await addClub('Zeta Sangha');
    await addClub('alpha Sangha');
    const res = await h.app.inject({ method: 'GET', url: '/list-club.php' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; clubname: string; status: string }[];
    const names = data.map((c) => c.clubname);
    expect(names.indexOf('alpha Sangha')).toBeLessThan(names.indexOf('Zeta Sangha'));
    expect(Object.keys(data[0]!).sort()).toEqual(['clubname', 'id', 'registered', 'status']);
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

  it('a club deleted while its registration is confirmed: a clear refusal, never a 500 or an orphan account', async () => {
    for (let round = 0; round < 6; round += 1) {
      const club = await addClub(`Racing Club ${round} ${Math.random()}`);
      const email = `racing${round}${Math.random().toString(36).slice(2)}@test.example`;
      const registration = await call('/add-club-registration.php', {
        club_id: club.id,
        phone: '9831012345',
        email,
        address: '1 Station Road',
        ward_no: 3,
        password: 'Secret#2025',
      });
      expect(registration.statusCode).toBe(200);
      const token = await confirmationToken(h, email);
      const [confirmation, deletion] = await Promise.all([
        call('/confirm-registration.php', { token }),
        // Started a little later, so that rounds land before and after the confirmation.
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
        // A pending registration holds nothing: the club is deleted and the link is void.
        expect(deletion.statusCode).toBe(200);
        expect(confirmation.statusCode).toBe(404);
        expect(confirmation.json().code).toBe('registration.confirmInvalid');
      } else {
        expect(confirmation.statusCode).toBe(200);
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
      // Issue 27: whether the club is registered, for the picker; no contact.
      expect(Object.keys((await row(club.clubId, token)) ?? {}).sort()).toEqual([
        'clubname',
        'id',
        'registered',
        'status',
      ]);
    }
  });

  const decide = (id: number, doc: string, code: 1 | 2, reason = '') =>
    call(
      '/image-status-update.php',
      { id, [`${doc}_status`]: code, [`${doc}_reason`]: reason },
      store.token,
    );
  const release = (
    id: number,
    token = admin.token,
    reason = 'Not the real club: the secretary called',
  ) => call('/release-club.php', { id, reason }, token);

  it('an admin releases a registration after staff decisions (issue 19): account and application withdrawn, kept read-only with who and why, documents kept, the holder mailed, the club free', async () => {
    const club = await h.club();
    const applied = await h.apply(club);
    expect(applied.statusCode).toBe(201);
    const id = applied.json().data.id as number;
    expect((await h.uploadAcknowledgement(club, id, png('ack.png'))).statusCode).toBe(200);
    expect((await decide(id, 'acknowledgement', 1)).statusCode).toBe(200);
    expect((await decide(id, 'chairman_application_certificate', 2, 'Unsigned')).statusCode).toBe(
      200,
    );
    const filesBefore = await h.storedFiles();

    const res = await release(club.clubId);
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
    expect(trail.at(-1)).toMatchObject({
      action: 'release',
      entity: 'club',
      item: 'registration',
      userId: admin.id,
      reason: 'Not the real club: the secretary called',
    });
    expect(trail.at(-1)?.fromValue).toContain(club.email);

    // Kept read-only: the withdrawn account and application, who released them and why.
    const [kept] = await h.database.db
      .select()
      .from(releasedRegistrations)
      .where(eq(releasedRegistrations.clubId, club.clubId));
    expect(kept).toMatchObject({
      applicationId: id,
      releasedBy: admin.id,
      releasedByRole: 'admin',
      reason: 'Not the real club: the secretary called',
      account: { email: club.email },
      application: { id, acknowledgement_status: 'Approved' },
    });
    expect(JSON.stringify(kept)).not.toContain('argon2');
    // The documents stay stored, and the application's history stays readable by staff.
    expect(await h.storedFiles()).toEqual(filesBefore);
    const history = await h.app.inject({
      method: 'GET',
      url: `/application-history.php?id=${id}`,
      headers: h.bearer(admin.token),
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json().data as {
      action: string;
      reason: string;
      to_link: string | null;
      notification: unknown;
    }[];
    expect(entries.at(-1)).toMatchObject({
      action: 'withdraw',
      reason: 'Not the real club: the secretary called',
      notification: { kind: 'clubReleased', to: club.email },
    });
    const [upload] = entries.filter((entry) => entry.to_link);
    const opened = await h.app.inject({ method: 'GET', url: `/${upload?.to_link ?? ''}` });
    expect(opened.statusCode).toBe(200);

    // The account holder is told, with the reason.
    const [mail] = (await outboxMailsTo(h, club.email)).filter((m) => m.kind === 'clubReleased');
    expect(mailText(h, mail)).toContain('Reason: Not the real club: the secretary called');

    // The real club registers, confirms by its link and applies.
    const owner = `owner-${club.email}`;
    const again = await call('/add-club-registration.php', {
      club_id: club.clubId,
      email: owner,
      phone: '9830012345',
      address: '1 Lake Road',
      ward_no: 3,
      password: 'Owner#2025',
      govt_register_no: '',
    });
    expect(again.statusCode).toBe(200);
    const confirmed = await call('/confirm-registration.php', {
      token: await confirmationToken(h, owner),
    });
    expect(confirmed.statusCode).toBe(200);
    const login = await call('/club-login.php', { email: owner, password: 'Owner#2025' });
    const token = login.json().data.token as string;
    expect((await h.apply({ clubId: club.clubId, token })).statusCode).toBe(201);
  });

  it('refuses once the NOC is issued, and changes nothing', async () => {
    const club = await h.club();
    const id = (await h.apply(club)).json().data.id as number;
    expect((await h.uploadAcknowledgement(club, id, png('ack.png'))).statusCode).toBe(200);
    for (const doc of [
      'acknowledgement',
      'chairman_application_certificate',
      'certificate',
      'agreement',
    ]) {
      expect((await decide(id, doc, 1)).statusCode).toBe(200);
    }
    const approved = await call(
      '/update-chairman-status.php',
      { id, chairman_status: 1 },
      chairman.token,
    );
    expect(approved.statusCode).toBe(200);
    const before = await h.snapshot();
    const res = await release(club.clubId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: formatMessage('clubs.releaseIssued'),
      code: 'clubs.releaseIssued',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('refuses a release without a reason, and changes nothing', async () => {
    const club = await h.club();
    const before = await h.snapshot();
    for (const reason of ['', '   ']) {
      const res = await release(club.clubId, admin.token, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('clubs.releaseReasonRequired');
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('is for admins only, and only for a registered club', async () => {
    const club = await h.club();
    const free = await addClub(`Free Sangha ${Date.now()}`);
    const before = await h.snapshot();
    for (const token of [store.token, chairman.token, club.token]) {
      expect((await release(club.clubId, token)).statusCode).toBe(403);
    }
    const unregistered = await release(free.id);
    expect(unregistered.statusCode).toBe(422);
    expect(unregistered.json().code).toBe('clubs.notRegistered');
    expect((await release(999999)).statusCode).toBe(404);
    expect(await h.snapshot()).toEqual(before);
  });
});
