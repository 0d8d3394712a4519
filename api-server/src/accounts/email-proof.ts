/**
 * An account registered by SMS proves its e-mail address by a mailed link (issue 26, L4): the
 * code sent to the phone proved the phone only, and anyone may type anyone's address. Until the
 * link is opened the account's `email_verified_at` is null and the outbox holds every other mail
 * to the address (migration 0016's trigger; messages/outbox.ts claims held rows once an account with the
 * address has proved it): they go after the proof, in their order. The link's token (256 bits)
 * is stored as SHA-256, works `registrationConfirmHours`, once; a new one may be asked a minute
 * after the last (the previous one then stops working). Every other account counts as proved.
 */
import { randomBytes } from 'node:crypto';
import { resendWaitSeconds } from '@puja/domain';
import { eq, sql } from 'drizzle-orm';
import {
  lockClubAccount,
  mailAccountLink,
  NO_EMAIL_PROOF_LINK,
  openAccountLink,
} from './account-change-store';
import { recordAudit, recordUserChange } from '../applications/audit';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { hashToken, type Caller } from './auth';
import type { RegistrationSettings } from './registration-store';
import { Refused } from '../refused';

/** The account whose address a link proves, as the link's mail needs it. */
interface Unproved {
  id: number;
  email: string;
  locale: string;
  clubname: string;
}

/**
 * Writes a new proving link for an account's address, inside the caller's transaction: the
 * token replaces any earlier one, and its mail (the only one the address gets until proved)
 * goes through the outbox in the account's language.
 */
export async function mailEmailProof(
  tx: Tx,
  settings: Pick<RegistrationSettings, 'portalUrl' | 'registrationConfirmHours'>,
  account: Unproved,
  auditId: number,
): Promise<{ email: string; hours: number }> {
  const token = randomBytes(32).toString('base64url');
  const hours = settings.registrationConfirmHours;
  await tx
    .update(users)
    .set({
      emailVerifyTokenHash: hashToken(token),
      emailVerifyExpiresAt: sql`now() + ${hours} * interval '1 hour'`,
      emailVerifySentAt: sql`now()`,
    })
    .where(eq(users.id, account.id));
  await mailAccountLink(tx, settings, 'emailProof', { to: account.email, account, token, auditId });
  return { email: account.email, hours };
}

/**
 * The caller's club asks for its address's link again: 409 `account.verifyEmail.already` once
 * proved, 429 `account.verifyEmail.wait` (with Retry-After) within a minute of the last link.
 * Answers the address and how many hours the new link works.
 */
export async function resendEmailProof(
  db: Db,
  settings: Pick<RegistrationSettings, 'portalUrl' | 'registrationConfirmHours'>,
  caller: Caller,
): Promise<{ email: string; hours: number }> {
  return db.transaction(async (tx) => {
    const user = await lockClubAccount(tx, caller);
    if (user.emailVerifiedAt) throw new Refused('account.verifyEmail.already', 'conflict');
    const wait = resendWaitSeconds(user.emailVerifySentAt?.getTime() ?? 0, Date.now());
    if (wait > 0) {
      throw new Refused('account.verifyEmail.wait', 'tooMany', wait);
    }
    const auditId = await recordAudit(tx, caller, {
      action: 'email_verify_request',
      entity: 'user',
      entityId: user.id,
      item: 'email',
      to: user.email,
    });
    return mailEmailProof(tx, settings, user, auditId);
  });
}

/**
 * The link mailed to an account's unproved address proves it: the mails held for it go from
 * now on. 404 `account.verifyEmail.invalid` for an unknown or used link (or one replaced by a
 * newer), 410 `account.verifyEmail.expired` past its time. Answers the club's name and address.
 */
export async function confirmEmailProof(
  db: Db,
  token: string,
): Promise<{ clubname: string; email: string }> {
  return openAccountLink(db, 'emailProof', token, async (tx, user) => {
    const expiresAt = user?.emailVerifyExpiresAt;
    if (!user || !expiresAt) throw new Refused('account.verifyEmail.invalid', 'notFound');
    if (expiresAt.getTime() <= Date.now()) {
      throw new Refused('account.verifyEmail.expired', 'expired');
    }
    await recordUserChange(
      tx,
      null,
      user.id,
      { emailVerifiedAt: sql`now()`, ...NO_EMAIL_PROOF_LINK },
      { action: 'email_verify', item: 'email', to: user.email },
    );
    return { clubname: user.clubname, email: user.email };
  });
}
