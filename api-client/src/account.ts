import { z } from 'zod';
import { request, requestData, requestOutcome, type Outcome } from './http';
import { smsCodeFields, smsCodeOf, type SmsCode } from './sms-code';

/**
 * A club account changing hands (issue 27, docs/decisions/0036): one function per server call.
 * Refusals of our server name their key; the account catalogue's keys (`account.…`, domain
 * `accountText`) ride in `ApiError.code`, the main catalogue's in `ApiError.messageKey`.
 */

/** The caller's club account as its Account page shows it. */
export interface ClubAccount {
  email: string;
  phone: string;
  phoneVerified: boolean;
  /**
   * Whether the address is proved (issue 26, L4): false for an account registered by SMS until
   * the link mailed to it is opened. A host that does not say counts as proved.
   */
  emailVerified: boolean;
  /** A new address waiting for its link to be opened; null when none. */
  pendingEmail: string | null;
  /** Whether a new phone is confirmed by a code sent to it by SMS (else it changes at once). */
  phoneBySms: boolean;
}

const accountSchema = z.object({
  email: z.string(),
  phone: z.string(),
  phone_verified: z.boolean(),
  email_verified: z.boolean().optional(),
  pending_email: z.string().nullable(),
  phone_by_sms: z.boolean(),
});

/** GET /club-account.php (addition): the logged-in club's account. */
export async function readClubAccount(): Promise<ClubAccount> {
  const data = await requestData(
    {
      method: 'get',
      path: 'club-account.php',
      fallback: 'server.error',
    },
    accountSchema,
  );
  return {
    email: data.email,
    phone: data.phone,
    phoneVerified: data.phone_verified,
    emailVerified: data.email_verified ?? true,
    pendingEmail: data.pending_email,
    phoneBySms: data.phone_by_sms,
  };
}

/**
 * POST /change-email.php {new_email, current_password} (addition): a link goes to the new
 * address; the old one stays until it is opened. Refusals: `changePassword.currentWrong` (422),
 * `account.email.same` (422), `users.emailTaken` (409), validation keys (400).
 */
export async function changeEmail(input: {
  new_email: string;
  current_password: string;
}): Promise<Outcome> {
  return requestOutcome(
    {
      method: 'post',
      path: 'change-email.php',
      body: { new_email: input.new_email, current_password: input.current_password },
      fallback: 'server.error',
      noRetry: true,
    },
    'server.error',
  );
}

const emailChangedSchema = z.object({ clubname: z.string(), email: z.string() });

/**
 * POST /confirm-email-change.php {token} (addition, public): the link mailed to the new address
 * makes it the account's; resolves to the club's name and the address. Refusals:
 * `account.confirmEmail.invalid` (404), `account.confirmEmail.expired` (410),
 * `users.emailTaken` (409).
 */
export async function confirmEmailChange(input: {
  token: string;
}): Promise<{ clubname: string; email: string }> {
  return await requestData(
    {
      method: 'post',
      path: 'confirm-email-change.php',
      body: { token: input.token },
      fallback: 'server.error',
      noRetry: true,
    },
    emailChangedSchema,
  );
}

/**
 * POST /confirm-email.php {token} (addition, public; issue 26, L4): the link mailed to the
 * address of an account registered by SMS proves it; resolves to the club's name and the
 * address. Refusals: `account.verifyEmail.invalid` (404: unknown or used),
 * `account.verifyEmail.expired` (410).
 */
export async function confirmEmail(input: {
  token: string;
}): Promise<{ clubname: string; email: string }> {
  return await requestData(
    {
      method: 'post',
      path: 'confirm-email.php',
      body: { token: input.token },
      fallback: 'server.error',
      noRetry: true,
    },
    emailChangedSchema,
  );
}

const linkResentSchema = z.object({ email: z.string(), hours: z.number().int().positive() });

/**
 * POST /resend-email-confirmation.php (addition; issue 26, L4): the logged-in club's unproved
 * address gets its link again (the previous one stops working); resolves to the address and
 * the hours the link works. Refusals: `account.verifyEmail.already` (409),
 * `account.verifyEmail.wait` (429, a minute after the last link at the earliest).
 */
export async function resendEmailConfirmation(): Promise<{ email: string; hours: number }> {
  return await requestData(
    {
      method: 'post',
      path: 'resend-email-confirmation.php',
      body: {},
      fallback: 'server.error',
      noRetry: true,
    },
    linkResentSchema,
  );
}

/** A new phone waiting for the code sent to it: the number as shown, and the rules' figures. */
export type PhoneCodeRequest = SmsCode;

const phoneAnswerSchema = z.union([
  z.object({ confirm_by: z.literal('none') }),
  z.object(smsCodeFields),
]);

/**
 * POST /change-phone.php {new_phone, current_password} (addition): without SMS the number
 * changes at once (`{ changed: true }`); by SMS a code goes to it (`{ code }`, decision 0034).
 * Refusals: `changePassword.currentWrong`, `account.phone.same` (422),
 * `validation.mobileInvalid` (400), `registration.codeResendWait`, `registration.codeRateLimited` (429).
 */
export async function changePhone(input: {
  new_phone: string;
  current_password: string;
}): Promise<{ changed: true } | { changed: false; code: PhoneCodeRequest }> {
  const data = await requestData(
    {
      method: 'post',
      path: 'change-phone.php',
      body: { new_phone: input.new_phone, current_password: input.current_password },
      fallback: 'server.error',
      noRetry: true,
    },
    phoneAnswerSchema,
  );
  if (data.confirm_by === 'none') return { changed: true };
  return { changed: false, code: smsCodeOf(data) };
}

/**
 * POST /confirm-phone-change.php {code} (addition): the code sent to the new number makes it the
 * account's. Refusals: `registration.codeWrong` (422, one try fewer), `registration.codeExpired`
 * (410), `registration.codeTooManyTries` (429), `account.phone.noChange` (404),
 * `registration.codeFormat` (400).
 */
export async function confirmPhoneChange(input: { code: string }): Promise<void> {
  await request({
    method: 'post',
    path: 'confirm-phone-change.php',
    body: { code: input.code },
    fallback: 'server.error',
    noRetry: true,
  });
}

/**
 * POST /hand-over-club.php {id, email, reason} (addition, admin): the club's account goes to a
 * new e-mail address. Refusals: `account.handOverNoAccount`, `account.email.same` (422),
 * `users.emailTaken` (409), `clubs.notFound` (404), validation keys (400).
 */
export async function handOverClub(input: {
  id: number;
  email: string;
  reason: string;
}): Promise<Outcome> {
  return requestOutcome(
    {
      method: 'post',
      path: 'hand-over-club.php',
      body: { id: input.id, email: input.email, reason: input.reason },
      fallback: 'server.error',
      noRetry: true,
    },
    'server.error',
  );
}

const noticeSchema = z.object({
  version: z.string(),
  retention_seasons: z.number().int().positive(),
});

/**
 * GET /privacy-notice.php (addition, public): the privacy notice's version and how many seasons
 * uploaded documents are kept. Null from a host without it (the page then leaves the figure out).
 */
export async function readPrivacyNotice(): Promise<{
  version: string;
  retentionSeasons: number;
} | null> {
  try {
    const data = await requestData(
      {
        method: 'get',
        path: 'privacy-notice.php',
        fallback: 'server.error',
      },
      noticeSchema,
    );
    return { version: data.version, retentionSeasons: data.retention_seasons };
  } catch {
    return null;
  }
}
