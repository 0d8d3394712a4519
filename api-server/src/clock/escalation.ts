/**
 * Escalation (issue 30, decision 0045): on each working day the sweep finds the steps past their
 * due date (the municipality's own steps and the departments' referrals, of seasons whose review
 * goes on), marks each overdue once (`stepOverdue`, audited through the change writer, the step
 * then shows whom it is with) and mails each Appellate Officer one digest a day naming every
 * overdue step of theirs (the chairmen when a step names none). `overdue_digests` (user, day) is
 * the once: a second sweep that day, or one at the same time, sends none. It also starts the
 * clock of a current step that has none (applications from before the clocks).
 */
import {
  currentReviewItem,
  formatMessage,
  formatRegNo,
  formatShortDate,
  isLocale,
  isReferralOverdue,
  isWorkingDay,
  municipalDay,
  standardStepLabel,
  startStep,
  stepOfReviewItem,
  stepOverdue,
  DEFAULT_LOCALE,
  type IsoDay,
  type Locale,
  type MunicipalStep,
  type NoticeLinks,
  type StepOverdueEvent,
  type WorkingCalendar,
} from '@puja/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { selectJoined, toApplication } from '../applications/application-reads';
import { lockApplication } from '../applications/application-store';
import { recordAudit } from '../applications/audit';
import { recordChange } from '../applications/record-change';
import type { Db, Tx } from '../db/client';
import {
  agencies,
  applications,
  clubs,
  notificationOutbox,
  overdueDigests,
  referrals,
  seasons,
  serviceStandards,
  stepClocks,
  users,
} from '../db/schema';
import { readWorkingCalendar } from './working-calendar';

/** What one escalation pass did. */
export interface Escalation {
  /** Clocks started for current steps that had none. */
  started: number;
  /** Steps and referrals marked overdue this pass. */
  marked: number;
  /** Digests written (one per officer and day at most). */
  digests: number;
}

/** Applications of seasons whose review goes on (a closed review ended the undecided ones). */
const reviewGoesOn = () =>
  inArray(
    applications.applyYear,
    sql`(SELECT ${seasons.year} FROM ${seasons} WHERE ${seasons.reviewClosedAt} IS NULL)`,
  );

/** A municipal step whose clock runs (undecided, not paused), of a season under review. */
const clockRuns = () =>
  and(isNull(stepClocks.decidedOn), isNull(stepClocks.pausedOn), reviewGoesOn());

/** A department's referral still pending, of a season under review. */
const referralPending = () => and(eq(referrals.status, 'pending'), reviewGoesOn());

/**
 * Starts, from `today`, the clock of the step an undecided application waits at when none of
 * its steps has a clock (an application from before the clocks); a step waiting for the club
 * starts when the club acts.
 */
async function startMissingClocks(db: Db, today: IsoDay, calendar: WorkingCalendar) {
  const rows = await selectJoined(db).where(
    and(
      eq(applications.chairmanStatus, '0'),
      reviewGoesOn(),
      notExists(
        db
          .select({ one: sql`1` })
          .from(stepClocks)
          .where(eq(stepClocks.applicationId, applications.id)),
      ),
    ),
  );
  const days = new Map(
    (await db.select().from(serviceStandards)).map((row) => [row.step, row.days]),
  );
  let started = 0;
  for (const app of rows.map(toApplication)) {
    const item = currentReviewItem(app);
    if (item === null) continue;
    const step = stepOfReviewItem(item);
    const clock = startStep(today, days.get(step) ?? 1, calendar);
    const inserted = await db
      .insert(stepClocks)
      .values({ applicationId: app.id, step, startedOn: clock.started_on, dueOn: clock.due_on })
      .onConflictDoNothing()
      .returning({ id: stepClocks.applicationId });
    started += inserted.length;
  }
  return started;
}

/** An Appellate Officer's name by user id (null id: none named). */
async function officerName(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** When a pass marks: the municipal day and its working calendar. */
interface PassTime {
  today: IsoDay;
  calendar: WorkingCalendar;
}

/**
 * Marks one late step overdue under its application's lock (the change writer's order: the
 * application, then the step's row) and records its `stepOverdue` event; whether it did. `mark`
 * locks the step's row and, while it is still late and unmarked, marks it and answers what the
 * event tells (null: nothing to mark).
 */
async function markOverdue(
  db: Db,
  links: NoticeLinks,
  applicationId: number,
  nowMs: number,
  mark: (tx: Tx) => Promise<Omit<StepOverdueEvent, 'type'> | null>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (application === null) return false;
    const marked = await mark(tx);
    if (marked === null) return false;
    const event: StepOverdueEvent = { type: 'stepOverdue', ...marked };
    await recordChange(tx, 'system', event, application, links, nowMs);
    return true;
  });
}

