/**
 * A club account changing hands (issue 27, docs/decisions/0036). The club itself changes its
 * e-mail address (the new one confirmed by a link mailed to it; until then the old one stays),
 * its phone (confirmed by a code sent by SMS where registrations are confirmed by SMS, with the
 * rules of decision 0034) and its password (change-password.php); an admin hands the account
 * to a new e-mail address. Every change is recorded; the mails go through the outbox.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  emailChangeLink,
  emailVerifyLink,
  formatRegistrationCode,
  isLocale,
  normaliseIndianMobile,
  resendWaitSeconds,
  type EmailChange,
  type HandOver,
  type Locale,
  type PhoneChange,
} from '@puja/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { recordAudit, recordUserChange, type Actor } from '../applications/audit';
import {
  emailIs,
  endOtherSessions,
  generateTemporaryPassword,
  hashPassword,
  hashToken,
  type Caller,
} from './auth';
import { bumpDataVersion, type Db, type Tx } from '../db/client';
import { changeAccounts, checkSmsCode, openLink } from './account-guards';
import { clubs, users } from '../db/schema';
import { Refused } from '../refused';
import { enqueueAccountMail, forgetHeldMails } from '../messages/outbox';
import type { RegistrationSettings } from './registration-store';

type UserRow = typeof users.$inferSelect;

/** A club account that `where` names and its club's name, locked for a change; null: none. */
export async function lockClubAccountWhere(
  tx: Tx,
  where: SQL | undefined,
): Promise<(UserRow & { clubname: string }) | null> {
  const [row] = await tx
    .select({ user: users, clubname: clubs.clubname })
    .from(users)
    .innerJoin(clubs, eq(clubs.id, users.clubId))
    .where(where)
    .for('update', { of: users });
  return row ? { ...row.user, clubname: row.clubname } : null;
}

/**
 * The links mailed to an account's address: the column its token's hash is kept in, the refusal
 * of a token no account holds (404), the mail that carries it and the link's address.
 */
const ACCOUNT_LINKS = {
  emailChange: {
    tokenHash: users.pendingEmailTokenHash,
    unknown: 'account.confirmEmail.invalid',
    kind: 'emailChangeConfirm',
    linkOf: emailChangeLink,
  },
  emailProof: {
    tokenHash: users.emailVerifyTokenHash,
    unknown: 'account.verifyEmail.invalid',
    kind: 'emailVerify',
    linkOf: emailVerifyLink,
  },
} as const;

/** Which of the links mailed to an account's address. */
export type AccountLink = keyof typeof ACCOUNT_LINKS;

/**
 * Mails an account link (its token made and stored by the caller) to `to`, in the account's
 * language: the club, the link, and the hours it works.
 */
export async function mailAccountLink(
  tx: Tx,
  settings: Pick<RegistrationSettings, 'portalUrl' | 'registrationConfirmHours'>,
  link: AccountLink,
  mail: {
    to: string;
    account: { locale: string; clubname: string };
    token: string;
    auditId: number;
  },
): Promise<void> {
  const { kind, linkOf } = ACCOUNT_LINKS[link];
  await enqueueAccountMail(tx, {
    kind,
    to: mail.to,
    locale: mail.account.locale,
    params: {
      club: mail.account.clubname,
      link: linkOf(settings.portalUrl, mail.token),
      hours: settings.registrationConfirmHours,
    },
    auditId: mail.auditId,
  });
}

/**
 * Opens a link mailed to an account's address (`openLink`): `work` gets the club account that
 * holds the token, locked (null when none does).
 */
export function openAccountLink<T>(
  db: Db,
  link: AccountLink,
  token: string,
  work: (tx: Tx, account: (UserRow & { clubname: string }) | null) => Promise<T>,
): Promise<T> {
  const { tokenHash, unknown } = ACCOUNT_LINKS[link];
  return openLink(db, token, unknown, async (tx) =>
    work(tx, await lockClubAccountWhere(tx, eq(tokenHash, hashToken(token)))),
  );
}

/** The caller's club account and its club's name, locked for the change; 403 for staff. */
export async function lockClubAccount(
  tx: Tx,
  caller: Caller,
): Promise<UserRow & { clubname: string }> {
  const where = and(eq(users.id, caller.userId), eq(users.role, 'club'));
  const account = await lockClubAccountWhere(tx, where);
  if (!account) throw new Refused('auth.forbidden', 'forbidden');
  return account;
}

