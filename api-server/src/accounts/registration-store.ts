/**
 * Club registration confirmed by mail (issue 19, docs/decisions/0028). Registering writes a
 * pending registration and mails its confirmation link through the outbox; only confirming
 * creates the club's account, which takes the club. A pending registration holds nothing: the
 * first confirmation takes the club. An address that already has an
 * account is answered exactly like a new one, and its owner is mailed instead. A release ends
 * the club's pending registrations.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  deptmentOf,
  DEFAULT_LOCALE,
  formatRegistrationCode,
  isLocale,
  normaliseIndianMobile,
  registrationConfirmLink,
  resendWaitSeconds,
  type Locale,
  type RegistrationPayload,
} from '@puja/domain';
import { eq, lte, sql } from 'drizzle-orm';
import { recordAudit } from '../applications/audit';
import { emailIs, hashPassword, hashToken } from './auth';
import { bumpDataVersion, type Db, type Tx } from '../db/client';
import { changeAccounts, checkSmsCode, openLink, requireTokenShape } from './account-guards';
import { clubs, pendingRegistrations, users } from '../db/schema';
import { Refused } from '../refused';
import { enqueueAccountMail } from '../messages/outbox';
import { mailEmailProof } from './email-proof';

/** What registration needs from the configuration. */
export interface RegistrationSettings {
  /** The club portal's public address: the base of the confirmation link. */
  portalUrl: string;
  /** How long the link works (and a registration by code waits for its code). */
  registrationConfirmHours: number;
  /** 'sms': a code to the club's phone confirms (docs/decisions/0034); 'mail': the link. */
  registrationConfirmBy: 'sms' | 'mail';
}

/**
 * What a registration asks of the club next: nothing more than opening the mailed link, or the
 * code sent by SMS, for which the app holds `registration` (the token, never mailed then). The
 * code itself is the caller's to send after answering (it is never stored in clear).
 */
export type RequestedRegistration =
  | { by: 'mail' }
  | { by: 'sms'; registration: string; mobile: string; code: string | null; locale: Locale };

/** A new code and where it goes, for the caller to send by SMS after answering. */
export interface RegistrationCodeToSend {
  mobile: string;
  code: string;
  locale: Locale;
}

/** A pending registration's row. */
export type PendingRegistration = typeof pendingRegistrations.$inferSelect;

/** An expired registration still answers "expired" (not "not valid") for this long. */
const EXPIRED_KEPT = sql`interval '1 day'`;

/** A club that may register: it exists (else 400, as an unknown pick) and is active (422). */
async function registrableClub(db: Db | Tx, clubId: number, lock?: 'share' | 'update') {
  const query = db.select().from(clubs).where(eq(clubs.id, clubId));
  const club = (await (lock ? query.for(lock) : query))[0];
  if (!club) throw new Refused('registration.selectClub', 'input');
  if (club.status !== 'A') throw new Refused('registration.clubInactive', 'rule');
  return club;
}

async function refuseRegisteredClub(tx: Tx, clubId: number): Promise<void> {
  const taken = await tx.select({ id: users.id }).from(users).where(eq(users.clubId, clubId));
  if (taken.length > 0) throw new Refused('registration.alreadyRegistered', 'conflict');
}

/** A fresh six-digit code, drawn uniformly. */
const newCode = () => formatRegistrationCode(randomInt(0, 1_000_000));

/** The stored form of a code: bound to the registration's token, which only the app holds. */
function codeHashOf(token: string, code: string): string {
  return createHash('sha256').update(`${token}:${code}`).digest('hex');
}

/** Deletes registrations whose link expired more than a day ago (they hold nothing). */
async function sweepExpired(tx: Tx): Promise<void> {
  await tx
    .delete(pendingRegistrations)
    .where(lte(pendingRegistrations.expiresAt, sql`now() - ${EXPIRED_KEPT}`));
}

