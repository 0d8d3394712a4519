import { z } from 'zod';
import {
  getData,
  request,
  requestData,
  requestOutcome,
  type Call,
  type Fields,
  type Outcome,
} from './http';
import { smsCodeFields, smsCodeOf, type SmsCode } from './sms-code';

/**
 * A club account changing hands (issue 27, docs/decisions/0036): one function per server call.
 * Refusals of our server name their key; the account catalogue's keys (`account.…`, domain
 * `accountText`) ride in `ApiError.code`, the main catalogue's in `ApiError.messageKey`.
 */

/**
 * A POST of this module: it changes an account, so it is never repeated on a failure; a
 * refusal that names no key of ours reads "server.error".
 */
function accountChange(path: string, body: Fields): Call {
  return { method: 'post', path, body, fallback: 'server.error', noRetry: true };
}

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
  const data = await getData('club-account.php', accountSchema, { fallback: 'server.error' });
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
    accountChange('change-email.php', {
      new_email: input.new_email,
      current_password: input.current_password,
    }),
    'server.error',
  );
}

/** The club's name and the address a mailed link was opened at. */
interface LinkOpened {
  clubname: string;
  email: string;
}

const linkOpenedSchema = z.object({ clubname: z.string(), email: z.string() });

/** Opens a link mailed to an account's address: its token to the call `path`. */
function openMailedLink(
  path: 'confirm-email-change.php' | 'confirm-email.php',
  token: string,
): Promise<LinkOpened> {
  return requestData(accountChange(path, { token }), linkOpenedSchema);
}

/**
 * POST /confirm-email-change.php {token} (addition, public): the link mailed to the new address
 * makes it the account's; resolves to the club's name and the address. Refusals:
 * `account.confirmEmail.invalid` (404), `account.confirmEmail.expired` (410),
 * `users.emailTaken` (409).
 */
export async function confirmEmailChange(input: { token: string }): Promise<LinkOpened> {
  return await openMailedLink('confirm-email-change.php', input.token);
}

/**
 * POST /confirm-email.php {token} (addition, public; issue 26, L4): the link mailed to the
 * address of an account registered by SMS proves it; resolves to the club's name and the
 * address. Refusals: `account.verifyEmail.invalid` (404: unknown or used),
 * `account.verifyEmail.expired` (410).
 */
export async function confirmEmail(input: { token: string }): Promise<LinkOpened> {
  return await openMailedLink('confirm-email.php', input.token);
}

const linkResentSchema = z.object({ email: z.string(), hours: z.number().int().positive() });

/**
 * POST /resend-email-confirmation.php (addition; issue 26, L4): the logged-in club's unproved
 * address gets its link again (the previous one stops working); resolves to the address and
 * the hours the link works. Refusals: `account.verifyEmail.already` (409),
 * `account.verifyEmail.wait` (429, a minute after the last link at the earliest).
 */
export async function resendEmailConfirmation(): Promise<{ email: string; hours: number }> {
  return await requestData(accountChange('resend-email-confirmation.php', {}), linkResentSchema);
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
    accountChange('change-phone.php', {
      new_phone: input.new_phone,
      current_password: input.current_password,
    }),
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
  await request(accountChange('confirm-phone-change.php', { code: input.code }));
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
    accountChange('hand-over-club.php', { id: input.id, email: input.email, reason: input.reason }),
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
    const data = await getData('privacy-notice.php', noticeSchema, { fallback: 'server.error' });
    return { version: data.version, retentionSeasons: data.retention_seasons };
  } catch {
    return null;
  }
}