/** 409 when another account (a club's or staff) has this address. */
async function refuseTakenAddress(tx: Tx, email: string, ownId: number): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(emailIs(email), ne(users.id, ownId)));
  if (other) throw new Refused('users.emailTaken', 'conflict');
}

/** An account's new address: refused when it is the account's own already, or another's. */
async function refuseNewAddress(
  tx: Tx,
  account: { id: number; email: string },
  email: string,
): Promise<void> {
  if (account.email.toLowerCase() === email.toLowerCase()) {
    throw new Refused('account.email.same', 'rule');
  }
  await refuseTakenAddress(tx, email, account.id);
}

/** An account with no link proving its address waiting (proved, or its address replaced). */
export const NO_EMAIL_PROOF_LINK = {
  emailVerifyTokenHash: null,
  emailVerifyExpiresAt: null,
  emailVerifySentAt: null,
};

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** Records a step of an account's e-mail change (asked, then done): from its address to `to`. */
function recordEmailChange(
  tx: Tx,
  who: Actor,
  action: 'email_change_request' | 'email_change',
  account: { id: number; email: string },
  to: string,
): Promise<number> {
  return recordAudit(tx, who, {
    action,
    entity: 'user',
    entityId: account.id,
    item: 'email',
    from: account.email,
    to,
  });
}

/**
 * The caller's club asks to use a new e-mail address (its current password checked by the
 * caller): 422 `account.email.same` for its own address, 409 `users.emailTaken` for another
 * account's. The link goes to the new address, in the account's language, valid
 * `registrationConfirmHours`; a new request replaces the previous one. Answers nothing: the
 * account keeps its address until the link is opened.
 */
export async function requestEmailChange(
  db: Db,
  settings: RegistrationSettings,
  caller: Caller,
  change: Pick<EmailChange, 'new_email'>,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const hours = settings.registrationConfirmHours;
  await db.transaction(async (tx) => {
    const account = await lockClubAccount(tx, caller);
    await refuseNewAddress(tx, account, change.new_email);
    await tx
      .update(users)
      .set({
        pendingEmail: change.new_email,
        pendingEmailTokenHash: hashToken(token),
        pendingEmailExpiresAt: sql`now() + ${hours} * interval '1 hour'`,
      })
      .where(eq(users.id, account.id));
    const auditId = await recordEmailChange(
      tx,
      caller,
      'email_change_request',
      account,
      change.new_email,
    );
    await mailAccountLink(tx, settings, 'emailChange', {
      to: change.new_email,
      account,
      token,
      auditId,
    });
  });
}

/**
 * The link mailed to a new address makes it the account's: the old address is told, in the
 * account's language. 404 `account.confirmEmail.invalid` for an unknown (or used) link, 410
 * `account.confirmEmail.expired` past its time, 409 `users.emailTaken` when another account
 * took the address meanwhile. Answers the club's name and the new address.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
): Promise<{ clubname: string; email: string }> {
  return openAccountLink(db, 'emailChange', token, async (tx, account) => {
    if (!account?.pendingEmail || !account.pendingEmailExpiresAt) {
      throw new Refused('account.confirmEmail.invalid', 'notFound');
    }
    if (account.pendingEmailExpiresAt.getTime() <= Date.now()) {
      throw new Refused('account.confirmEmail.expired', 'expired');
    }
    const email = account.pendingEmail;
    await refuseTakenAddress(tx, email, account.id);
    // The link opened at the new address proves it (issue 26, L4).
    await tx
      .update(users)
      .set({
        email,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiresAt: null,
        emailVerifiedAt: sql`now()`,
        ...NO_EMAIL_PROOF_LINK,
      })
      .where(eq(users.id, account.id));
    const auditId = await recordEmailChange(tx, null, 'email_change', account, email);
    await tellOldAddress(tx, account, {
      kind: 'emailChanged',
      to: account.email,
      locale: account.locale,
      params: { club: account.clubname, email },
      auditId,
    });
    await bumpDataVersion(tx);
    return { clubname: account.clubname, email };
  });
}

/**
 * Mails an account's address it is leaving (why it no longer logs in), inside the change's
 * transaction. An address the account never proved (issue 26, L4) gets nothing, and the mails
 * held for it are dropped: no account will prove it now.
 */
