/**
 * Referrals (issue 29, domain referrals.ts): one per active agency covering the puja ward,
 * made in the transaction that approves the acknowledgement; each change a domain rule applied
 * under the application's row lock then the referral's (the same order as the chairman's
 * decision, which reads the referrals under the application's lock: a decision and the final
 * approval never cross), audited on the application's trail and told to the club (mail + SMS,
 * its language) through the outbox in the same transaction.
 */
import {
  agenciesForWard,
  clearancesOf,
  municipalDay,
  newReferral,
  referralBlocker,
  type Agency,
  type AgencyKind,
  type Application,
  type ChangeEvent,
  type Clearance,
  type MessageKey,
  type NoticeLinks,
  type Referral,
  type ReferralChange,
  type ReferralEvent,
  type ReferralHistoryEntry,
  type ReferralRecord,
  type ReferralHistoryEvent,
  type ReferralStatus,
  type WorkingCalendar,
} from '@puja/domain';
import { and, asc, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { actorColumns, type Actor } from '../applications/audit';
import { findApplication, perApplicationReader } from '../applications/application-reads';
import { recordChange } from '../applications/record-change';
import type { Db, Tx } from '../db/client';
import { agencies, appeals, applications, referralEvents, referrals, users } from '../db/schema';
import { readWorkingCalendar } from '../clock/working-calendar';
import { Refused, refusedBy } from '../refused';
import { agencyOnWire } from './agency-store';

type ReferralRow = typeof referrals.$inferSelect;
type AgencyRow = typeof agencies.$inferSelect;

/** A referral with its agency, as read from the join. */
interface Joined {
  referral: ReferralRow;
  agency: AgencyRow;
}

/** The wire form of a referral (application rows, list-referrals). */
export function referralOnWire({ referral: r, agency }: Joined): Referral {
  return {
    id: r.id,
    agency_id: r.agencyId,
    agency_name: agency.name,
    kind: agency.kind as AgencyKind,
    status: r.status as ReferralStatus,
    due_on: r.dueOn,
    decided_on: r.decidedOn,
    reference_no: r.referenceNo,
    conditions: r.conditions,
    reason: r.reason,
    response: r.response,
    round: r.round,
    // Issue 30: found late by the sweep and still pending: escalated to its Appellate Officer.
    overdue: r.overdueOn !== null && r.status === 'pending',
    escalated_to: r.overdueOn !== null && r.status === 'pending' ? r.escalatedTo : null,
  };
}

const joined = (db: Db | Tx) =>
  db
    .select({ referral: referrals, agency: agencies })
    .from(referrals)
    .innerJoin(agencies, eq(agencies.id, referrals.agencyId));

/** The referrals of some applications, per application, in agency order (name). */
export const referralsOf = perApplicationReader(
  (db, ids) =>
    joined(db)
      .where(inArray(referrals.applicationId, ids))
      .orderBy(asc(agencies.name), asc(referrals.id)),
  (row) => row.referral.applicationId,
  referralOnWire,
);

/** The clearances an issued certificate shows (verify-noc.php). */
export async function clearancesOfApplication(db: Db, applicationId: number): Promise<Clearance[]> {
  return clearancesOf((await referralsOf(db, [applicationId])).get(applicationId) ?? []);
}

/** Locks an application's row for the rest of the transaction; its club, or null when none. */
async function lockApplicationRow(
  tx: Tx,
  id: number,
): Promise<{ id: number; clubId: number; regNo: number; applyYear: number } | null> {
  const [row] = await tx
    .select({
      id: applications.id,
      clubId: applications.clubId,
      regNo: applications.regNo,
      applyYear: applications.applyYear,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  return row ?? null;
}

/**
 * What refuses the chairman's approval of an application as far as its referrals go, read
 * under the application's row lock (taken here, before the final decision's own): a referral
 * decided meanwhile waits for this transaction, or this one sees it.
 */
export async function referralApprovalBlocker(
  tx: Tx,
  applicationId: number,
): Promise<MessageKey | null> {
  if (!(await lockApplicationRow(tx, applicationId))) return null;
  const rows = await tx
    .select({ status: referrals.status })
    .from(referrals)
    .where(eq(referrals.applicationId, applicationId));
  return referralBlocker(rows.map((row) => ({ status: row.status as ReferralStatus })));
}

/**
 * The referrals an approved acknowledgement makes (issue 29), inside its transaction: one per
 * active agency covering the puja ward, pending, due that day + the agency's working days,
 * each recorded on the application's trail. Nothing when no agency is active (the spec's flow).
 */
export async function referOnAcknowledgement(
  tx: Tx,
  caller: Caller,
  mail: NoticeLinks,
  change: { after: Application; event: ChangeEvent },
  nowMs: number,
): Promise<void> {
  const { after, event: accepted } = change;
  if (accepted.type !== 'acknowledgementAccepted') return;
  const active = await tx.select().from(agencies).where(eq(agencies.active, true));
  const chosen = agenciesForWard(active.map(agencyOnWire), after.puja_location_ward_no);
  if (chosen.length === 0) return;
  const calendar = await readWorkingCalendar(tx);
  const today = municipalDay(nowMs);
  for (const agency of chosen) {
    const { referral, event } = newReferral(agency, today, calendar);
    const inserted = await tx
      .insert(referrals)
      .values({ applicationId: after.id, agencyId: agency.id, dueOn: referral.due_on })
      .onConflictDoNothing()
      .returning({ id: referrals.id });
    const made = inserted[0];
    if (!made) continue; // referred before (an acknowledgement approved again)
    const auditId = await recordChange(tx, caller, event, after, mail, nowMs);
    await recordReferralEvent(tx, caller, made.id, auditId, { ...event, round: 1 });
  }
}

/** What a referral change sees: the referral, its agency, its application, the day and calendar. */
export interface ReferralContext {
  referral: Referral;
  agency: Agency;
  application: { id: number; clubId: number; regNo: number; applyYear: number };
  today: string;
  calendar: WorkingCalendar;
}

/** Extra columns a change stores beside the referral's state (files, letter, who decided). */
type ExtraColumns = Partial<
  Pick<
    typeof referrals.$inferInsert,
    'responseDocument' | 'letterPath' | 'letterDate' | 'decidedBy'
  >
>;

/**
 * Changes one referral by a domain rule in the caller's transaction: finds it (404), locks its
 * application then it, lets `guard` refuse (roles, ownership, mode), applies the rule (its
 * refusal answered by kind), stores the new state and `extra` columns, records the event and
 * writes the club's notices. Answers the changed referral.
 */
export async function changeReferral(
  tx: Tx,
  actor: Actor,
  mail: NoticeLinks,
  id: number,
  nowMs: number,
  rule: (context: ReferralContext) => ReferralChange<Referral>,
  options: { guard?: (context: ReferralContext) => void; extra?: ExtraColumns } = {},
): Promise<{ referral: Referral; event: ChangeEvent }> {
  const [found] = await tx
    .select({ applicationId: referrals.applicationId })
    .from(referrals)
    .where(eq(referrals.id, id));
  if (!found) throw new Refused('referrals.notFound', 'notFound');
  const application = await lockApplicationRow(tx, found.applicationId);
  const [row] = await joined(tx).where(eq(referrals.id, id)).for('update', { of: referrals });
  if (!application || !row) throw new Refused('referrals.notFound', 'notFound');
  const context: ReferralContext = {
    referral: referralOnWire(row),
    agency: agencyOnWire(row.agency),
    application,
    today: municipalDay(nowMs),
    calendar: await readWorkingCalendar(tx),
  };
  options.guard?.(context);
  const result = rule(context);
  if (!result.ok) throw refusedBy(result);
  const next = result.referral;
  await tx
    .update(referrals)
    .set({
      status: next.status,
      round: next.round,
      dueOn: next.due_on,
      decidedOn: next.decided_on,
      referenceNo: next.reference_no,
      conditions: next.conditions,
      reason: next.reason,
      response: next.response,
      // Issue 30: a new due date (an answered objection) is a new clock: not late any more.
      ...(next.due_on === context.referral.due_on ? {} : { overdueOn: null, escalatedTo: null }),
      ...options.extra,
      updatedAt: new Date(),
    })
    .where(eq(referrals.id, id));
  const about = await findApplication(tx, application.id);
  const auditId = await recordChange(tx, actor, result.event, about, mail, nowMs);
  await recordReferralEvent(
    tx,
    actor,
    id,
    auditId,
    historyEventOf(result.event, next, options.extra?.letterDate),
  );
  return { referral: next, event: result.event };
}

/** A change as the referral's history keeps it: the round it left, an answer's text, a letter's date. */
function historyEventOf(
  event: ReferralEvent,
  next: Referral,
  letterDate: string | null | undefined,
): ReferralHistoryEvent {
  return {
    ...event,
    round: next.round,
    ...(event.type === 'referralAnswered' && next.response !== null
      ? { response: next.response }
      : {}),
    ...(letterDate ? { letterDate } : {}),
  };
}

/** Writes one change to a referral's own history, beside its audit entry. */
async function recordReferralEvent(
  tx: Tx,
  actor: Actor,
  referralId: number,
  auditId: number,
  event: ReferralHistoryEvent,
): Promise<void> {
  await tx.insert(referralEvents).values({ referralId, auditId, ...actorColumns(actor), event });
}

/**
 * The histories of some referrals, oldest change first: when, who (a staff member's or an
 * officer's name; none for a club, the system or a deleted user) and the change.
 */
export async function referralHistories(
  db: Db,
  referralIds: readonly number[],
): Promise<Map<number, ReferralHistoryEntry[]>> {
  const found = new Map<number, ReferralHistoryEntry[]>();
  if (referralIds.length === 0) return found;
  const rows = await db
    .select({ row: referralEvents, name: users.name })
    .from(referralEvents)
    .leftJoin(users, eq(users.id, referralEvents.userId))
    .where(inArray(referralEvents.referralId, [...new Set(referralIds)]))
    .orderBy(asc(referralEvents.id));
  for (const { row, name } of rows) {
    const list = found.get(row.referralId) ?? [];
    list.push({
      at: row.at.toISOString(),
      by_role: row.role,
      by_name: row.role === 'club' || !name ? null : name,
      event: row.event,
    });
    found.set(row.referralId, list);
  }
  return found;
}

/** An agency officer's agency, or null (not an officer, or one without an agency). */
export async function agencyOfCaller(db: Db | Tx, caller: Caller): Promise<number | null> {
  if (caller.role !== 'agency') return null;
  const [row] = await db
    .select({ agencyId: users.agencyId })
    .from(users)
    .where(eq(users.id, caller.userId));
  return row?.agencyId ?? null;
}

/** One referral with the slice of its application an agency officer sees. */
export type ReferralDetail = ReferralRecord;

/**
 * The referrals of a season (every season without `year`), newest application first: an
 * officer's agency's only; staff every one. The application slice is joined by the caller.
 */
export async function listReferrals(
  db: Db,
  scope: { agencyId: number | null; year: number | null },
): Promise<ReferralDetail[]> {
  const where = and(
    scope.agencyId === null ? undefined : eq(referrals.agencyId, scope.agencyId),
    scope.year === null ? undefined : eq(applications.applyYear, scope.year),
  );
  const rows = await db
    .select({ referral: referrals, agency: agencies })
    .from(referrals)
    .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
    .innerJoin(applications, eq(applications.id, referrals.applicationId))
    .where(where)
    .orderBy(desc(referrals.applicationId), asc(agencies.name));
  const histories = await referralHistories(
    db,
    rows.map((row) => row.referral.id),
  );
  return rows.map((row) => ({
    ...referralOnWire(row),
    application_id: row.referral.applicationId,
    history: histories.get(row.referral.id) ?? [],
    response_document: row.referral.responseDocument,
    letter: row.referral.letterPath,
    letter_date: row.referral.letterDate,
  }));
}

/**
 * The stored files of referrals (the club's answers' documents, offline agencies' letters) and
 * of appeals (the club's document, issue 30): of one application, or of all; the file route and
 * the start-up cleanup count them as the application's.
 */
export async function referralFileNames(db: Db | Tx, applicationId?: number): Promise<string[]> {
  const rows = await db
    .select({ document: referrals.responseDocument, letter: referrals.letterPath })
    .from(referrals)
    .where(applicationId === undefined ? undefined : eq(referrals.applicationId, applicationId));
  const appealDocuments = await db
    .select({ document: appeals.document })
    .from(appeals)
    .where(applicationId === undefined ? undefined : eq(appeals.applicationId, applicationId));
  return [
    ...rows.flatMap((row) => [row.document, row.letter]),
    ...appealDocuments.map((row) => row.document),
  ].filter((n): n is string => Boolean(n));
}

/**
 * The referrals the sweep looks at: pending, at an agency with deemed approval, due before
 * `today` (the domain rule decides, in working days, whether each is past due).
 */
export async function deemableReferralIds(db: Db, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
    .where(
      and(
        eq(referrals.status, 'pending'),
        eq(agencies.deemedApproval, true),
        lt(referrals.dueOn, today),
        isNotNull(referrals.dueOn),
      ),
    )
    .orderBy(asc(referrals.id));
  return rows.map((row) => row.id);
}

/** A referral's club and status, unlocked (a check before storing a file; the change checks again). */
export async function findReferralOwner(
  db: Db,
  id: number,
): Promise<{ clubId: number; status: string } | null> {
  const [row] = await db
    .select({ clubId: applications.clubId, status: referrals.status })
    .from(referrals)
    .innerJoin(applications, eq(applications.id, referrals.applicationId))
    .where(eq(referrals.id, id));
  return row ?? null;
}
