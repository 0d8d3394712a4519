import type { Club, ClubStatus, RegistrationPayload } from '@puja/domain';
import { z } from 'zod';
import { ApiError } from './errors';
import {
  failure,
  outcomeFromKey,
  outcomeOf,
  readData,
  request,
  getData,
  postOutcome,
  deleteById,
  type Fields,
  type Outcome,
} from './http';
import { clubListSchema, type Envelope } from './schemas';
import { smsCodeFields, smsCodeOf, type SmsCode } from './sms-code';

/**
 * POST /add-club-registration.php — registers a club account; resolves to the server's message
 * or "Registration successful! Please login."; a refusal carries the server's key (for instance
 * `registration.alreadyRegistered`); from a host without keys, HTTP 409 reads "This club is
 * already registered." (SPEC §8). Our server answers `registration.checkEmail`: the account
 * exists only once the link it mailed is opened (`confirmRegistration`, decision 0028); a PHP
 * host's registration is done at once.
 */
export async function registerClub(
  payload: RegistrationPayload,
  /** Issue 27: the version of the privacy notice the page showed, recorded with the account. */
  shown: { privacyNotice?: string } = {},
): Promise<Outcome & { code?: CodeRequest }> {
  const envelope = await request({
    method: 'post',
    path: 'add-club-registration.php',
    body: { ...payload, ...(shown.privacyNotice ? { privacy_notice: shown.privacyNotice } : {}) },
    fallback: 'registration.unknownError',
    statusKeys: { 409: 'registration.alreadyRegistered' },
  });
  const code = codeRequestOf(envelope.data);
  return { ...outcomeOf(envelope, 'registration.success'), ...(code ? { code } : {}) };
}

/**
 * A registration waiting for the code sent by SMS to the club's phone (our server with SMS,
 * decision 0034): the handle the code is given with, the phone as shown to the club, and the
 * rules' figures (seconds, tries).
 */
export interface CodeRequest extends SmsCode {
  registration: string;
}

const codeRequestSchema = z.object({ ...smsCodeFields, registration: z.string().min(1) });

/**
 * A call of a registration by SMS code (decision 0034): never repeated on a failure (a code
 * counts its tries); a failure without a key of ours reads "registration.unknownError".
 */
function sendRegistrationCodeCall(path: string, body: Fields): Promise<Envelope> {
  return request({
    method: 'post',
    path,
    body,
    fallback: 'registration.unknownError',
    noRetry: true,
  });
}

function codeRequestOf(data: unknown): CodeRequest | null {
  const parsed = codeRequestSchema.safeParse(data);
  if (!parsed.success) return null;
  return { registration: parsed.data.registration, ...smsCodeOf(parsed.data) };
}

/**
 * POST /confirm-registration-code.php {registration, code} (addition, decision 0034) — the code
 * sent by SMS creates the club's account: resolves to "Your registration is confirmed…" and the
 * club's name. Refusals carry their key: `registration.codeWrong` (422, one try fewer),
 * `registration.codeExpired` (410), `registration.codeTooManyTries` (429),
 * `registration.codeUnknown` (404), `registration.codeFormat` (400), or a 409.
 */
export async function confirmRegistrationCode(input: {
  registration: string;
  code: string;
}): Promise<Outcome & { clubname: string }> {
  const envelope = await sendRegistrationCodeCall('confirm-registration-code.php', {
    registration: input.registration,
    code: input.code,
  });
  const data = readData(envelope, confirmedSchema, 'registration.unknownError');
  return { ...outcomeOf(envelope, 'registration.confirmed'), clubname: data.clubname };
}

/**
 * POST /resend-registration-code.php {registration} (addition, decision 0034) — a new code by
 * SMS (the last one stops working). Refusals: `registration.codeResendWait` and
 * `registration.codeRateLimited` (429), `registration.codeUnknown` (404).
 */
export async function resendRegistrationCode(input: {
  registration: string;
}): Promise<Outcome & { code: CodeRequest }> {
  const envelope = await sendRegistrationCodeCall('resend-registration-code.php', {
    registration: input.registration,
  });
  const code = codeRequestOf(envelope.data);
  if (!code) throw failure('malformed', 'registration.unknownError');
  return { ...outcomeOf(envelope, 'registration.codeResent'), code };
}

