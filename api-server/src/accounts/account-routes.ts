import {
  maskMobile,
  PRIVACY_NOTICE_VERSION,
  REGISTRATION_CODE,
  renderSms,
  validateEmailChange,
  validateHandOver,
  validatePhoneChange,
  validateRegistrationCode,
} from '@puja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  confirmEmailChange,
  confirmPhoneChange,
  handOverClubAccount,
  requestEmailChange,
  requestPhoneChange,
} from './account-change-store';
import { requireAction, requireCurrentPassword, type Caller } from './auth';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { confirmEmailProof, resendEmailProof } from './email-proof';
import { ApiError } from '../http/errors';
import { messageFields, readInput, requireId, sendOk, validationError } from '../http/http';
import { countedPasswordCheck } from './login-throttle';
import { takeSmsAllowance } from '../messages/sms-throttle';

/**
 * A club account changing hands (issue 27, docs/decisions/0036): the club's own e-mail and
 * phone changes (its password: change-password.php), and an admin's hand-over. Every call is
 * limited as the password calls are (`LOGIN_RATE_LIMIT` a minute per address), and the current
 * password each club change asks for counts as a login (login-throttle).
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAccountReadRoutes(app, ctx);
  registerEmailRoutes(app, ctx);
  registerPhoneRoutes(app, ctx);
  registerHandOverRoutes(app, ctx);
}

/** The account calls' rate limit: `LOGIN_RATE_LIMIT` a minute per address. */
function limitOf(config: AppContext['config']) {
  return { config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } } };
}

/** The club caller, its current password checked and counted (422 when wrong). */
async function clubWithPassword(
  db: AppContext['db'],
  request: FastifyRequest,
  password: string,
): Promise<Caller> {
  const caller = await requireAction(db, request, 'useClubArea');
  await countedPasswordCheck(request, caller.email, 'changePassword.currentWrong', () =>
    requireCurrentPassword(db, caller.userId, password),
  );
  return caller;
}

/** What the Account page and the privacy notice read. */
function registerAccountReadRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  /**
   * GET /club-account.php (addition): the caller's club account as its Account page shows it:
   * e-mail, phone, whether the phone is verified, whether the address is proved (issue 26, L4:
   * false for an account registered by SMS until the link mailed to it is opened), a new address or number waiting for its
   * confirmation, and whether a new phone is confirmed by a code sent by SMS.
   */
  app.get('/club-account.php', async function readClubAccount(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const [account] = await db.select().from(users).where(eq(users.id, caller.userId));
    if (!account) throw new ApiError(401, 'auth.sessionExpired');
    return sendOk(reply, null, {
      email: account.email,
      phone: account.phone,
      phone_verified: account.phoneVerifiedAt !== null,
      email_verified: account.emailVerifiedAt !== null,
      pending_email:
        account.pendingEmail && (account.pendingEmailExpiresAt?.getTime() ?? 0) > Date.now()
          ? account.pendingEmail
          : null,
      phone_by_sms: config.registrationConfirmBy === 'sms',
    });
  });

  /**
   * GET /privacy-notice.php (addition, public): what the privacy notice needs from the server:
   * its version and how many seasons uploaded documents are kept (DOCUMENT_RETENTION_SEASONS).
   */
  app.get('/privacy-notice.php', async function readPrivacyNotice(_request, reply) {
    return sendOk(reply, null, {
      version: PRIVACY_NOTICE_VERSION,
      retention_seasons: config.documentRetentionSeasons,
    });
  });
}