/** How one municipal step is marked overdue (`markOverdue`'s `mark`). */
function markStep(key: { applicationId: number; step: string }, at: PassTime) {
  return async (tx: Tx): Promise<Omit<StepOverdueEvent, 'type'> | null> => {
    const where = and(
      eq(stepClocks.applicationId, key.applicationId),
      eq(stepClocks.step, key.step),
    );
    const [row] = await tx.select().from(stepClocks).where(where).for('update');
    if (!row || row.decidedOn !== null || row.overdueOn !== null) return null;
    const clock = { ...row, started_on: row.startedOn, due_on: row.dueOn, paused_on: row.pausedOn };
    if (!stepOverdue({ ...clock, remaining_days: row.remainingDays }, at.today, at.calendar)) {
      return null;
    }
    const [standard] = await tx
      .select({ appellate: serviceStandards.appellateUserId })
      .from(serviceStandards)
      .where(eq(serviceStandards.step, key.step));
    const escalatedTo = await officerName(tx, standard?.appellate ?? null);
    await tx.update(stepClocks).set({ overdueOn: at.today, escalatedTo }).where(where);
    return { step: key.step, agencyName: null, dueOn: row.dueOn, escalatedTo };
  };
}

/** How one pending referral is marked overdue (`markOverdue`'s `mark`). */
function markReferral(key: { id: number }, at: PassTime) {
  return async (tx: Tx): Promise<Omit<StepOverdueEvent, 'type'> | null> => {
    const [row] = await tx
      .select({ referral: referrals, agency: agencies })
      .from(referrals)
      .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
      .where(eq(referrals.id, key.id))
      .for('update', { of: referrals });
    if (!row || row.referral.overdueOn !== null) return null;
    const state = { status: row.referral.status as 'pending', due_on: row.referral.dueOn };
    if (!isReferralOverdue(state, at.today, at.calendar)) return null;
    const escalatedTo = await officerName(tx, row.agency.appellateUserId);
    await tx
      .update(referrals)
      .set({ overdueOn: at.today, escalatedTo })
      .where(eq(referrals.id, key.id));
    return {
      step: 'referral',
      agencyName: row.agency.name,
      dueOn: row.referral.dueOn,
      escalatedTo,
    };
  };
}

/** A late step as a digest names it. */
interface LateStep {
  officerId: number | null;
  regNo: number;
  club: string;
  step: MunicipalStep | 'referral';
  agencyName: string | null;
  dueOn: IsoDay;
}

/** What a digest line names of a late row's application: its reg. no. and club. */
const clubOfRow = { regNo: applications.regNo, club: clubs.clubname };

/**
 * A query of late rows joined to their application and club (`clubOfRow`), by due day, then
 * reg. no.: the municipal steps and the referrals alike.
 */
function withClub<Q extends PgSelect>(query: Q, applicationId: AnyPgColumn, dueOn: AnyPgColumn) {
  return query
    .innerJoin(applications, eq(applications.id, applicationId))
    .innerJoin(clubs, eq(clubs.id, applications.clubId))
    .orderBy(asc(dueOn), asc(applications.regNo));
}

/** Every step overdue now (marked, undecided, running), with its Appellate Officer's id. */
async function lateSteps(db: Db): Promise<LateStep[]> {
  const own = await withClub(
    db
      .select({
        ...clubOfRow,
        officerId: serviceStandards.appellateUserId,
        step: stepClocks.step,
        dueOn: stepClocks.dueOn,
      })
      .from(stepClocks)
      .leftJoin(serviceStandards, eq(serviceStandards.step, stepClocks.step))
      .where(and(isNotNull(stepClocks.overdueOn), clockRuns()))
      .$dynamic(),
    stepClocks.applicationId,
    stepClocks.dueOn,
  );
  const departments = await withClub(
    db
      .select({
        ...clubOfRow,
        officerId: agencies.appellateUserId,
        agencyName: agencies.name,
        dueOn: referrals.dueOn,
      })
      .from(referrals)
      .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
      .where(and(isNotNull(referrals.overdueOn), referralPending()))
      .$dynamic(),
    referrals.applicationId,
    referrals.dueOn,
  );
  return [
    ...own.map((row) => ({ ...row, step: row.step as MunicipalStep, agencyName: null })),
    ...departments.map((row) => ({ ...row, step: 'referral' as const })),
  ];
}