async function tellOldAddress(
  tx: Tx,
  account: Pick<UserRow, 'email' | 'emailVerifiedAt'>,
  mail: Parameters<typeof enqueueAccountMail>[1],
): Promise<void> {
  if (account.emailVerifiedAt) await enqueueAccountMail(tx, mail);
  else await forgetHeldMails(tx, account.email);
}

/** What a phone change asks next: nothing (changed), or the code sent to the new number. */
export type RequestedPhoneChange =
  { by: 'none' } | { by: 'sms'; mobile: string; code: string; locale: Locale };

/** The stored form of a phone change's code: bound to the account and the number. */
function phoneCodeHash(userId: number, mobile: string, code: string): string {
  return createHash('sha256').update(`${userId}:${mobile}:${code}`).digest('hex');
}

/**
 * The caller's club changes its phone (its current password checked by the caller): 422
 * `account.phone.same` for the number it has. Without SMS the number changes at once (no
 * longer verified). By SMS the number must be an Indian mobile (400 `validation.mobileInvalid`)
 * and a code goes to it (returned for the caller to send): a minute after the last at the
 * earliest (429 `registration.codeResendWait`), within the hourly limits `allow` checks (429
 * `registration.codeRateLimited`); the account keeps its number until the code is given.
 */
export async function requestPhoneChange(
  db: Db,
  settings: Pick<RegistrationSettings, 'registrationConfirmBy'>,
  caller: Caller,
  change: Pick<PhoneChange, 'new_phone'>,
  allow: (tx: Tx, mobile: string) => Promise<boolean>,
): Promise<RequestedPhoneChange> {
  const bySms = settings.registrationConfirmBy === 'sms';
  const mobile = normaliseIndianMobile(change.new_phone);
  if (bySms && !mobile) throw new Refused('validation.mobileInvalid', 'input');
  return db.transaction(async (tx) => {
    const account = await lockClubAccount(tx, caller);
    const same = mobile
      ? normaliseIndianMobile(account.phone) === mobile
      : account.phone.trim() === change.new_phone;
    if (same) throw new Refused('account.phone.same', 'rule');
    const record = (action: string) =>
      recordAudit(tx, caller, {
        action,
        entity: 'user',
        entityId: account.id,
        item: 'phone',
        from: account.phone,
        to: change.new_phone,
      });
    if (!bySms || !mobile) {
      await tx
        .update(users)
        .set({ phone: change.new_phone, phoneVerifiedAt: null, ...NO_PENDING_PHONE })
        .where(eq(users.id, account.id));
      await record('phone_change');
      await bumpDataVersion(tx);
      return { by: 'none' };
    }
    const wait = resendWaitSeconds(account.pendingPhoneCodeSentAt?.getTime() ?? 0, Date.now());
    if (account.pendingPhoneCodeHash && wait > 0) {
      throw new Refused('registration.codeResendWait', 'tooMany', wait);
    }
    if (!(await allow(tx, mobile))) throw new Refused('registration.codeRateLimited', 'tooMany');
    const code = formatRegistrationCode(randomInt(0, 1_000_000));
    await tx
      .update(users)
      .set({
        pendingPhone: change.new_phone,
        pendingPhoneCodeHash: phoneCodeHash(account.id, mobile, code),
        pendingPhoneCodeSentAt: sql`now()`,
        pendingPhoneAttempts: 0,
      })
      .where(eq(users.id, account.id));
    await record('phone_change_request');
    return { by: 'sms', mobile, code, locale: localeOf(account.locale) };
  });
}

const NO_PENDING_PHONE = {
  pendingPhone: null,
  pendingPhoneCodeHash: null,
  pendingPhoneCodeSentAt: null,
  pendingPhoneAttempts: 0,
};

/** What a code given for a phone change did. */
export type PhoneCodeCheck = { kind: 'changed' } | { kind: 'wrong'; triesLeft: number };