/**
 * Registers a club, pending its confirmation: 400 for an unknown club, 422 for an inactive
 * one, 409 when the club already has an account. Otherwise the same answer whatever the
 * address: a new address gets the confirmation link (valid `registrationConfirmHours`), in
 * the language the app asked for, or its code by SMS; an address that already has an account
 * (a club's or staff) gets, in its account's language, a mail saying someone tried, and
 * nothing is registered or sent to the phone (the answer by SMS carries a handle naming
 * nothing, `code` null).
 */
export async function requestRegistration(
  db: Db,
  settings: RegistrationSettings,
  clubId: number,
  value: Omit<RegistrationPayload, 'club_id'>,
  /** The language the confirmation mail is written in, when the app named one. */
  locale: Locale | null,
  /** The privacy notice version the registration page showed (domain privacyNoticeShown). */
  privacyNoticeVersion: string | null = null,
): Promise<RequestedRegistration> {
  const bySms = settings.registrationConfirmBy === 'sms';
  const mobile = normaliseIndianMobile(value.phone);
  // The code goes to this phone: it must be an Indian mobile, said before anything is done.
  if (bySms && !mobile) throw new Refused('validation.mobileInvalid', 'input');
  // Checked before the (deliberately slow) hash: an unknown or inactive club costs nothing.
  await registrableClub(db, clubId);
  const passwordHash = await hashPassword(value.password);
  const token = randomBytes(32).toString('base64url');
  const hours = settings.registrationConfirmHours;
  const language = locale ?? DEFAULT_LOCALE;
  const code = newCode();
  const sent = await db.transaction(async (tx) => {
    const club = await registrableClub(tx, clubId, 'share');
    await refuseRegisteredClub(tx, club.id);
    await sweepExpired(tx);
    const auditId = await recordAudit(tx, null, {
      action: 'register_request',
      entity: 'club',
      entityId: club.id,
      item: 'club_account',
    });
    const [owner] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(emailIs(value.email));
    if (owner) {
      await enqueueAccountMail(tx, {
        kind: 'registrationAddressTaken',
        to: owner.email,
        locale: owner.locale,
        params: { club: club.clubname },
        auditId,
      });
      // Nothing more, by mail or by SMS (issue 26, L4): no link, no code, no registration;
      // the caller is answered as for a new address, the owner has been told.
      return false;
    }
    await tx.insert(pendingRegistrations).values({
      clubId: club.id,
      email: value.email,
      phone: value.phone,
      govtRegisterNo: value.govt_register_no,
      address: value.address,
      wardNo: value.ward_no,
      passwordHash,
      locale: language,
      privacyNoticeVersion,
      tokenHash: hashToken(token),
      ...(bySms ? { codeHash: codeHashOf(token, code), codeSentAt: sql`now()` } : {}),
      expiresAt: sql`now() + ${hours} * interval '1 hour'`,
    });
    if (bySms) return true;
    await enqueueAccountMail(tx, {
      kind: 'registrationConfirm',
      to: value.email,
      locale: locale ?? DEFAULT_LOCALE,
      params: {
        club: club.clubname,
        link: registrationConfirmLink(settings.portalUrl, token),
        hours,
      },
      auditId,
    });
    return true;
  });
  if (!bySms || !mobile) return { by: 'mail' };
  // A taken address gets a handle like any other, naming nothing: no code is sent for it.
  return sent
    ? { by: 'sms', registration: token, mobile, code, locale: language }
    : {
        by: 'sms',
        registration: randomBytes(32).toString('base64url'),
        mobile,
        code: null,
        locale: language,
      };
}

/**
 * Turns a pending registration into the club's account, inside the caller's transaction (the
 * pending row locked): 422 for a club deactivated since, 409 when the club was registered
 * meanwhile (the other pending registrations of the club then answer that too). A later confirmation
 * channel (a code by SMS) finds and checks its row, then calls this.
 */