/** Whether a registration's answer asks to confirm by the mailed link (our server) or is done. */
export function registrationAwaitsConfirmation(outcome: Outcome): boolean {
  return outcome.messageKey === 'registration.checkEmail';
}

const confirmedSchema = z.object({ clubname: z.string() });

/**
 * POST /confirm-registration.php {token} (addition) — the link mailed on registration creates
 * the club's account: resolves to "Your registration is confirmed…" and the club's name.
 * Refusals carry their key: `registration.confirmInvalid` (404), `registration.confirmExpired`
 * (410), `registration.alreadyRegistered` or `users.emailTaken` (409).
 */
export async function confirmRegistration(input: {
  token: string;
}): Promise<Outcome & { clubname: string }> {
  const envelope = await request({
    method: 'post',
    path: 'confirm-registration.php',
    body: { token: input.token },
    fallback: 'registration.confirmInvalid',
    statusKeys: { 404: 'registration.confirmInvalid', 410: 'registration.confirmExpired' },
    noRetry: true,
  });
  const data = readData(envelope, confirmedSchema, 'registration.confirmInvalid');
  return { ...outcomeOf(envelope, 'registration.confirmed'), clubname: data.clubname };
}

/**
 * GET /list-club.php — every club, active or not. SPEC §7: a failed list reads as an empty list;
 * the failure ("Could not fetch clubs.") goes to `onError`, or to the console when none is given.
 */
export async function listClubs(
  options: { onError?: (error: ApiError) => void } = {},
): Promise<Club[]> {
  try {
    return await getData('list-club.php', clubListSchema, { fallback: 'clubs.fetchFailed' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (options.onError) options.onError(error);
    else console.warn(`listClubs: ${error.message}`, error);
    return [];
  }
}

/** POST /add-club.php — adds a club; resolves to the success message. */
export async function addClub(input: { clubname: string }): Promise<Outcome> {
  return postOutcome(
    'add-club.php',
    { clubname: input.clubname },
    { fallback: 'clubs.addFailed', success: 'clubs.addSuccess' },
  );
}

/** POST /update-club.php — renames a club; resolves to the success message. */
export async function updateClub(input: { id: number; clubname: string }): Promise<Outcome> {
  return postOutcome(
    'update-club.php',
    { id: input.id, clubname: input.clubname },
    { fallback: 'clubs.updateFailed', success: 'clubs.updateSuccess' },
  );
}

/**
 * POST /club-update-status.php — sets a club Active (A) or Inactive (I); resolves to
 * "Club status updated to Active" or "... Inactive" (SPEC §8).
 */
export async function setClubStatus(input: { id: number; status: ClubStatus }): Promise<Outcome> {
  await request({
    method: 'post',
    path: 'club-update-status.php',
    body: { id: input.id, status: input.status },
    fallback: 'clubs.statusFailed',
  });
  return outcomeFromKey(input.status === 'A' ? 'clubs.statusActive' : 'clubs.statusInactive');
}

/** POST /delete-club.php?id= — deletes a club; resolves to the success message. */
export async function deleteClub(input: { id: number }): Promise<Outcome> {
  return deleteById('post', 'delete-club.php', input.id, {
    fallback: 'clubs.deleteFailed',
    success: 'clubs.deleteSuccess',
  });
}

/**
 * POST /release-club.php {id, reason} (addition, admin) — releases a club's registration at any
 * stage until its NOC is issued: its account and application are withdrawn (kept read-only with
 * who released them and why), the account holder is mailed and the club may register again
 * (decision 0028). Refused once the NOC is issued (`clubs.releaseIssued`), without a reason
 * (`clubs.releaseReasonRequired`) or when nobody registered the club (`clubs.notRegistered`);
 * fallback "Failed to release the registration."
 */
export async function releaseClub(input: { id: number; reason: string }): Promise<Outcome> {
  return postOutcome(
    'release-club.php',
    { id: input.id, reason: input.reason },
    { fallback: 'clubs.releaseFailed', success: 'clubs.releaseSuccess' },
  );
}