/** A digest's subject and text in the officer's language. */
function digestText(
  officer: { name: string },
  steps: readonly LateStep[],
  locale: Locale,
): { subject: string; body: string } {
  const lines = steps.map((late) =>
    formatMessage(
      'due.digest.line',
      {
        regNo: formatRegNo(String(late.regNo)),
        club: late.club,
        step: standardStepLabel({ step: late.step, agency_name: late.agencyName }, locale),
        date: formatShortDate(late.dueOn, locale),
      },
      locale,
    ),
  );
  return {
    subject: formatMessage('due.digest.subject', { count: steps.length }, locale),
    body: formatMessage(
      'due.digest.body',
      { name: officer.name, lines: lines.map((line) => `- ${line}`).join('\n') },
      locale,
    ),
  };
}

/**
 * One digest per officer and day: each Appellate Officer (the chairmen for steps naming none)
 * gets one mail naming every overdue step of theirs, written once (`overdue_digests`).
 */
async function sendDigests(db: Db, today: IsoDay): Promise<number> {
  const late = await lateSteps(db);
  if (late.length === 0) return 0;
  const chairmen = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'chairman'))
    .orderBy(asc(users.id));
  const byOfficer = new Map<number, LateStep[]>();
  for (const step of late) {
    const to = step.officerId === null ? chairmen.map((c) => c.id) : [step.officerId];
    for (const id of to) byOfficer.set(id, [...(byOfficer.get(id) ?? []), step]);
  }
  let sent = 0;
  for (const [officerId, steps] of byOfficer) {
    const wrote = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(overdueDigests)
        .values({ userId: officerId, day: today, steps: steps.length })
        .onConflictDoNothing()
        .returning({ userId: overdueDigests.userId });
      if (claimed.length === 0) return false;
      const [officer] = await tx
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, officerId));
      if (!officer?.email) return false;
      const locale = isLocale(officer.locale) ? officer.locale : DEFAULT_LOCALE;
      const auditId = await recordAudit(tx, 'system', {
        action: 'escalate',
        entity: 'user',
        entityId: officerId,
        item: 'overdueDigest',
        to: officer.email,
        reason: `${steps.length} overdue step(s) on ${today}`,
      });
      await tx.insert(notificationOutbox).values({
        applicationId: null,
        auditId,
        kind: 'overdueDigest',
        recipient: officer.email,
        locale,
        ...digestText(officer, steps, locale),
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

/**
 * One escalation pass as of `nowMs` (nothing on a day that is not a working day): starts the
 * missing clocks, marks the late steps and referrals, and writes the day's digests.
 */
export async function escalateOverdue(
  db: Db,
  links: NoticeLinks,
  nowMs: number,
): Promise<Escalation> {
  const calendar = await readWorkingCalendar(db);
  const today = municipalDay(nowMs);
  if (!isWorkingDay(today, calendar)) return { started: 0, marked: 0, digests: 0 };
  const started = await startMissingClocks(db, today, calendar);
  const at = { today, calendar };
  let marked = 0;
  const steps = await db
    .select({ applicationId: stepClocks.applicationId, step: stepClocks.step })
    .from(stepClocks)
    .innerJoin(applications, eq(applications.id, stepClocks.applicationId))
    .where(and(clockRuns(), isNull(stepClocks.overdueOn), lt(stepClocks.dueOn, today)))
    .orderBy(asc(stepClocks.applicationId), asc(stepClocks.step));
  for (const key of steps) {
    if (await markOverdue(db, links, key.applicationId, nowMs, markStep(key, at))) marked += 1;
  }
  const late = await db
    .select({ id: referrals.id, applicationId: referrals.applicationId })
    .from(referrals)
    .innerJoin(applications, eq(applications.id, referrals.applicationId))
    .where(and(referralPending(), isNull(referrals.overdueOn), lt(referrals.dueOn, today)))
    .orderBy(asc(referrals.id));
  for (const key of late) {
    if (await markOverdue(db, links, key.applicationId, nowMs, markReferral(key, at))) marked += 1;
  }
  return { started, marked, digests: await sendDigests(db, today) };
}