export async function activatePendingRegistration(
  tx: Tx,
  pending: PendingRegistration,
  /**
   * The code sent to the phone confirmed it (`bySms`): the account's mobile number is verified,
   * its e-mail address is not (issue 26, L4): the link that proves it is mailed, through
   * `settings`, and nothing else is mailed to it until then.
   */
  options: {
    bySms?: Pick<RegistrationSettings, 'portalUrl' | 'registrationConfirmHours'>;
  } = {},
): Promise<{ clubname: string }> {
  // Locked for update: two confirmations of one club are serialised, the second sees the first.
  const club = await registrableClub(tx, pending.clubId, 'update');
  await refuseRegisteredClub(tx, club.id);
  const [user] = await tx
    .insert(users)
    .values({
      name: club.clubname,
      email: pending.email,
      phone: pending.phone,
      role: 'club',
      deptment: deptmentOf('club'),
      passwordHash: pending.passwordHash,
      clubId: club.id,
      govtRegisterNo: pending.govtRegisterNo,
      address: pending.address,
      wardNo: pending.wardNo,
      locale: pending.locale,
      privacyNoticeVersion: pending.privacyNoticeVersion,
      phoneVerifiedAt: options.bySms ? sql`now()` : null,
      // A mailed link proved the address; a code by SMS proved the phone only.
      emailVerifiedAt: options.bySms ? null : sql`now()`,
    })
    .returning({ id: users.id, email: users.email, locale: users.locale });
  await tx
    .update(pendingRegistrations)
    .set({ confirmedAt: sql`now()` })
    .where(eq(pendingRegistrations.id, pending.id));
  const auditId = await recordAudit(tx, null, {
    action: 'register',
    entity: 'user',
    entityId: user?.id ?? null,
    item: 'club_account',
    to: `club ${club.id}`,
  });
  if (options.bySms && user) {
    await mailEmailProof(tx, options.bySms, { ...user, clubname: club.clubname }, auditId);
  }
  await bumpDataVersion(tx);
  return { clubname: club.clubname };
}

/**
 * Confirms a registration by its link's token: the club's account is created (see
 * activatePendingRegistration) and the club's name answered. A token confirmed before answers
 * the same again (`already`); 404 `registration.confirmInvalid` for an unknown token, 410
 * `registration.confirmExpired` past its expiry, 409 `users.emailTaken` when the address got an
 * account meanwhile.
 */
export async function confirmRegistration(
  db: Db,
  token: string,
): Promise<{ clubname: string; already: boolean }> {
  return openLink(db, token, 'registration.confirmInvalid', async (tx) => {
    const pending = await lockPending(tx, token);
    // A registration by SMS is confirmed by its code only: its token is no link.
    if (!pending || pending.codeHash) throw new Refused('registration.confirmInvalid', 'notFound');
    if (pending.confirmedAt) {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, pending.clubId));
      return { clubname: club?.clubname ?? '', already: true };
    }
    if (pending.expiresAt.getTime() <= Date.now()) {
      throw new Refused('registration.confirmExpired', 'expired');
    }
    return { ...(await activatePendingRegistration(tx, pending)), already: false };
  });
}

/**
 * The pending registration a token names, locked with its club: the club row first, then the
 * registration, the order a club's deletion takes (its row, then the registrations it cascades
 * to), so a confirmation and a deletion at once wait for one another instead of deadlocking (a
 * 500 on PostgreSQL). Undefined when there is none, or its club went meanwhile.
 */
async function lockPending(tx: Tx, token: string): Promise<PendingRegistration | undefined> {
  const named = eq(pendingRegistrations.tokenHash, hashToken(token));
  const [seen] = await tx
    .select({ clubId: pendingRegistrations.clubId })
    .from(pendingRegistrations)
    .where(named);
  if (!seen) return undefined;
  const [club] = await tx
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.id, seen.clubId))
    .for('update');
  if (!club) return undefined;
  const [pending] = await tx.select().from(pendingRegistrations).where(named).for('update');
  return pending;
}

