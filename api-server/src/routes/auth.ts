import {
  deptmentOf,
  formatMessage,
  isStaffRole,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
} from '@puja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import {
  authenticate,
  createSession,
  deleteSession,
  emailIs,
  generateTemporaryPassword,
  hashPassword,
  timingDummyHash,
  verifyPassword,
} from '../auth';
import type { AppContext } from '../context';
import { bumpDataVersion, isUniqueViolation, type Db, type Tx } from '../db/client';
import { clubs, sessions, users } from '../db/schema';
import { ApiError } from '../errors';
import { messageFields, readInput, requireId, sendOk, validationError } from '../http';

type UserRow = typeof users.$inferSelect;

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

  /** The account for these credentials, or one generic 401 whatever was wrong. */
  async function checkCredentials(fields: Record<string, unknown>): Promise<UserRow> {
    const input = validateLogin(fields);
    if (!input.ok) throw validationError(input.message);
    const rows = await db.select().from(users).where(emailIs(input.value.email));
    const user = rows[0];
    // Verify against a dummy hash for unknown addresses: same work, same answer.
    const valid = await verifyPassword(
      user?.passwordHash ?? (await timingDummyHash()),
      input.value.password,
    );
    if (!user || !valid) throw new ApiError(401, 'login.invalidCredentials');
    return user;
  }

  /** POST /admin-login.php: staff login (admin, store, chairman). */
  app.post('/admin-login.php', failuresOnly, async function loginStaff(request, reply) {
    const { fields } = await readInput(request);
    const user = await checkCredentials(fields);
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
    const user = await checkCredentials(fields);
    if (user.role !== 'club' || user.clubId === null) {
      throw new ApiError(401, 'login.invalidCredentials');
    }
    const club = (await db.select().from(clubs).where(eq(clubs.id, user.clubId)))[0];
    const token = await createSession(db, user.id, config.sessionTtlSeconds);
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
      },
    });
  });

  /** POST /logout.php (addition): ends the caller's session. */
  app.post('/logout.php', async function logout(request, reply) {
    await authenticate(db, request);
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

  /** POST /forget-password.php: a new temporary password by e-mail; the same answer either way. */
  app.post('/forget-password.php', loginLimit, async function requestPasswordReset(request, reply) {
    const { fields } = await readInput(request);
    const input = validateForgotPassword(fields);
    if (!input.ok) throw validationError(input.message);
    const password = generateTemporaryPassword();
    const passwordHash = await hashPassword(password);
    const rows = await db.select().from(users).where(emailIs(input.value.email));
    const user = rows[0];
    if (user) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await recordAudit(tx, null, {
          action: 'password_reset',
          entity: 'user',
          entityId: user.id,
          item: 'password',
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
}
