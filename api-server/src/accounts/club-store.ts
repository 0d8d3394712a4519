import { clubReleaseBlocker, clubStatusFromCode, type ClubStatus } from '@puja/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { lockApplication, storedFilesOf } from '../applications/application-store';
import { recordAudit, recordCreated, recordDeleted } from '../applications/audit';
import type { Caller } from './auth';
import { bumpDataVersion, transactionRefusingDuplicates, type Db, type Tx } from '../db/client';
import { applications, clubs, releasedRegistrations, users } from '../db/schema';
import { Refused } from '../refused';
import { enqueueAccountMail } from '../messages/outbox';
import { dropPendingRegistrations } from './registration-store';

export type ClubRow = typeof clubs.$inferSelect;

/** A club with who registered it and when (null when nobody has). */
export interface ClubWithRegistration {
  club: ClubRow;
  email: string | null;
  phone: string | null;
  registeredAt: Date | null;
}

/** Every club by name (case-insensitive, then id), with its registration. */
export async function readClubList(db: Db): Promise<ClubWithRegistration[]> {
  return db
    .select({ club: clubs, email: users.email, phone: users.phone, registeredAt: users.createdAt })
    .from(clubs)
    .leftJoin(users, eq(users.clubId, clubs.id))
    .orderBy(asc(sql`lower(${clubs.clubname})`), asc(clubs.id));
}

/** A club's status (A or I); an unknown club reads as inactive. */
export async function readClubStatus(db: Db, clubId: number): Promise<ClubStatus> {
  const [club] = await db.select({ status: clubs.status }).from(clubs).where(eq(clubs.id, clubId));
  return clubStatusFromCode(club?.status);
}

async function lockClub(tx: Tx, id: number): Promise<ClubRow> {
  const club = (await tx.select().from(clubs).where(eq(clubs.id, id)).for('update'))[0];
  if (!club) throw new Refused('clubs.notFound', 'notFound');
  return club;
}

/** Runs a club change in one transaction that bumps the data version; a duplicate name is a 409. */
function changeClubs<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transactionRefusingDuplicates(
    db,
    async (tx) => {
      const result = await work(tx);
      await bumpDataVersion(tx);
      return result;
    },
    () => new Refused('clubs.duplicateName', 'conflict'),
  );
}

/** Changes one column of one club (404 unknown), recording the old and new value. */
function changeClubColumn(
  db: Db,
  caller: Caller,
  id: number,
  action: 'rename' | 'status',
  column: 'clubname' | 'status',
  value: string,
): Promise<ClubRow> {
  return changeClubs(db, async (tx) => {
    const before = await lockClub(tx, id);
    const [row] = await tx
      .update(clubs)
      .set({ [column]: value })
      .where(eq(clubs.id, id))
      .returning();
    await recordAudit(tx, caller, {
      action,
      entity: 'club',
      entityId: id,
      item: column,
      from: before[column],
      to: value,
    });
    return row ?? before;
  });
}

/** Adds a club under a validated name and records it; 409 when the name is taken. */
export function createClub(db: Db, caller: Caller, clubname: string): Promise<ClubRow> {
  return changeClubs(db, (tx) =>
    recordCreated(tx, caller, tx.insert(clubs).values({ clubname }).returning(), (row) => ({
      action: 'create',
      entity: 'club',
      item: 'clubname',
      to: row.clubname,
    })),
  );
}

/** Renames a club (validated name); 404 unknown, 409 when the name is taken. */
export function renameClub(db: Db, caller: Caller, id: number, clubname: string) {
  return changeClubColumn(db, caller, id, 'rename', 'clubname', clubname);
}

/** Activates or deactivates a club; 404 unknown. */
export function changeClubStatus(db: Db, caller: Caller, id: number, status: ClubStatus) {
  return changeClubColumn(db, caller, id, 'status', 'status', status);
}