/** The pending registration a code's token names, locked; 404 when there is none by code. */
async function pendingByCode(tx: Tx, token: string): Promise<PendingRegistration> {
  requireTokenShape(token, 'registration.codeUnknown');
  const pending = await lockPending(tx, token);
  if (!pending?.codeHash || !pending.codeSentAt) {
    throw new Refused('registration.codeUnknown', 'notFound');
  }
  return pending;
}

/** What a code given for a registration did. */
export type CodeCheck =
  { kind: 'confirmed'; clubname: string } | { kind: 'wrong'; triesLeft: number };

/**
 * Checks the code sent by SMS for a registration (docs/decisions/0034): the right code creates
 * the club's account with its mobile number verified and the link proving its e-mail address
 * mailed (see activatePendingRegistration); a
 * confirmed registration answers the same again. A wrong code is counted (the count is kept:
 * the caller refuses it after this commits) and the tries left answered. 404
 * `registration.codeUnknown` for an unknown, expired or mailed registration, 410
 * `registration.codeExpired` ten minutes after the code was sent, 429
 * `registration.codeTooManyTries` after five wrong codes (both: ask for a new code), 409 when
 * the club or the address was registered meanwhile.
 */
export async function confirmRegistrationCode(
  db: Db,
  settings: RegistrationSettings,
  token: string,
  code: string,
): Promise<CodeCheck> {
  return changeAccounts(db, async (tx) => {
    const pending = await pendingByCode(tx, token);
    if (pending.confirmedAt) {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, pending.clubId));
      return { kind: 'confirmed', clubname: club?.clubname ?? '' };
    }
    const now = Date.now();
    if (pending.expiresAt.getTime() <= now)
      throw new Refused('registration.codeUnknown', 'notFound');
    const check = await checkSmsCode(
      {
        sentAtMs: pending.codeSentAt?.getTime() ?? 0,
        wrongTries: pending.attempts,
        given: codeHashOf(token, code),
        stored: pending.codeHash ?? '',
      },
      () =>
        tx
          .update(pendingRegistrations)
          .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
          .where(eq(pendingRegistrations.id, pending.id)),
      now,
    );
    if (!check.right) return { kind: 'wrong', triesLeft: check.triesLeft };
    const confirmed = await activatePendingRegistration(tx, pending, { bySms: settings });
    return { kind: 'confirmed', ...confirmed };
  });
}

/**
 * A new code for a registration by SMS, a minute or more after the last (else 429
 * `registration.codeResendWait`), when `allow` grants the number one more SMS (else 429
 * `registration.codeRateLimited`): the old code stops working and the tries start again. 404
 * `registration.codeUnknown` for an unknown, expired, mailed or confirmed registration.
 */
export async function renewRegistrationCode(
  db: Db,
  token: string,
  allow: (tx: Tx, mobile: string) => Promise<boolean>,
): Promise<RegistrationCodeToSend> {
  return db.transaction(async (tx) => {
    const pending = await pendingByCode(tx, token);
    const now = Date.now();
    const mobile = normaliseIndianMobile(pending.phone);
    if (pending.confirmedAt || pending.expiresAt.getTime() <= now || !mobile) {
      throw new Refused('registration.codeUnknown', 'notFound');
    }
    const wait = resendWaitSeconds(pending.codeSentAt?.getTime() ?? 0, now);
    if (wait > 0) {
      throw new Refused('registration.codeResendWait', 'tooMany', wait);
    }
    if (!(await allow(tx, mobile))) throw new Refused('registration.codeRateLimited', 'tooMany');
    const code = newCode();
    await tx
      .update(pendingRegistrations)
      .set({ codeHash: codeHashOf(token, code), codeSentAt: sql`now()`, attempts: 0 })
      .where(eq(pendingRegistrations.id, pending.id));
    return { mobile, code, locale: isLocale(pending.locale) ? pending.locale : DEFAULT_LOCALE };
  });
}

/** Ends every pending registration of a club (its registration was released). */
export async function dropPendingRegistrations(tx: Tx, clubId: number): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.clubId, clubId));
}