/** The club's address: changed by a link to the new one, or proved by the link mailed to it. */
function registerEmailRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const limited = limitOf(config);

  /**
   * POST /change-email.php {new_email, current_password} (addition): a link goes to the new
   * address; the account keeps its address until it is opened (confirm-email-change.php).
   */
  app.post('/change-email.php', limited, async function changeEmail(request, reply) {
    const input = validateEmailChange((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const caller = await clubWithPassword(db, request, input.value.current_password);
    await requestEmailChange(db, config, caller, input.value);
    return sendOk(reply, 'account.email.linkSent', { pending_email: input.value.new_email });
  });

  /**
   * POST /confirm-email-change.php {token} (addition, public: the link may be opened on any
   * device): the new address becomes the account's; answers the club's name and the address.
   */
  app.post('/confirm-email-change.php', limited, async function confirmEmail(request, reply) {
    const { fields } = await readInput(request);
    const token = typeof fields.token === 'string' ? fields.token.trim() : '';
    const changed = await confirmEmailChange(db, token);
    return sendOk(reply, 'account.confirmEmail.confirmed', changed);
  });

  /**
   * POST /confirm-email.php {token} (addition, public: the link may be opened on any device;
   * issue 26, L4): the link mailed to the address of an account registered by SMS proves it,
   * and the mails held for it go. Answers the club's name and the address; 404
   * `account.verifyEmail.invalid` (unknown, used or replaced), 410 `account.verifyEmail.expired`.
   */
  app.post('/confirm-email.php', limited, async function proveEmail(request, reply) {
    const { fields } = await readInput(request);
    const token = typeof fields.token === 'string' ? fields.token.trim() : '';
    const proved = await confirmEmailProof(db, token);
    return sendOk(reply, 'account.verifyEmail.confirmed', proved);
  });

  /**
   * POST /resend-email-confirmation.php (addition, club; issue 26, L4): the caller's unproved
   * address gets a new link (the previous one stops working), a minute after the last at the
   * earliest (429 `account.verifyEmail.wait` with Retry-After), within `LOGIN_RATE_LIMIT` a
   * minute per address as the other account calls; 409 `account.verifyEmail.already` once
   * proved. Answers the address and how many hours the link works.
   */
  app.post(
    '/resend-email-confirmation.php',
    limited,
    async function resendEmailConfirmation(request, reply) {
      const caller = await requireAction(db, request, 'useClubArea');
      const sent = await resendEmailProof(db, config, caller);
      return sendOk(reply, 'account.verifyEmail.sent', sent);
    },
  );
}

/** The club's phone: changed at once, or by a code sent to the new number. */
function registerPhoneRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const limited = limitOf(config);

  /**
   * POST /change-phone.php {new_phone, current_password} (addition): without SMS the number
   * changes at once; by SMS (decision 0034) a code goes to the new number, within the hourly SMS
   * limits, and the answer says how to ask for it as registration's does.
   */
  app.post('/change-phone.php', limited, async function changePhone(request, reply) {
    const input = validatePhoneChange((await readInput(request)).fields);
    if (!input.ok) throw validationError(input.message);
    const caller = await clubWithPassword(db, request, input.value.current_password);
    const requested = await requestPhoneChange(db, config, caller, input.value, (tx, mobile) =>
      takeSmsAllowance(tx, 'code', { mobile, address: request.ip }, config.smsHourlyLimits),
    );
    if (requested.by === 'none') {
      return sendOk(reply, 'account.phone.changed', { confirm_by: 'none' });
    }
    // After the answer, never through the outbox (decision 0031: codes are not stored in clear).
    ctx.sms
      .send({
        to: requested.mobile,
        ...renderSms(
          'registrationCode',
          { code: requested.code, municipality: config.municipality.name },
          requested.locale,
        ),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'phone change code SMS failed'));
    return sendOk(reply, 'account.phone.codeSentShort', {
      confirm_by: 'sms',
      phone: maskMobile(requested.mobile),
      expires_in: REGISTRATION_CODE.ttlSeconds,
      resend_after: REGISTRATION_CODE.resendAfterSeconds,
      tries: REGISTRATION_CODE.maxTries,
    });
  });

  /**
   * POST /confirm-phone-change.php {code} (addition): the code sent to the new number makes it
   * the account's, verified. A wrong code: 422 `registration.codeWrong` with `data.tries_left`.
   */
  app.post('/confirm-phone-change.php', limited, async function confirmPhone(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const code = validateRegistrationCode((await readInput(request)).fields.code);
    if (!code.ok) throw validationError(code.message);
    const checked = await confirmPhoneChange(db, caller, code.value);
    if (checked.kind === 'changed') return sendOk(reply, 'account.phone.changed');
    return reply.code(422).send({
      success: false,
      status: false,
      ...messageFields('registration.codeWrong'),
      data: { tries_left: checked.triesLeft },
    });
  });
}

/** An admin hands a club's account to a new address. */
function registerHandOverRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  /**
   * POST /hand-over-club.php {id, email, reason} (addition, admin): the club's account goes to
   * a new e-mail address; both addresses are mailed (see handOverClubAccount).
   */
  app.post('/hand-over-club.php', limitOf(config), async function handOverClub(request, reply) {
    const caller = await requireAction(db, request, 'handOverClub');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const input = validateHandOver(fields);
    if (!input.ok) throw validationError(input.message);
    await handOverClubAccount(db, config, caller, id, input.value);
    return sendOk(reply, 'account.handOverSuccess');
  });
}
