import {
  DEFAULT_LOCALE,
  formatMessage,
  type Locale,
  isManagedRole,
  maskMobile,
  normaliseIndianMobile,
  privacyNoticeShown,
  REGISTRATION_CODE,
  renderSms,
  resetLoginOf,
  signMail,
  validateForgotPassword,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
  validateRegistrationCode,
  type LoginPayload,
} from '@puja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../http/client-address';
import {
  changeOwnPassword,
  checkCredentials,
  issueTemporaryPassword,
  issueTemporaryPasswordsByMobile,
} from './account-store';
import { authenticate, createSession, deleteSession } from './auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { messageFields, readInput, requireId, sendOk, validationError } from '../http/http';
import { localeOfRequest, rememberLocale } from '../http/locale';
import { countedPasswordCheck } from './login-throttle';
import {
  confirmRegistration as confirmByLink,
  confirmRegistrationCode as confirmByCode,
  renewRegistrationCode,
  requestRegistration,
  type RegistrationCodeToSend,
} from './registration-store';
import { takeSmsAllowance } from '../messages/sms-throttle';

/** The rate limits of the calls without a session: logins count their failures only. */
function limitsOf(config: AppContext['config']) {
  return {
    loginLimit: { config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } } },
    // Logins are limited by their failures only (login-throttle.ts), never by successes.
    failuresOnly: { config: { rateLimit: false as const } },
  };
}