/** Deletes a club and records it: 404 unknown, 409 while it has an account or an application. */
export async function removeClub(db: Db, caller: Caller, id: number): Promise<void> {
  await changeClubs(db, async (tx) => {
    const club = await lockClub(tx, id);
    const account = await tx.select({ id: users.id }).from(users).where(eq(users.clubId, id));
    const application = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.clubId, id));
    if (account.length > 0 || application.length > 0) {
      throw new Refused('clubs.deleteInUse', 'conflict');
    }
    await recordDeleted(tx, caller, tx.delete(clubs).where(eq(clubs.id, id)), {
      entity: 'club',
      entityId: id,
      item: 'clubname',
      from: club.clubname,
    });
  });
}

/**
 * Releases a club's registration, wrongly claimed (docs/decisions/0028), at any stage of the
 * review until its NOC is issued (422 `clubs.releaseIssued`, domain clubReleaseBlocker): its
 * account (and so its sessions) and its application, if any, are withdrawn: kept read-only as a
 * released registration with who released them, when and why, the application's history and
 * documents still readable by staff (until the retention purge). The account holder is mailed
 * (outbox), the club's pending registrations end, and the club is free to register again.
 * 404 for an unknown club, 422 when nobody registered it.
 */
export async function releaseRegistration(
  db: Db,
  caller: Caller,
  id: number,
  reason: string,
): Promise<void> {
  await changeClubs(db, async (tx) => {
    const club = await lockClub(tx, id);
    const [account] = await tx.select().from(users).where(eq(users.clubId, id)).for('update');
    if (!account) throw new Refused('clubs.notRegistered', 'rule');
    // Every season's application of the club (one per season): all must allow the release.
    const rows = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.clubId, id));
    const found = await Promise.all(rows.map((row) => lockApplication(tx, row.id)));
    const held = found.filter((app): app is NonNullable<typeof app> => app !== null);
    const blocker =
      held.length === 0 ? clubReleaseBlocker(null) : held.map(clubReleaseBlocker).find(Boolean);
    if (blocker) throw new Refused(blocker, 'rule');
    let mailAuditId = await recordAudit(tx, caller, {
      action: 'release',
      entity: 'club',
      entityId: id,
      item: 'registration',
      from: `${account.email} ${account.phone}${held.map((app) => ` application ${app.id}`).join('')}`,
      to: null,
      reason,
    });
    for (const application of held) {
      // Each application's own history says it was withdrawn, by whom and why.
      mailAuditId = await recordAudit(tx, caller, {
        action: 'withdraw',
        entity: 'application',
        entityId: application.id,
        item: 'application',
        from: account.email,
        to: null,
        reason,
      });
    }
    const released = {
      clubId: id,
      clubname: club.clubname,
      account: {
        id: account.id,
        email: account.email,
        phone: account.phone,
        govt_register_no: account.govtRegisterNo,
        address: account.address,
        ward_no: account.wardNo,
        locale: account.locale,
        created_at: account.createdAt.toISOString(),
      },
      releasedBy: caller.userId,
      releasedByRole: caller.role,
      reason,
    };
    // One row per withdrawn application (one per season), or one for the account alone.
    await tx.insert(releasedRegistrations).values(
      held.length === 0
        ? [{ ...released, applicationId: null, application: null, files: [] }]
        : held.map((application) => ({
            ...released,
            applicationId: application.id,
            application,
            files: storedFilesOf(application),
          })),
    );
    await enqueueAccountMail(tx, {
      kind: 'clubReleased',
      to: account.email,
      locale: account.locale,
      params: { club: club.clubname, reason },
      auditId: mailAuditId,
      applicationId: held.at(-1)?.id ?? null,
    });
    for (const application of held) {
      await tx.delete(applications).where(eq(applications.id, application.id));
    }
    await tx.delete(users).where(eq(users.id, account.id));
    await dropPendingRegistrations(tx, id);
  });
}
