import {
  deptmentOf,
  formatMessage,
  isStaffRole,
  validateForgotPassword,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
} from '@puja/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import {
  authenticate,
  createSession,
  deleteSession,
  emailIs,
  endOtherSessions,
  generateTemporaryPassword,
  hashPassword,
  requireCurrentPassword,
  timingDummyHash,
  verifyPassword,
} from '../auth';
import type { AppContext } from '../context';
import { bumpDataVersion, isUniqueViolation, type Db, type Tx } from '../db/client';
import { clubs, sessions, users } from '../db/schema';
import { ApiError } from '../errors';
import { messageFields, readInput, requireId, sendOk, validationError } from '../http';
import { localeOfRequest, rememberLocale } from '../locale';

type UserRow = typeof users.$inferSelect;

/** How long a forgotten password's temporary one works: one hour. */
const TEMPORARY_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** A club that may register: it exists (else 400, as an unknown pick) and is active (422). */
async function registrableClub(db: Db | Tx, clubId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(clubs).where(eq(clubs.id, clubId));
  const club = (await (options.lock ? query.for('share') : query))[0];
  if (!club) throw new ApiError(400, 'registration.selectClub');
  if (club.status !== 'A') throw new ApiError(422, 'registration.clubInactive');
  return club;
}

/** Logins, logout, registration and password reset (SPEC §7). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const loginLimit = {
    config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
  };
  // Logins are limited by their failures only (login-throttle.ts), never by successes.
  const failuresOnly = { config: { rateLimit: false as const } };

  /**
   * The account for these credentials, or one generic 401 whatever was wrong. A club account's
   * unexpired temporary password (forgot password) also logs in, once: it is used up here, and
   * the session it opens must choose a new password first.
   */
  async function checkCredentials(
    fields: Record<string, unknown>,
  ): Promise<{ user: UserRow; temporary: boolean }> {
    const input = validateLogin(fields);
    if (!input.ok) throw validationError(input.message);
    const { password } = input.value;
    const rows = await db.select().from(users).where(emailIs(input.value.email));
    const user = rows[0];
    // Verify against a dummy hash for unknown addresses: same work, same answer.
    const valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), password);
    if (user && valid) return { user, temporary: false };
    if (user && (await useTemporaryPassword(user, password))) return { user, temporary: true };
    throw new ApiError(401, 'login.invalidCredentials');
  }

  /** Whether the password is the account's unexpired temporary one, which it then uses up. */
  async function useTemporaryPassword(user: UserRow, password: string): Promise<boolean> {
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

  /** POST /admin-login.php: staff login (admin, store, chairman). */
  app.post('/admin-login.php', failuresOnly, async function loginStaff(request, reply) {
    const { fields } = await readInput(request);
    const { user } = await checkCredentials(fields);
    if (!isStaffRole(user.role)) throw new ApiError(401, 'login.invalidCredentials');
    const token = await createSession(db, user.id, config.sessionTtlSeconds);
    return sendOk(reply, 'login.success', {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      token,
    });
  });

  /** POST /club-login.php: club login; SPEC §7 answers status "success" / "error". */
  app.post('/club-login.php', failuresOnly, async function loginClub(request, reply) {
    const { fields } = await readInput(request);
    const { user, temporary } = await checkCredentials(fields);
    if (user.role !== 'club' || user.clubId === null) {
      throw new ApiError(401, 'login.invalidCredentials');
    }
    const club = (await db.select().from(clubs).where(eq(clubs.id, user.clubId)))[0];
    await rememberLocale(db, user.id, request);
    const token = await createSession(db, user.id, config.sessionTtlSeconds, {
      mustChangePassword: temporary,
    });
    return reply.send({
      success: true,
      status: 'success',
      ...messageFields('login.success'),
      data: {
        id: user.id,
        club_id: user.clubId,
        clubname: club?.clubname ?? '',
        name: club?.clubname ?? '',
        email: user.email,
        role: 'club',
        token,
        // A temporary password logged in: the club chooses a new one before anything else.
        must_change_password: temporary,
      },
    });
  });

  /** POST /logout.php (addition): ends the caller's session. */
  app.post('/logout.php', async function logout(request, reply) {
    await authenticate(db, request, { allowPasswordChangePending: true });
    await deleteSession(db, request);
    return sendOk(reply, 'auth.loggedOut');
  });

  /** POST /add-club-registration.php: a club creates its login (public). */
  app.post('/add-club-registration.php', loginLimit, async function registerClub(request, reply) {
    const { fields } = await readInput(request);
    const input = validateRegistration(fields);
    if (!input.ok) throw validationError(input.message);
    const value = input.value;
    // An id as every other call reads it: no '7e0', no value beyond the integer column (a 500).
    const clubId = requireId(fields.club_id, 'registration.selectClub');
    await registrableClub(db, clubId);
    const passwordHash = await hashPassword(value.password);
    try {
      await db.transaction(async (tx) => {
        // Read again under a share lock: a club deleted or deactivated while the password was
        // hashed is refused (the account's foreign key would otherwise be a 500), and a
        // deletion that comes later waits and then sees the account.
        const club = await registrableClub(tx, clubId, { lock: true });
        const taken = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.clubId, club.id));
        if (taken.length > 0) throw new ApiError(409, 'registration.alreadyRegistered');
        const [user] = await tx
          .insert(users)
          .values({
            name: club.clubname,
            email: value.email,
            phone: value.phone,
            role: 'club',
            deptment: deptmentOf('club'),
            passwordHash,
            clubId: club.id,
            govtRegisterNo: value.govt_register_no,
            address: value.address,
            wardNo: value.ward_no,
            locale: localeOfRequest(request) ?? undefined,
          })
          .returning({ id: users.id });
        await recordAudit(tx, null, {
          action: 'register',
          entity: 'user',
          entityId: user?.id ?? null,
          item: 'club_account',
          to: `club ${club.id}`,
        });
        await bumpDataVersion(tx);
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isUniqueViolation(error)) {
        const sameClub = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.clubId, clubId));
        throw new ApiError(
          409,
          sameClub.length > 0 ? 'registration.alreadyRegistered' : 'users.emailTaken',
        );
      }
      throw error;
    }
    return sendOk(reply, 'registration.success');
  });

  /**
   * POST /forget-password.php: a temporary password by e-mail for a club account, single-use and
   * valid for TEMPORARY_PASSWORD_TTL_MS beside the current password, which keeps working (as do
   * the account's sessions) until the temporary one is used. Staff passwords are reset by an
   * admin or the create-admin CLI: a staff address is answered like an unknown one.
   */
  app.post('/forget-password.php', loginLimit, async function requestPasswordReset(request, reply) {
    const { fields } = await readInput(request);
    const input = validateForgotPassword(fields);
    if (!input.ok) throw validationError(input.message);
    const password = generateTemporaryPassword();
    const passwordHash = await hashPassword(password);
    const rows = await db.select().from(users).where(emailIs(input.value.email));
    const user = rows[0];
    if (user?.role === 'club') {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            tempPasswordHash: passwordHash,
            tempPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
          })
          .where(eq(users.id, user.id));
        await recordAudit(tx, null, {
          action: 'password_reset',
          entity: 'user',
          entityId: user.id,
          item: 'temporary_password',
        });
      });
      // Sent after answering: an SMTP round trip must not tell a known address from an
      // unknown one by the answer's timing.
      ctx.mailer
        .send({
          to: user.email,
          subject: formatMessage('forgotPassword.mailSubject'),
          text: formatMessage('forgotPassword.mailBody', { password }),
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
    }
    return sendOk(reply, 'forgotPassword.success');
  });

  /**
   * POST /change-password.php {current_password, new_password} (addition): the caller changes
   * their own password. The current one is asked for, except in a session opened with a
   * temporary password; the account's other sessions end, this one goes on.
   */
  app.post('/change-password.php', loginLimit, async function changePassword(request, reply) {
    const caller = await authenticate(db, request, { allowPasswordChangePending: true });
    const { fields } = await readInput(request);
    const input = validatePasswordChange(fields, { requireCurrent: !caller.mustChangePassword });
    if (!input.ok) throw validationError(input.message);
    if (!caller.mustChangePassword) {
      await requireCurrentPassword(db, caller.userId, input.value.current_password);
    }
    const passwordHash = await hashPassword(input.value.new_password);
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
    return sendOk(reply, 'changePassword.success');
  });
}
