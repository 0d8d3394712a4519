import { REVIEW_DOCUMENTS, type ReviewDocument } from '@puja/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Caller } from '../accounts/auth';
import type { Db, Tx } from '../db/client';
import { auditLog, notificationOutbox, users } from '../db/schema';
import { notificationOnWire } from '../messages/outbox';

export interface AuditEntry {
  action: string;
  entity: 'application' | 'club' | 'user' | 'season' | 'holiday' | 'agency' | 'serviceStandard';
  entityId: number | null;
  item?: string;
  from?: string | null;
  to?: string | null;
  reason?: string;
}

/** Who made a change: a caller, the server's own task ('system'), or a public call (null). */
export type Actor = Pick<Caller, 'userId' | 'role'> | 'system' | null;

/** An actor as stored: its user (none for the system or a public call) and its role. */
export function actorColumns(who: Actor): { userId: number | null; role: string } {
  return who === 'system' || who === null
    ? { userId: null, role: who ?? 'public' }
    : { userId: who.userId, role: who.role };
}

/**
 * The trail entries of one application that meet every further condition (an audit query's
 * `where`).
 * @example db.select().from(auditLog).where(onApplicationTrail(12, eq(auditLog.action, 'approve')))
 */
export function onApplicationTrail(applicationId: number, ...conditions: SQL[]): SQL | undefined {
  return and(
    eq(auditLog.entity, 'application'),
    eq(auditLog.entityId, applicationId),
    ...conditions,
  );
}

/**
 * Records who changed what, from which value to which and why, inside the changing transaction:
 * the change and its record commit together or not at all. `who` is null for public calls,
 * 'system' for the server's own tasks (the retention purge).
 * Answers the entry's id.
 */
export async function recordAudit(tx: Tx | Db, who: Actor, entry: AuditEntry): Promise<number> {
  const actor = actorColumns(who);
  const [row] = await tx
    .insert(auditLog)
    .values({
      userId: actor.userId,
      role: actor.role,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      item: entry.item ?? '',
      fromValue: entry.from ?? null,
      toValue: entry.to ?? null,
      reason: entry.reason ?? '',
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('audit insert returned nothing');
  return row.id;
}

/**
 * Inserts one row (the caller's `insert … returning()`) and records its creation, both in the
 * caller's transaction; answers the row. The entry's `entityId` is the new row's id.
 * @example await recordCreated(tx, caller, tx.insert(clubs).values({ clubname }).returning(), (row) => ({ action: 'create', entity: 'club', item: 'clubname', to: row.clubname }))
 */
export async function recordCreated<R extends { id: number }>(
  tx: Tx,
  who: Actor,
  insert: PromiseLike<R[]>,
  entryOf: (row: R) => Omit<AuditEntry, 'entityId'>,
): Promise<R> {
  const [row] = await insert;
  if (!row) throw new Error('insert returned nothing');
  await recordAudit(tx, who, { ...entryOf(row), entityId: row.id });
  return row;
}

/**
 * Deletes (the caller's `delete … where`) and records the deletion, both in the caller's
 * transaction; the entry says what was deleted (`from`).
 * @example await recordDeleted(tx, caller, tx.delete(clubs).where(eq(clubs.id, 7)), { entity: 'club', entityId: 7, item: 'clubname', from: 'Netaji Sangha' })
 */
export async function recordDeleted(
  tx: Tx,
  who: Actor,
  deletion: PromiseLike<unknown>,
  entry: Omit<AuditEntry, 'action' | 'to'>,
): Promise<void> {
  await deletion;
  await recordAudit(tx, who, { action: 'delete', ...entry });
}

/**
 * Changes one account's row (`values`) and records the change, both in the caller's
 * transaction; the entry is about that account.
 * @example await recordUserChange(tx, null, 7, { emailVerifiedAt: sql`now()` }, { action: 'email_verify', item: 'email', to: 'club@example.org' })
 */
export async function recordUserChange(
  tx: Tx,
  who: Actor,
  userId: number,
  values: PgUpdateSetSource<typeof users>,
  entry: Omit<AuditEntry, 'entity' | 'entityId'>,
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
  await recordAudit(tx, who, { ...entry, entity: 'user', entityId: userId });
}

/**
 * GET /application-history.php: an application's trail, oldest first; an entry that owed the
 * club a mail carries it (`notification`: sent, waiting, or retrying with the last error), and
 * its SMS beside it (`sms`, the same shape; `to` the 10-digit mobile). An
 * upload names the version it replaced (`from`) and the one it stored (`to`); `linkOf` signs a
 * link to each (`from_link`, `to_link`, null for no file), so every version of a document can be
 * opened from the history.
 */
export async function readApplicationHistory(
  db: Db,
  applicationId: number,
  linkOf: (name: string | null) => string | null,
) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(onApplicationTrail(applicationId))
    .orderBy(asc(auditLog.id));
  const messages = await db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.applicationId, applicationId));
  const onWire = (channel: string) =>
    new Map(
      messages
        .filter((message) => message.channel === channel)
        .map((message) => [message.auditId, notificationOnWire(message)]),
    );
  const [mailOf, smsOf] = [onWire('mail'), onWire('sms')];
  return rows.map((row) => ({
    at: row.at.toISOString(),
    user_id: row.userId,
    role: row.role,
    action: row.action,
    item: row.item,
    from: row.fromValue,
    to: row.toValue,
    reason: row.reason,
    from_link: row.action === 'upload' ? linkOf(row.fromValue) : null,
    to_link: row.action === 'upload' ? linkOf(row.toValue) : null,
    notification: mailOf.get(row.id) ?? null,
    sms: smsOf.get(row.id) ?? null,
  }));
}

/**
 * When each document of an application was approved (issue 27: the club's tracker dates its
 * completed steps), from its trail: the latest approval of each, as `{doc}_approved_at`.
 * @example await approvalDates(db, 12) // { acknowledgement_approved_at: '2025-03-07T05:00:00.000Z' }
 */
export async function approvalDates(
  db: Db,
  applicationId: number,
): Promise<Partial<Record<`${ReviewDocument}_approved_at`, string>>> {
  const rows = await db
    .select({ item: auditLog.item, at: auditLog.at })
    .from(auditLog)
    .where(
      onApplicationTrail(
        applicationId,
        eq(auditLog.action, 'approve'),
        inArray(auditLog.item, [...REVIEW_DOCUMENTS]),
      ),
    )
    .orderBy(asc(auditLog.id));
  // Oldest first: a later approval (after a re-upload) overwrites an earlier one.
  return Object.fromEntries(rows.map((row) => [`${row.item}_approved_at`, row.at.toISOString()]));
}
