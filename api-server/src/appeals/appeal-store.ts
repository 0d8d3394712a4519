/**
 * Appeals (issue 30, domain appeals.ts, decision 0047): a club files one against a refusal of
 * its own application, the Appellate Officer decides it. Each change runs under the
 * application's row lock (then the appeal's: the same order as every other change of the
 * application), applies the domain rule, writes the appeal and, for an allowed appeal, sets the
 * decision appealed against aside (the final decision or the referral pending again), and
 * records the event (audit entry, the club's mail and SMS) in the same transaction. Two officers
 * deciding at once: the second finds it decided (`appeals.alreadyDecided`).
 */
import {
  DEFAULT_APPEAL_TERMS,
  appealSeasonBlocker,
  checkAppealForm,
  codeFromStatus,
  decideAppeal,
  fileAppeal,
  mayDecideAppeal,
  municipalDay,
  openAppeals,
  overdueTarget,
  refusalTarget,
  seasonYearOf,
  setAsideFinalDecision,
  setAsideReferral,
  validateAppealDecision,
  type Appeal,
  type AppealAction,
  type AppealEvent,
  type AppealOpening,
  type AppealTerms,
  type Application,
  type IsoDay,
  type NoticeLinks,
  type Referral,
} from '@puja/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import {
  findApplication,
  perApplicationReader,
  selectJoined,
  toApplication,
} from '../applications/application-reads';
import { onApplicationTrail } from '../applications/audit';
import { recordChange } from '../applications/record-change';
import { bumpDataVersion, type Db, type Tx } from '../db/client';
import {
  agencies,
  applications,
  appeals,
  auditLog,
  referrals,
  serviceStandards,
} from '../db/schema';
import { storedClocksOf } from '../clock/step-clock-store';
import { readWorkingCalendar } from '../clock/working-calendar';
import { referralOnWire, referralsOf } from '../departments/referral-store';
import { Refused, refusedBy } from '../refused';
import { lockSeasonStanding } from '../seasons/season-store';

type AppealRow = typeof appeals.$inferSelect;

/** The wire form of an appeal (application rows, list-appeals). */
function appealOnWire(row: AppealRow, agencyName: string | null): Appeal {
  return {
    id: row.id,
    application_id: row.applicationId,
    ground: row.ground as Appeal['ground'],
    referral_id: row.referralId,
    agency_name: agencyName,
    step: row.step,
    status: row.status as Appeal['status'],
    appealed_on: row.appealedOn,
    filed_on: row.filedOn,
    due_on: row.dueOn,
    decided_on: row.decidedOn,
    reason: row.reason,
    decision_reason: row.decisionReason,
    document: row.document,
    order_due_on: row.orderDueOn,
  };
}

const joinedAppeals = (db: Db | Tx) =>
  db
    .select({ appeal: appeals, agencyName: agencies.name })
    .from(appeals)
    .leftJoin(referrals, eq(referrals.id, appeals.referralId))
    .leftJoin(agencies, eq(agencies.id, referrals.agencyId));

/** The appeals of some applications, per application, oldest first. */
export const appealsOf = perApplicationReader(
  (db, ids) =>
    joinedAppeals(db).where(inArray(appeals.applicationId, ids)).orderBy(asc(appeals.id)),
  (row) => row.appeal.applicationId,
  (row): Appeal => appealOnWire(row.appeal, row.agencyName),
);

