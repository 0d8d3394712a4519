import {
  DEFAULT_LOCALE,
  formatMessage,
  isStaffRole,
  validateForgotPassword,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
} from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { changeOwnPassword, checkCredentials, issueTemporaryPassword } from '../account-store';
import { authenticate, createSession, deleteSession } from '../auth';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { messageFields, readInput, requireId, sendOk, validationError } from '../http';
import { localeOfRequest, rememberLocale } from '../locale';
import { confirmRegistration, requestRegistration } from '../registration-store';

/** Logins, logout, registration and password reset (SPEC §7). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const loginLimit = {
    config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
  };
  // Logins are limited by their failures only (login-throttle.ts), never by successes.
  const failuresOnly = { config: { rateLimit: false as const } };

  /** POST /admin-login.php: staff login (admin, store, chairman). */
  app.post('/admin-login.php', failuresOnly, async function loginStaff(request, reply) {
    const input = validateLogin((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const { account } = await checkCredentials(db, input.value);
    if (!isStaffRole(account.role)) throw new ApiError(401, 'login.invalidCredentials');
    const token = await createSession(db, account.id, config.sessionTtlSeconds);
    return sendOk(reply, 'login.success', {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      role: account.role,
      token,
    });
  });

  /** POST /club-login.php: club login; SPEC §7 answers status "success" / "error". */
  app.post('/club-login.php', failuresOnly, async function loginClub(request, reply) {
    const input = validateLogin((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const { account, temporary } = await checkCredentials(db, input.value);
    if (account.role !== 'club' || account.clubId === null) {
      throw new ApiError(401, 'login.invalidCredentials');
    }
    // The club's mails are written in the language its app asks for.
    await rememberLocale(db, account.id, request);
    const token = await createSession(db, account.id, config.sessionTtlSeconds, {
      mustChangePassword: temporary,
    });
    return reply.send({
      success: true,
      status: 'success',
      ...messageFields('login.success'),
      data: {
        id: account.id,
        club_id: account.clubId,
        clubname: account.clubname,
        name: account.clubname,
        email: account.email,
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

  /**
   * POST /add-club-registration.php: a club registers (public), pending its confirmation by the
   * link mailed to the address (docs/decisions/0028). The answer is the same whether or not the
   * address already has an account (its owner is mailed instead): `registration.checkEmail`.
   */
  app.post('/add-club-registration.php', loginLimit, async function registerClub(request, reply) {
    const { fields } = await readInput(request);
    const input = validateRegistration(fields);
    if (!input.ok) throw validationError(input.message);
    // An id as every other call reads it: no '7e0', no value beyond the integer column (a 500).
    const clubId = requireId(fields.club_id, 'registration.selectClub');
    await requestRegistration(db, config, clubId, input.value, localeOfRequest(request));
    return sendOk(reply, 'registration.checkEmail');
  });

  /**
   * POST /confirm-registration.php {token} (addition): the link mailed on registration creates
   * the club's account. 404 `registration.confirmInvalid`, 410 `registration.confirmExpired`,
   * 409 when the club or the address was registered meanwhile; a second confirmation of the same
   * link answers success again. Answers the club's name.
   */
  app.post(
    '/confirm-registration.php',
    loginLimit,
    async function confirmClubRegistration(request, reply) {
      const { fields } = await readInput(request);
      const token = typeof fields.token === 'string' ? fields.token.trim() : '';
      const confirmed = await confirmRegistration(db, token);
      return sendOk(reply, 'registration.confirmed', { clubname: confirmed.clubname });
    },
  );

  /**
   * POST /forget-password.php: a temporary password by e-mail for a club account (see
   * issueTemporaryPassword). Staff passwords are reset by an admin or the create-admin CLI: a
   * staff address is answered like an unknown one.
   */
  app.post('/forget-password.php', loginLimit, async function requestPasswordReset(request, reply) {
    const input = validateForgotPassword((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const issued = await issueTemporaryPassword(db, input.value.email);
    if (issued) {
      // In the language the request was made in (the apps send the chosen one).
      const locale = localeOfRequest(request) ?? DEFAULT_LOCALE;
      // Sent after answering: an SMTP round trip must not tell a known address from an
      // unknown one by the answer's timing.
      ctx.mailer
        .send({
          to: issued.email,
          subject: formatMessage('forgotPassword.mailSubject', {}, locale),
          text: formatMessage('forgotPassword.mailBody', { password: issued.password }, locale),
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
    await changeOwnPassword(db, caller, input.value);
    return sendOk(reply, 'changePassword.success');
  });
}
