import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { can, isRole, normaliseEmail, type Action, type Role } from '@puja/domain';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { noteAccount } from '../http/multipart';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The account of an e-mail address, compared in its one normalised spelling (domain). */
export function emailIs(email: string) {
  return eq(users.email, normaliseEmail(email));
}

/** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A random password for resets: 12 characters from an unambiguous alphabet plus a symbol. */
export function generateTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  let result = '';
  for (const byte of bytes) result += alphabet[byte % alphabet.length];
  return `${result}#`;
}

/** The SHA-256 (hex) of a bearer or confirmation token: only this is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opens a session: a 256-bit random token for the client, only its SHA-256 kept. A session
 * opened with a temporary password may only change the password (`mustChangePassword`).
 */
export async function createSession(
  db: Db | Tx,
  userId: number,
  ttlSeconds: number,
  options: { mustChangePassword?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    mustChangePassword: options.mustChangePassword ?? false,
  });
  // Expired sessions of this user are swept on each login; nothing else needs a timer.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return token;
}

function bearerToken(request: FastifyRequest): string | null {
  return tokenOfHeader(request.headers.authorization);
}

export async function deleteSession(db: Db, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The logged-in caller. */
export interface Caller {
  userId: number;
  role: Role;
  email: string;
  clubId: number | null;
  /** The SHA-256 of the session's token (to end the account's other sessions). */
  sessionTokenHash: string;
  /** The session was opened with a temporary password: a new one must be chosen first. */
  mustChangePassword: boolean;
}

/**
 * The caller of a protected call, or 401 (no token, unknown token, expired session). A session
 * opened with a temporary password is refused (403) except by the calls that allow it (changing
 * the password, logging out).
 */
export async function authenticate(
  db: Db,
  request: FastifyRequest,
  options: { allowPasswordChangePending?: boolean } = {},
): Promise<Caller> {
  const caller = await callerOfToken(db, bearerToken(request));
  noteAccount(request, caller.userId);
  if (caller.mustChangePassword && !options.allowPasswordChangePending) {
    throw new ApiError(403, 'changePassword.required');
  }
  return caller;
}

/**
 * The account of a bearer token (also for requests that are not Fastify's: the resumable
 * uploads), or 401 (no token, unknown token, expired session). The temporary-password check is
 * the caller's.
 */
export async function callerOfToken(db: Db, token: string | null): Promise<Caller> {
  if (!token) throw new ApiError(401, 'auth.required');
  const tokenHash = hashToken(token);
  const rows = await db
    .select({
      userId: users.id,
      role: users.role,
      email: users.email,
      clubId: users.clubId,
      expiresAt: sessions.expiresAt,
      mustChangePassword: sessions.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  const row = rows[0];
  if (!row) throw new ApiError(401, 'auth.sessionExpired');
  if (row.expiresAt.getTime() <= Date.now() || !isRole(row.role)) {
    throw new ApiError(401, 'auth.sessionExpired');
  }
  return {
    userId: row.userId,
    role: row.role,
    email: row.email,
    clubId: row.clubId,
    sessionTokenHash: tokenHash,
    mustChangePassword: row.mustChangePassword,
  };
}

/** The token of an `Authorization: Bearer …` header value, else null. */
export function tokenOfHeader(header: string | null | undefined): string | null {
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The account's current password, as its owner re-enters it to change it, else 422. */
export async function requireCurrentPassword(db: Db, userId: number, password: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new ApiError(422, 'changePassword.currentWrong');
  }
}

/** Ends every session of an account but the one given (a password change keeps the caller's). */
export async function endOtherSessions(
  db: Db | Tx,
  userId: number,
  keepTokenHash: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)),
    );
}

/**
 * The caller of a public call that shows more to some roles: null without a usable session
 * (no token, an unknown or expired one, or a role not allowed the action), never a refusal.
 */
export async function callerAllowed(
  db: Db,
  request: FastifyRequest,
  action: Action,
): Promise<Caller | null> {
  if (!bearerToken(request)) return null;
  try {
    const caller = await authenticate(db, request);
    return can(caller.role, action) ? caller : null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** The caller, who must be allowed the action (SPEC §6, domain `can`), else 403. */
export async function requireAction(
  db: Db,
  request: FastifyRequest,
  action: Action,
): Promise<Caller> {
  const caller = await authenticate(db, request);
  if (!can(caller.role, action)) throw new ApiError(403, 'auth.forbidden');
  return caller;
}

/** A club caller acting on its own club's data; another club's id is refused with 403. */
export function requireOwnClub(caller: Caller, clubId: number): void {
  if (caller.clubId === null || caller.clubId !== clubId) {
    throw new ApiError(403, 'auth.notYourApplication');
  }
}