/** The day the chairman last rejected an application (its history's entry), or null. */
async function finalRejectedOn(db: Db | Tx, applicationId: number): Promise<IsoDay | null> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      onApplicationTrail(
        applicationId,
        eq(auditLog.item, 'chairman'),
        eq(auditLog.action, 'reject'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ? municipalDay(row.at.getTime()) : null;
}

/**
 * What a club may appeal now on its application (the dashboard's "Appeal"): its refusals
 * within the window, not appealed before; nothing once the review of its season is closed.
 */
export async function appealableOf(
  db: Db | Tx,
  application: Application,
  nowMs: number,
  terms: AppealTerms = DEFAULT_APPEAL_TERMS,
): Promise<AppealOpening[]> {
  // A season whose review is closed takes no appeal: none is offered.
  const standing = await lockSeasonStanding(db, seasonYearOf(application));
  if (appealSeasonBlocker('file', standing) !== null) return [];
  const rejected = application.chairman_status === 'Rejected';
  return openAppeals(
    application,
    rejected ? await finalRejectedOn(db, application.id) : null,
    municipalDay(nowMs),
    await readWorkingCalendar(db),
    terms,
    (await storedClocksOf(db, [application.id])).get(application.id) ?? [],
  );
}

/** One application, row-locked, with its referrals and appeals. */
async function lockWithAppeals(tx: Tx, id: number) {
  const locked = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  const [row] = locked.length === 0 ? [] : await selectJoined(tx).where(eq(applications.id, id));
  if (!row) return null;
  const application = toApplication(row);
  return {
    ...application,
    referrals: (await referralsOf(tx, [id])).get(id) ?? [],
    appeals: (await appealsOf(tx, [id])).get(id) ?? [],
  };
}

/**
 * Refuses an appeal change the state of the application's season does not allow
 * (`appeals.reviewClosed`, 409, domain `appealSeasonBlocker`). The season row is read FOR SHARE
 * until commit, as for every change of an application: closing the review waits for this change,
 * and a change after the closing sees it.
 */
async function requireSeasonAllows(
  tx: Tx,
  application: Pick<Application, 'apply_year'>,
  action: AppealAction,
): Promise<void> {
  const standing = await lockSeasonStanding(tx, seasonYearOf(application));
  const blocker = appealSeasonBlocker(action, standing);
  if (blocker !== null) throw new Refused(blocker, 'conflict');
}

/**
 * POST /file-appeal.php: the owning club appeals a refusal of its application on `nowMs`'s day
 * (`document`: a stored file, or null). Refusals: `applications.notFound` (404), not the club's
 * (`appeals.notYourApplication`, 403), the form (`appeals.noGround`, `appeals.reasonRequired`,
 * 422), the review of its season closed (`appeals.reviewClosed`, 409), nothing to appeal, out of
 * time (422), the decision appealed before (409).
 */
export async function fileClubAppeal(
  tx: Tx,
  caller: Caller,
  mail: NoticeLinks,
  request: { fields: Readonly<Record<string, unknown>>; document: string | null },
  nowMs: number,
  terms: AppealTerms,
): Promise<{ appeal: Appeal; event: AppealEvent }> {
  const id = Number(request.fields.application_id);
  const app = Number.isSafeInteger(id) && id > 0 ? await lockWithAppeals(tx, id) : null;
  if (!app) throw new Refused('applications.notFound', 'notFound');
  if (caller.clubId === null || caller.clubId !== app.club_id) {
    throw new Refused('appeals.notYourApplication', 'forbidden');
  }
  const form = checkAppealForm(request.fields);
  if (!form.ok) throw new Refused(form.errors[0]?.message ?? 'appeals.noGround', 'rule');
  await requireSeasonAllows(tx, app, 'file');
  const { ground, referral_id: referralId, reason } = form.value;
  const target =
    ground === 'overdue'
      ? overdueTarget(
          (await storedClocksOf(tx, [app.id])).get(app.id) ?? [],
          app.referrals,
          referralId,
        )
      : refusalTarget(
          ground,
          app,
          referralId,
          ground === 'finalRejected' ? await finalRejectedOn(tx, app.id) : null,
        );
  const outcome = fileAppeal(
    app.id,
    target,
    app.appeals,
    { reason, document: request.document },
    municipalDay(nowMs),
    await readWorkingCalendar(tx),
    terms,
  );
  if (!outcome.ok) throw refusedBy(outcome);
  const { appeal } = outcome;
  const [inserted] = await tx
    .insert(appeals)
    .values({
      applicationId: app.id,
      ground: appeal.ground,
      referralId: appeal.referral_id,
      step: appeal.step,
      reason: appeal.reason,
      document: appeal.document,
      appealedOn: appeal.appealed_on,
      filedOn: appeal.filed_on,
      dueOn: appeal.due_on,
    })
    .returning({ id: appeals.id });
  await recordChange(tx, caller, outcome.event, app, mail, nowMs);
  await bumpDataVersion(tx);
  return { appeal: { ...appeal, id: inserted?.id ?? 0 }, event: outcome.event };
}

/** The Appellate Officer named for an appeal's step (null: none, the chairman hears it). */
async function appellateOf(tx: Tx, appeal: Appeal): Promise<number | null> {
  if (appeal.referral_id !== null) {
    const [row] = await tx
      .select({ id: agencies.appellateUserId })
      .from(referrals)
      .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
      .where(eq(referrals.id, appeal.referral_id));
    return row?.id ?? null;
  }
  const [row] = await tx
    .select({ id: serviceStandards.appellateUserId })
    .from(serviceStandards)
    .where(eq(serviceStandards.step, appeal.step));
  return row?.id ?? null;
}

/**
 * Sets aside the decision an allowed appeal was against: the final decision or the referral; a
 * department's late referral is made due on the ordered day instead (the sweep's mark cleared).
 * A late municipal step's clock moves with the event (`recordChange`).
 */
async function setAside(
  tx: Tx,
  application: Application & { referrals: Referral[] },
  appeal: Appeal,
  today: IsoDay,
): Promise<void> {
  if (appeal.ground === 'finalRejected') {
    const after = setAsideFinalDecision(application);
    await tx
      .update(applications)
      .set({
        chairmanStatus: codeFromStatus(after.chairman_status),
        chairmanReason: after.chairman_reason,
        chairmanApprovedDate: null,
        updatedAt: new Date(),
      })
      .where(eq(applications.id, application.id));
    return;
  }
  if (appeal.ground === 'overdue' && appeal.referral_id !== null && appeal.order_due_on) {
    await tx
      .update(referrals)
      .set({
        dueOn: appeal.order_due_on,
        overdueOn: null,
        escalatedTo: null,
        updatedAt: new Date(),
      })
      .where(and(eq(referrals.id, appeal.referral_id), eq(referrals.status, 'pending')));
    return;
  }
  if (appeal.ground !== 'referralRejected' || appeal.referral_id === null) return;
  const [row] = await tx
    .select({ referral: referrals, agency: agencies })
    .from(referrals)
    .innerJoin(agencies, eq(agencies.id, referrals.agencyId))
    .where(eq(referrals.id, appeal.referral_id))
    .for('update', { of: referrals });
  if (!row) return;
  const next = setAsideReferral(
    referralOnWire(row),
    row.agency.days,
    today,
    await readWorkingCalendar(tx),
  );
  await tx
    .update(referrals)
    .set({
      status: next.status,
      dueOn: next.due_on,
      decidedOn: next.decided_on,
      referenceNo: next.reference_no,
      conditions: next.conditions,
      reason: next.reason,
      decidedBy: null,
      updatedAt: new Date(),
    })
    .where(eq(referrals.id, appeal.referral_id));
}

/**
 * POST /decide-appeal.php: the Appellate Officer allows or dismisses a pending appeal.
 * Refusals: `appeals.notFound` (404), not its officer (`appeals.notYourAppeal`, 403), the form
 * (422), allowing once the review of its season is closed (`appeals.reviewClosed`, 409; it may
 * still be dismissed), decided before (`appeals.alreadyDecided`, 409: one of two officers
 * deciding at once).
 */
export async function decideOneAppeal(
  tx: Tx,
  caller: Caller,
  mail: NoticeLinks,
  fields: Readonly<Record<string, unknown>>,
  nowMs: number,
): Promise<{ appeal: Appeal; event: AppealEvent }> {
  const id = Number(fields.id);
  const [found] =
    Number.isSafeInteger(id) && id > 0
      ? await tx
          .select({ applicationId: appeals.applicationId })
          .from(appeals)
          .where(eq(appeals.id, id))
      : [];
  const app = found ? await lockWithAppeals(tx, found.applicationId) : null;
  const [row] = app
    ? await joinedAppeals(tx).where(eq(appeals.id, id)).for('update', { of: appeals })
    : [];
  if (!app || !row) throw new Refused('appeals.notFound', 'notFound');
  const current = appealOnWire(row.appeal, row.agencyName);
  if (!mayDecideAppeal({ id: caller.userId, role: caller.role }, await appellateOf(tx, current))) {
    throw new Refused('appeals.notYourAppeal', 'forbidden');
  }
  const checked = validateAppealDecision(fields, current.ground);
  if (!checked.ok) throw new Refused(checked.key, 'rule');
  if (current.status === 'pending') await requireSeasonAllows(tx, app, checked.input.decision);
  const today = municipalDay(nowMs);
  const outcome = decideAppeal(current, checked.input, today, await readWorkingCalendar(tx));
  if (!outcome.ok) throw refusedBy(outcome);
  const decided = outcome.appeal;
  await tx
    .update(appeals)
    .set({
      status: decided.status,
      decidedOn: decided.decided_on,
      decidedBy: caller.userId,
      decisionReason: decided.decision_reason,
      orderDueOn: decided.order_due_on,
    })
    .where(eq(appeals.id, id));
  if (decided.status === 'allowed') await setAside(tx, app, decided, today);
  const after = (await findApplication(tx, app.id)) ?? app;
  // On the caller's clock: an allowed final rejection's clock starts again that day.
  await recordChange(tx, caller, outcome.event, after, mail, nowMs);
  await bumpDataVersion(tx);
  return { appeal: decided, event: outcome.event };
}

/** An appeal in the work list: with its application's number, season and club. */
export interface ListedAppeal extends Appeal {
  reg_no: string;
  apply_year: string;
  club_name: string;
}

/** GET /list-appeals.php?year=: the appeals of a season's applications (every one without a year). */
export async function listAppeals(db: Db, year: number | null): Promise<ListedAppeal[]> {
  const ids = (
    await db
      .select({ id: applications.id })
      .from(applications)
      .where(year === null ? undefined : eq(applications.applyYear, year))
  ).map((row) => row.id);
  const byApplication = await appealsOf(db, ids);
  if (byApplication.size === 0) return [];
  const rows = await selectJoined(db).where(inArray(applications.id, [...byApplication.keys()]));
  const listed = rows.flatMap((row) => {
    const app = toApplication(row);
    return (byApplication.get(app.id) ?? []).map((appeal) => ({
      ...appeal,
      reg_no: app.reg_no,
      apply_year: app.apply_year,
      club_name: app.club_name,
    }));
  });
  return listed.sort((a, b) => a.id - b.id);
}