/** Logins, logout, registration and password reset (SPEC §7), one function per call family. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLoginRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
}

/** Staff and club logins, and logout. */
function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const { failuresOnly } = limitsOf(config);
  /** A login's password check, counted per address and per the account its input names. */
  const countedLogin = <T>(request: FastifyRequest, login: LoginPayload, check: () => Promise<T>) =>
    countedPasswordCheck(request, login.email, 'login.invalidCredentials', check);

  /** POST /admin-login.php: staff login (admin, store, chairman). */
  app.post('/admin-login.php', failuresOnly, async function loginStaff(request, reply) {
    const input = validateLogin((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const account = await countedLogin(request, input.value, async () => {
      const { account } = await checkCredentials(db, input.value);
      // Staff, and agency officers (issue 29), log in here.
      if (!isManagedRole(account.role)) throw new ApiError(401, 'login.invalidCredentials');
      return account;
    });
    const token = await createSession(db, account.id, config.sessionTtlSeconds);
    return sendOk(reply, 'login.success', {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      role: account.role,
      ...(account.role === 'agency' ? { agency_id: account.agencyId } : {}),
      token,
    });
  });

  /** POST /club-login.php: club login; SPEC §7 answers status "success" / "error". */
  app.post('/club-login.php', failuresOnly, async function loginClub(request, reply) {
    const input = validateLogin((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const { account, temporary } = await countedLogin(request, input.value, async () => {
      const checked = await checkCredentials(db, input.value);
      if (checked.account.role !== 'club' || checked.account.clubId === null) {
        throw new ApiError(401, 'login.invalidCredentials');
      }
      return checked;
    });
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
}

/** A club's registration: asked for, confirmed by the mailed link or the SMS code, code resent. */
function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const { loginLimit } = limitsOf(config);

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
    if (config.registrationConfirmBy === 'sms') {
      // The code goes to this phone: an Indian mobile, sent to only so often (sms-throttle).
      const mobile = normaliseIndianMobile(input.value.phone);
      if (!mobile) throw validationError('validation.mobileInvalid');
      const allowance = { mobile, address: addressKey(request.ip) };
      if (!(await takeSmsAllowance(db, 'code', allowance, config.smsHourlyLimits))) {
        throw new ApiError(429, 'registration.codeRateLimited');
      }
    }
    const requested = await requestRegistration(
      db,
      config,
      clubId,
      input.value,
      localeOfRequest(request),
      // Issue 27: which privacy notice the page showed (DPDP Act 2023, s. 5), when it says.
      privacyNoticeShown(fields.privacy_notice),
    );
    if (requested.by === 'mail') return sendOk(reply, 'registration.checkEmail');
    const { code } = requested;
    if (code !== null) sendRegistrationCode(request, { ...requested, code });
    return sendOk(reply, 'registration.checkPhone', codeAnswer(requested.registration, requested));
  });

  /** What the app needs to ask for the code: its handle, the masked phone and the timings. */
  function codeAnswer(registration: string, sent: { mobile: string }) {
    return {
      confirm_by: 'sms',
      registration,
      phone: maskMobile(sent.mobile),
      expires_in: REGISTRATION_CODE.ttlSeconds,
      resend_after: REGISTRATION_CODE.resendAfterSeconds,
      tries: REGISTRATION_CODE.maxTries,
    };
  }

  /**
   * Sends a registration code by SMS after the answer (decision 0031: codes never go through
   * the outbox); a failure is logged, and the club asks for a new code.
   */
  function sendRegistrationCode(request: FastifyRequest, sent: RegistrationCodeToSend): void {
    ctx.sms
      .send({
        to: sent.mobile,
        ...renderSms(
          'registrationCode',
          { code: sent.code, municipality: ctx.config.municipality.name },
          sent.locale,
        ),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'registration code SMS failed'));
  }

  /**
   * POST /confirm-registration-code.php {registration, code} (addition, decision 0034): the
   * code sent by SMS creates the club's account, its mobile verified; answers the club's name.
   * A wrong code: 422 `registration.codeWrong` with `data.tries_left`; see
   * confirmRegistrationCode for the other refusals.
   */
  app.post(
    '/confirm-registration-code.php',
    loginLimit,
    async function confirmRegistrationCode(request, reply) {
      const { fields } = await readInput(request);
      const registration = typeof fields.registration === 'string' ? fields.registration : '';
      const code = validateRegistrationCode(fields.code);
      if (!code.ok) throw validationError(code.message);
      const checked = await confirmByCode(db, config, registration.trim(), code.value);
      if (checked.kind === 'confirmed') {
        return sendOk(reply, 'registration.confirmed', { clubname: checked.clubname });
      }
      return reply.code(422).send({
        success: false,
        status: false,
        ...messageFields('registration.codeWrong'),
        data: { tries_left: checked.triesLeft },
      });
    },
  );

  /**
   * POST /resend-registration-code.php {registration} (addition, decision 0034): a new code by
   * SMS, a minute after the last at the earliest, within the hourly SMS limits of the number
   * and the address; the previous code stops working.
   */
  app.post(
    '/resend-registration-code.php',
    loginLimit,
    async function resendRegistrationCode(request, reply) {
      const { fields } = await readInput(request);
      const registration =
        typeof fields.registration === 'string' ? fields.registration.trim() : '';
      const sent = await renewRegistrationCode(db, registration, (tx, mobile) =>
        takeSmsAllowance(
          tx,
          'code',
          { mobile, address: addressKey(request.ip) },
          config.smsHourlyLimits,
        ),
      );
      sendRegistrationCode(request, sent);
      return sendOk(reply, 'registration.codeResent', codeAnswer(registration, sent));
    },
  );

  /**
   * POST /confirm-registration.php {token} (addition): the link mailed on registration creates
   * the club's account. 404 `registration.confirmInvalid`, 410 `registration.confirmExpired`,
   * 409 when the club or the address was registered meanwhile; a second confirmation of the same
   * link answers success again. Answers the club's name.
   */
  app.post(
    '/confirm-registration.php',
    loginLimit,
    async function confirmRegistration(request, reply) {
      const { fields } = await readInput(request);
      const token = typeof fields.token === 'string' ? fields.token.trim() : '';
      const confirmed = await confirmByLink(db, token);
      return sendOk(reply, 'registration.confirmed', { clubname: confirmed.clubname });
    },
  );
}

/** A forgotten password (a temporary one by mail or SMS) and changing one's password. */
function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const { loginLimit } = limitsOf(config);

  /**
   * POST /forget-password.php {email}: a temporary password for a club account (see
   * issueTemporaryPassword), by e-mail. Issue 23: the field may hold the account's mobile
   * number instead (domain resetLoginOf); the password then goes by SMS to a verified number,
   * by e-mail otherwise, and the answer says only that (the same for any number). A number
   * or address asking too often this hour (SMS_PER_NUMBER_HOURLY, SMS_PER_ADDRESS_HOURLY) gets
   * nothing more, with the same answer. Staff passwords are
   * reset by an admin or the create-admin CLI: a staff address is answered like an unknown one.
   */
  app.post('/forget-password.php', loginLimit, async function requestPasswordReset(request, reply) {
    const input = validateForgotPassword((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    // In the language the request was made in (the apps send the chosen one).
    const locale = localeOfRequest(request) ?? DEFAULT_LOCALE;
    const login = resetLoginOf(input.value.email);
    if (login.kind === 'email') {
      const issued = await issueTemporaryPassword(db, login.email);
      if (issued) sendTemporaryPassword(request, { ...issued, smsTo: null }, locale);
      return sendOk(reply, 'forgotPassword.success');
    }
    const allowed = await takeSmsAllowance(
      db,
      'reset',
      { mobile: login.mobile, address: addressKey(request.ip) },
      config.smsHourlyLimits,
    );
    const issued = allowed ? await issueTemporaryPasswordsByMobile(db, login.mobile) : [];
    for (const one of issued) sendTemporaryPassword(request, one, locale);
    return sendOk(reply, 'forgotPassword.sentByPhone');
  });

  /**
   * Sends a temporary password by SMS or e-mail after the answer: a round trip to the relay or
   * the gateway must not tell a known account from an unknown one by the answer's timing. Not
   * through the outbox: a password is never stored in clear.
   */
  function sendTemporaryPassword(
    request: FastifyRequest,
    issued: { email: string; password: string; smsTo: string | null },
    locale: Locale,
  ): void {
    const sent = issued.smsTo
      ? ctx.sms.send({
          to: issued.smsTo,
          ...renderSms(
            'temporaryPassword',
            { password: issued.password, municipality: ctx.config.municipality.name },
            locale,
          ),
        })
      : ctx.mailer.send({
          to: issued.email,
          subject: formatMessage('forgotPassword.mailSubject', {}, locale),
          text: signMail(
            formatMessage('forgotPassword.mailBody', { password: issued.password }, locale),
            ctx.config.municipality,
            locale,
          ),
        });
    sent.catch((error: unknown) =>
      request.log.error({ err: error }, 'password reset message failed'),
    );
  }

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
    // Guesses of the current password count against the account as failed logins do.
    await countedPasswordCheck(request, caller.email, 'changePassword.currentWrong', () =>
      changeOwnPassword(db, caller, input.value),
    );
    return sendOk(reply, 'changePassword.success');
  });
}
