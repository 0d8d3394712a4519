import { normaliseIndianMobile, type LoginPayload } from '@puja/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit, recordUserChange } from '../applications/audit';
import {
  emailIs,
  endOtherSessions,
  generateTemporaryPassword,
  hashPassword,
  requireCurrentPassword,
  timingDummyHash,
  verifyPassword,
  type Caller,
} from './auth';
import type { Db } from '../db/client';
import { clubs, sessions, users } from '../db/schema';
import { Refused } from '../refused';

type UserRow = typeof users.$inferSelect;

/** An account as a login reads it, with its club's name ('' for staff). */
export type LoginAccount = UserRow & { clubname: string };

/** How long a forgotten password's temporary one works: one hour. */
const TEMPORARY_PASSWORD_TTL_MS = 60 * 60 * 1000;

/**
 * The account for these credentials, or one generic 401 whatever was wrong. A club account's
 * unexpired temporary password (forgot password) also logs in, once: it is used up here, and
 * the session it opens must choose a new password first (`temporary`).
 */
export async function checkCredentials(
  db: Db,
  credentials: LoginPayload,
): Promise<{ account: LoginAccount; temporary: boolean }> {
  const { password } = credentials;
  const rows = await db
    .select({ user: users, clubname: clubs.clubname })
    .from(users)
    .leftJoin(clubs, eq(clubs.id, users.clubId))
    .where(emailIs(credentials.email));
  const row = rows[0];
  const account = row ? { ...row.user, clubname: row.clubname ?? '' } : undefined;
  // Verify against a dummy hash for unknown addresses: same work, same answer.
  const valid = await verifyPassword(account?.passwordHash ?? (await timingDummyHash()), password);
  if (account && valid) return { account, temporary: false };
  if (account && (await useTemporaryPassword(db, account, password))) {
    return { account, temporary: true };
  }
  throw new Refused('login.invalidCredentials', 'unauthenticated');
}

/** Whether the password is the account's unexpired temporary one, which it then uses up. */
async function useTemporaryPassword(db: Db, user: UserRow, password: string): Promise<boolean> {
  const { tempPasswordHash: hash, tempPasswordExpiresAt: expiresAt } = user;
  if (!hash || !expiresAt || expiresAt.getTime() <= Date.now()) return false;
  if (!(await verifyPassword(hash, password))) return false;
  // Single use even when two logins race: only the one that clears it wins.
  const cleared = await db
    .update(users)
    .set({ tempPasswordHash: null, tempPasswordExpiresAt: null })
    .where(and(eq(users.id, user.id), eq(users.tempPasswordHash, hash)))
    .returning({ id: users.id });
  return cleared.length === 1;
}

/** A temporary password given to a club account: where it goes and in which language. */
export interface IssuedTemporaryPassword {
  email: string;
  password: string;
  locale: string;
  /** The verified mobile number it goes to by SMS; null: by e-mail. */
  smsTo: string | null;
}

/** Sets a club account's temporary password (already hashed) and records it. */
async function giveTemporaryPassword(db: Db, user: UserRow, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await recordUserChange(
      tx,
      null,
      user.id,
      {
        tempPasswordHash: passwordHash,
        tempPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
      },
      { action: 'password_reset', item: 'temporary_password' },
    );
  });
}

/**
 * Gives the club account of an e-mail a new temporary password, single-use and valid for
 * TEMPORARY_PASSWORD_TTL_MS beside the current one (which keeps working, as do the account's
 * sessions, until the temporary one is used), and records it. Null for an unknown or staff
 * address, or one its account has not proved (issue 26, L4: nothing but the proving link is
 * mailed to it; the club asks with its mobile number instead), after the same work (a password
 * is made and hashed either way).
 */
export async function issueTemporaryPassword(
  db: Db,
  email: string,
): Promise<{ email: string; password: string } | null> {
  const password = generateTemporaryPassword();
  const passwordHash = await hashPassword(password);
  const [user] = await db.select().from(users).where(emailIs(email));
  if (user?.role !== 'club' || !user.emailVerifiedAt) return null;
  await giveTemporaryPassword(db, user, passwordHash);
  return { email: user.email, password };
}

/**
 * Issue 23: a temporary password (as issueTemporaryPassword) for each club account whose phone
 * is this mobile number. It goes by SMS when the number is the account's verified one and no
 * other account shares it (an SMS does not say which club it is for); by e-mail otherwise, to
 * proved addresses only.
 * Empty for a number no club account has, after the same work.
 */
export async function issueTemporaryPasswordsByMobile(
  db: Db,
  mobile: string,
): Promise<IssuedTemporaryPassword[]> {
  const password = generateTemporaryPassword();
  const passwordHash = await hashPassword(password);
  // Digits only, ending with the number: a cheap filter; the domain rule decides.
  const candidates = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'club'),
        sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') LIKE ${`%${mobile}`}`,
      ),
    );
  const ofNumber = candidates.filter((user) => normaliseIndianMobile(user.phone) === mobile);
  const [only] = ofNumber;
  const bySms = ofNumber.length === 1 && only?.phoneVerifiedAt != null;
  // By e-mail only to a proved address (issue 26, L4).
  const accounts = bySms ? ofNumber : ofNumber.filter((user) => user.emailVerifiedAt !== null);
  const issued: IssuedTemporaryPassword[] = [];
  for (const [n, user] of accounts.entries()) {
    // Each account its own password: the first one made above, the others now.
    const own = n === 0 ? password : generateTemporaryPassword();
    await giveTemporaryPassword(db, user, n === 0 ? passwordHash : await hashPassword(own));
    issued.push({
      email: user.email,
      password: own,
      locale: user.locale,
      smsTo: bySms ? mobile : null,
    });
  }
  return issued;
}

/**
 * The caller changes their own password: the current one is checked (422 when wrong) unless
 * the session was opened with a temporary password; a pending temporary password is dropped,
 * the account's other sessions end, this one goes on (no longer bound to change the password),
 * and the change is recorded.
 */
export async function changeOwnPassword(
  db: Db,
  caller: Caller,
  change: { current_password: string; new_password: string },
): Promise<void> {
  if (!caller.mustChangePassword) {
    await requireCurrentPassword(db, caller.userId, change.current_password);
  }
  const passwordHash = await hashPassword(change.new_password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tempPasswordHash: null, tempPasswordExpiresAt: null })
      .where(eq(users.id, caller.userId));
    await endOtherSessions(tx, caller.userId, caller.sessionTokenHash);
    await tx
      .update(sessions)
      .set({ mustChangePassword: false })
      .where(eq(sessions.tokenHash, caller.sessionTokenHash));
    await recordAudit(tx, caller, {
      action: 'password_change',
      entity: 'user',
      entityId: caller.userId,
      item: 'password',
    });
  });
}