/**
 * The code sent to the new number changes the caller's phone, verified (row locked, so two
 * codes at once count as two tries). A wrong code is counted and the tries left answered;
 * 404 `account.phone.noChange` when no change waits, 410 `registration.codeExpired` ten
 * minutes after sending, 429 `registration.codeTooManyTries` after five wrong codes.
 */
export async function confirmPhoneChange(
  db: Db,
  caller: Caller,
  code: string,
): Promise<PhoneCodeCheck> {
  return db.transaction(async (tx) => {
    const account = await lockClubAccount(tx, caller);
    const mobile = normaliseIndianMobile(account.pendingPhone ?? '');
    const sentAt = account.pendingPhoneCodeSentAt;
    if (!account.pendingPhone || !account.pendingPhoneCodeHash || !sentAt || !mobile) {
      throw new Refused('account.phone.noChange', 'notFound');
    }
    const check = await checkSmsCode(
      {
        sentAtMs: sentAt.getTime(),
        wrongTries: account.pendingPhoneAttempts,
        given: phoneCodeHash(account.id, mobile, code),
        stored: account.pendingPhoneCodeHash,
      },
      () =>
        tx
          .update(users)
          .set({ pendingPhoneAttempts: sql`${users.pendingPhoneAttempts} + 1` })
          .where(eq(users.id, account.id)),
    );
    if (!check.right) return { kind: 'wrong', triesLeft: check.triesLeft };
    await recordUserChange(
      tx,
      caller,
      account.id,
      { phone: account.pendingPhone, phoneVerifiedAt: sql`now()`, ...NO_PENDING_PHONE },
      { action: 'phone_change', item: 'phone', from: account.phone, to: account.pendingPhone },
    );
    await bumpDataVersion(tx);
    return { kind: 'changed' };
  });
}

/**
 * An admin hands a club's account over to a new e-mail address (issue 27): the address
 * changes, the old holder's password, temporary password, sessions, waiting changes and phone
 * verification end (a forgotten password then goes by mail to the new address, never by SMS to
 * the old holder's phone), the change is recorded with its reason, and both addresses are
 * mailed in the account's language: the old one why, the new one how to log in (Forgot
 * password). 404 `clubs.notFound`, 422 `account.handOverNoAccount` for a club without an
 * account, 422 `account.email.same`, 409 `users.emailTaken`.
 */
export async function handOverClubAccount(
  db: Db,
  settings: Pick<RegistrationSettings, 'portalUrl'>,
  caller: Caller,
  clubId: number,
  handOver: HandOver,
): Promise<void> {
  // Nobody knows this password: the new holder asks for a temporary one.
  const passwordHash = await hashPassword(
    generateTemporaryPassword() + randomBytes(16).toString('hex'),
  );
  await changeAccounts(db, async (tx) => {
    const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw new Refused('clubs.notFound', 'notFound');
    const [account] = await tx.select().from(users).where(eq(users.clubId, clubId)).for('update');
    if (!account) throw new Refused('account.handOverNoAccount', 'rule');
    await refuseNewAddress(tx, account, handOver.email);
    await tx
      .update(users)
      .set({
        email: handOver.email,
        passwordHash,
        tempPasswordHash: null,
        tempPasswordExpiresAt: null,
        phoneVerifiedAt: null,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiresAt: null,
        ...NO_PENDING_PHONE,
        // An admin typed the new address, as for a staff account's (issue 26, L4).
        emailVerifiedAt: sql`now()`,
        ...NO_EMAIL_PROOF_LINK,
      })
      .where(eq(users.id, account.id));
    await endOtherSessions(tx, account.id, null);
    const auditId = await recordAudit(tx, caller, {
      action: 'hand_over',
      entity: 'club',
      entityId: clubId,
      item: 'club_account',
      from: account.email,
      to: handOver.email,
      reason: handOver.reason,
    });
    const params = { club: club.clubname, email: handOver.email, reason: handOver.reason };
    await tellOldAddress(tx, account, {
      kind: 'accountHandedOver',
      to: account.email,
      locale: account.locale,
      params,
      auditId,
    });
    await enqueueAccountMail(tx, {
      kind: 'accountHandedTo',
      to: handOver.email,
      locale: account.locale,
      params: { ...params, link: `${settings.portalUrl.replace(/\/+$/, '')}/login` },
      auditId,
    });
    await bumpDataVersion(tx);
  });
}
