/**
 * Club registration confirmed by mail (issue 19, docs/decisions/0028). Registering writes a
 * pending registration and mails its confirmation link through the outbox; only confirming
 * creates the club's account, which takes the club. A pending registration holds nothing: the
 * first confirmation takes the club. An address that already has an
 * account is answered exactly like a new one, and its owner is mailed instead. A release ends
 * the club's pending registrations.
 */
import { randomBytes } from 'node:crypto';
import {
  deptmentOf,
  DEFAULT_LOCALE,
  registrationConfirmLink,
  type Locale,
  type RegistrationPayload,
} from '@puja/domain';
import { eq, lte, sql } from 'drizzle-orm';
import { recordAudit } from './audit';
import { emailIs, hashPassword, hashToken } from './auth';
import { bumpDataVersion, transactionRefusingDuplicates, type Db, type Tx } from './db/client';
import { clubs, pendingRegistrations, users } from './db/schema';
import { ApiError } from './errors';
import { enqueueAccountMail } from './outbox';

/** What registration needs from the configuration. */
export interface RegistrationSettings {
  /** The club portal's public address: the base of the confirmation link. */
  portalUrl: string;
  /** How long the link works. */
  registrationConfirmHours: number;
}

/** A pending registration's row. */
export type PendingRegistration = typeof pendingRegistrations.$inferSelect;

/** A link token as we make them: 43 base64url characters (256 bits). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** An expired registration still answers "expired" (not "not valid") for this long. */
const EXPIRED_KEPT = sql`interval '1 day'`;

/** A club that may register: it exists (else 400, as an unknown pick) and is active (422). */
async function registrableClub(db: Db | Tx, clubId: number, lock?: 'share' | 'update') {
  const query = db.select().from(clubs).where(eq(clubs.id, clubId));
  const club = (await (lock ? query.for(lock) : query))[0];
  if (!club) throw new ApiError(400, 'registration.selectClub');
  if (club.status !== 'A') throw new ApiError(422, 'registration.clubInactive');
  return club;
}

async function refuseRegisteredClub(tx: Tx, clubId: number): Promise<void> {
  const taken = await tx.select({ id: users.id }).from(users).where(eq(users.clubId, clubId));
  if (taken.length > 0) throw new ApiError(409, 'registration.alreadyRegistered');
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
 * the language the app asked for; an address that already has an account (a club's or staff)
 * gets, in its account's language, a mail saying someone tried, and nothing is registered.
 */
export async function requestRegistration(
  db: Db,
  settings: RegistrationSettings,
  clubId: number,
  value: Omit<RegistrationPayload, 'club_id'>,
  /** The language the confirmation mail is written in, when the app named one. */
  locale: Locale | null,
): Promise<void> {
  // Checked before the (deliberately slow) hash: an unknown or inactive club costs nothing.
  await registrableClub(db, clubId);
  const passwordHash = await hashPassword(value.password);
  const token = randomBytes(32).toString('base64url');
  const hours = settings.registrationConfirmHours;
  await db.transaction(async (tx) => {
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
      return;
    }
    await tx.insert(pendingRegistrations).values({
      clubId: club.id,
      email: value.email,
      phone: value.phone,
      govtRegisterNo: value.govt_register_no,
      address: value.address,
      wardNo: value.ward_no,
      passwordHash,
      locale: locale ?? DEFAULT_LOCALE,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + ${hours} * interval '1 hour'`,
    });
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
  });
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
    })
    .returning({ id: users.id });
  await tx
    .update(pendingRegistrations)
    .set({ confirmedAt: sql`now()` })
    .where(eq(pendingRegistrations.id, pending.id));
  await recordAudit(tx, null, {
    action: 'register',
    entity: 'user',
    entityId: user?.id ?? null,
    item: 'club_account',
    to: `club ${club.id}`,
  });
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
  if (!TOKEN_PATTERN.test(token)) throw new ApiError(404, 'registration.confirmInvalid');
  return transactionRefusingDuplicates(
    db,
    async (tx) => {
      const [pending] = await tx
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.tokenHash, hashToken(token)))
        .for('update');
      if (!pending) throw new ApiError(404, 'registration.confirmInvalid');
      if (pending.confirmedAt) {
        const [club] = await tx.select().from(clubs).where(eq(clubs.id, pending.clubId));
        return { clubname: club?.clubname ?? '', already: true };
      }
      if (pending.expiresAt.getTime() <= Date.now()) {
        throw new ApiError(410, 'registration.confirmExpired');
      }
      return { ...(await activatePendingRegistration(tx, pending)), already: false };
    },
    () => new ApiError(409, 'users.emailTaken'),
  );
}

/** Ends every pending registration of a club (its registration was released). */
export async function dropPendingRegistrations(tx: Tx, clubId: number): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.clubId, clubId));
}
