// The store functions the handlers call (src/accounts/account-store.ts, club-store.ts, user-store.ts),
// called directly: what each does to the data beyond what one answer shows.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeOwnPassword,
  checkCredentials,
  issueTemporaryPassword,
} from '../src/accounts/account-store';
import type { Caller } from '../src/accounts/auth';
import { releaseRegistration } from '../src/accounts/club-store';
import { referencedFileNames } from '../src/applications/application-store';
import { auditLog, releasedRegistrations, sessions, users } from '../src/db/schema';
import { ApiError } from '../src/http/errors';
import { apiErrorOf } from '../src/http/http';
import { editStaffUser } from '../src/accounts/user-store';
import { applicationRow, createHarness, PASSWORD, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const db = () => h.database.db;

/** The caller of a session the harness opened. */
async function callerOf(userId: number, token: string): Promise<Caller> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no user');
  return {
    userId,
    role: user.role as Caller['role'],
    email: user.email,
    clubId: user.clubId,
    sessionTokenHash: createHash('sha256').update(token).digest('hex'),
    mustChangePassword: false,
  };
}

/** A second session of the same account, as a login elsewhere opens it. */
async function loginAgain(email: string): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/club-login.php',
    payload: { email, password: PASSWORD },
  });
  return res.json().data.token as string;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (thrown: unknown) => {
      // A store's refusal (kind and key) as the status it answers with.
      const error = apiErrorOf(thrown);
      return error instanceof ApiError ? [error.statusCode, error.messageKey] : error;
    },
  );

describe('account store', () => {
  it('a temporary password used by two logins at once opens exactly one session', async () => {
    const club = await h.club();
    const issued = await issueTemporaryPassword(db(), club.email);
    if (!issued) throw new Error('no temporary password');
    const credentials = { email: club.email, password: issued.password };
    const results = await Promise.allSettled([
      checkCredentials(db(), credentials),
      checkCredentials(db(), credentials),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(won[0]?.status === 'fulfilled' && won[0].value.temporary).toBe(true);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' && (apiErrorOf(lost.reason) as ApiError).statusCode).toBe(
      401,
    );
  });

  it('a staff address gets no temporary password', async () => {
    const staff = await h.staff('store');
    expect(await issueTemporaryPassword(db(), staff.email)).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, staff.id));
    expect(row?.tempPasswordHash).toBeNull();
  });

  it('changing a password drops a pending temporary one and ends only the other sessions', async () => {
    const club = await h.club();
    const elsewhere = await loginAgain(club.email);
    const issued = await issueTemporaryPassword(db(), club.email);
    if (!issued) throw new Error('no temporary password');
    const caller = await callerOf(club.userId, club.token);
    expect(
      await refusal(
        changeOwnPassword(db(), caller, { current_password: 'wrong', new_password: 'New#20251' }),
      ),
    ).toEqual([422, 'changePassword.currentWrong']);
    await changeOwnPassword(db(), caller, {
      current_password: PASSWORD,
      new_password: 'New#20251',
    });
    // The session elsewhere ended, this one goes on.
    expect(elsewhere).not.toBe(club.token);
    const left = await db().select().from(sessions).where(eq(sessions.userId, club.userId));
    expect(left.map((s) => s.tokenHash)).toEqual([caller.sessionTokenHash]);
    expect(
      await refusal(checkCredentials(db(), { email: club.email, password: issued.password })),
    ).toEqual([401, 'login.invalidCredentials']);
    const trail = await db().select().from(auditLog).where(eq(auditLog.entityId, club.userId));
    expect(trail.map((entry) => entry.action)).toContain('password_change');
  });
});

describe('club store', () => {
  it('a release keeps the files of the application it withdrew, and a second release is refused', async () => {
    const club = await h.club();
    const applied = await h.apply(club);
    const id = applied.json().data.id as number;
    const row = await applicationRow(h, id);
    const admin = await h.staff('admin');
    const caller = await callerOf(admin.id, admin.token);
    await releaseRegistration(db(), caller, club.clubId, 'Wrong club');
    const [kept] = await db().select().from(releasedRegistrations);
    expect([...(kept?.files ?? [])].sort()).toEqual(
      [
        row?.chairmanApplicationCertificate,
        row?.certificateImage,
        row?.loadAgreementImage,
        row?.pujaCommittee,
        row?.pujaBudget,
      ].sort(),
    );
    expect(await applicationRow(h, id)).toBeUndefined();
    const referenced = await referencedFileNames(db());
    expect(kept?.files.every((name) => referenced.has(name))).toBe(true);
    // Nothing left to release: the second call is a clear refusal.
    expect(await refusal(releaseRegistration(db(), caller, club.clubId, 'Again'))).toEqual([
      422,
      'clubs.notRegistered',
    ]);
  });
});

describe('user store', () => {
  it("one's own new password without the current one is refused before anything changes", async () => {
    const admin = await h.staff('admin');
    const caller = await callerOf(admin.id, admin.token);
    const [before] = await db().select().from(users).where(eq(users.id, admin.id));
    const form = {
      name: 'Renamed',
      email: admin.email,
      phone: '9830000001',
      role: 'chairman' as const,
      deptment: 'chairman' as const,
      password: 'Another#2025',
    };
    expect(await refusal(editStaffUser(db(), caller, admin.id, form, ''))).toEqual([
      400,
      'changePassword.currentRequired',
    ]);
    const [after] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(after).toEqual(before);
    // With it, the edit goes through: an admin stays admin, and the audit names the password.
    const saved = await editStaffUser(db(), caller, admin.id, form, PASSWORD);
    expect(saved).toMatchObject({ name: 'Renamed', role: 'admin' });
    const trail = await db().select().from(auditLog).where(eq(auditLog.entityId, admin.id));
    expect(trail.at(-1)?.action).toBe('update_with_password');
  });
});
