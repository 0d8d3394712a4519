/**
 * The stored step clocks (issue 30, migration 0021, decision 0045): one row per municipal step
 * of an application that has started. Only the change writer moves them (`moveStepClocks`, from
 * `recordChange`): the event an application's rule told says which clock starts, stops, restarts
 * or ends (domain `clockMovesOf`), on the municipal day of the change, counted on the stored
 * working calendar with the step's standard as it is when the step starts. The sweep marks the
 * late ones (escalation.ts). Application rows carry them (application-store `withRowExtras`).
 */
import {
  clockMovesOf,
  municipalDay,
  pauseStep,
  resumeStep,
  startStep,
  workingDaysBetween,
  type ChangeEvent,
  type ClockMove,
  type IsoDay,
  type MunicipalStep,
  type StepClock,
  type StepClockRow,
  type WorkingCalendar,
} from '@puja/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { perApplicationReader } from '../applications/application-reads';
import type { Db, Tx } from '../db/client';
import { serviceStandards, stepClocks } from '../db/schema';
import { readWorkingCalendar } from './working-calendar';

type ClockRecord = typeof stepClocks.$inferSelect;

/** A stored clock as the domain's `StepClock`, with its decision and the sweep's mark. */
export interface StoredStepClock extends StepClock {
  step: MunicipalStep;
  decided_on: IsoDay | null;
  /** The day the sweep found it late; null when it has not (or it restarted since). */
  overdue_on: IsoDay | null;
  escalated_to: string | null;
  /** Working days it stood still while the club had the ball. */
  paused_days: number;
}

function stored(row: ClockRecord): StoredStepClock {
  return {
    step: row.step as MunicipalStep,
    started_on: row.startedOn,
    due_on: row.dueOn,
    paused_on: row.pausedOn,
    remaining_days: row.remainingDays,
    decided_on: row.decidedOn,
    overdue_on: row.overdueOn,
    escalated_to: row.escalatedTo,
    paused_days: row.pausedDays,
  };
}

/** A stored clock as application rows carry it: overdue while marked, undecided and running. */
export function clockOnWire(clock: StoredStepClock): StepClockRow {
  const overdue =
    clock.overdue_on !== null && clock.decided_on === null && clock.paused_on === null;
  return {
    step: clock.step,
    started_on: clock.started_on,
    due_on: clock.due_on,
    paused_on: clock.paused_on,
    decided_on: clock.decided_on,
    overdue,
    escalated_to: overdue ? clock.escalated_to : null,
    paused_days: clock.paused_days,
  };
}

/**
 * One step's clock of an application, or null when the step has not started: what the appeals
 * read for the "overdue" ground (domain `workingDaysLate(clock, today, calendar)`).
 * @example await readStepClock(db, 7, 'final') // { started_on, due_on, paused_on, remaining_days, decided_on, … }
 */
export async function readStepClock(
  db: Db | Tx,
  applicationId: number,
  step: MunicipalStep,
): Promise<StoredStepClock | null> {
  const [row] = await db
    .select()
    .from(stepClocks)
    .where(and(eq(stepClocks.applicationId, applicationId), eq(stepClocks.step, step)));
  return row ? stored(row) : null;
}

/** The stored clocks of some applications, per application, in step order. */
export const storedClocksOf = perApplicationReader(
  (db, ids) =>
    db
      .select()
      .from(stepClocks)
      .where(inArray(stepClocks.applicationId, ids))
      .orderBy(asc(stepClocks.applicationId), asc(stepClocks.startedOn)),
  (row) => row.applicationId,
  stored,
);

/** The days a municipal step has now (its standard; a missing one counts as 1 day). */
async function standardDays(tx: Tx, step: MunicipalStep): Promise<number> {
  const [row] = await tx
    .select({ days: serviceStandards.days })
    .from(serviceStandards)
    .where(eq(serviceStandards.step, step));
  return row?.days ?? 1;
}

/** A clock's columns as stored from the domain's state. */
const columnsOf = (clock: StepClock) => ({
  startedOn: clock.started_on,
  dueOn: clock.due_on,
  pausedOn: clock.paused_on,
  remainingDays: clock.remaining_days,
});

/**
 * One move of one clock on `today`: `run` starts a step not started (its standard's days now)
 * or restarts a stopped one with the days it had left (the days it stood still counted, the
 * sweep's mark cleared); `pause` stops a running one (a step not started yet, as on data from
 * before the clocks, starts and stops at once); `decide` ends it; `reopen` starts it afresh from
 * `today` (its decision set aside on appeal); `order` makes an undecided step due on the day an
 * allowed appeal ordered (the sweep's mark cleared). Else a decided clock stays as it is.
 */
async function moveClock(
  tx: Tx,
  applicationId: number,
  move: ClockMove,
  today: IsoDay,
  calendar: WorkingCalendar,
): Promise<void> {
  const key = and(eq(stepClocks.applicationId, applicationId), eq(stepClocks.step, move.step));
  const [row] = await tx.select().from(stepClocks).where(key).for('update');
  const clock = row ? stored(row) : null;
  const update = (set: Partial<typeof stepClocks.$inferInsert>) =>
    tx
      .update(stepClocks)
      .set({ ...set, updatedAt: new Date() })
      .where(key);
  if (move.action === 'reopen') {
    const started = startStep(today, await standardDays(tx, move.step), calendar);
    if (clock === null) {
      await tx.insert(stepClocks).values({ applicationId, step: move.step, ...columnsOf(started) });
    } else {
      await update({
        ...columnsOf(started),
        decidedOn: null,
        pausedDays: 0,
        overdueOn: null,
        escalatedTo: null,
      });
    }
    return;
  }
  if (clock?.decided_on) return;
  if (move.action === 'order') {
    if (clock !== null) await update({ dueOn: move.due_on, overdueOn: null, escalatedTo: null });
    return;
  }
  if (clock === null) {
    if (move.action === 'decide') return;
    const started = startStep(today, await standardDays(tx, move.step), calendar);
    const next = move.action === 'pause' ? pauseStep(started, today, calendar) : started;
    await tx.insert(stepClocks).values({ applicationId, step: move.step, ...columnsOf(next) });
    return;
  }
  if (move.action === 'decide') {
    await update({ decidedOn: today });
  } else if (move.action === 'pause') {
    if (clock.paused_on === null) await update(columnsOf(pauseStep(clock, today, calendar)));
  } else if (clock.paused_on !== null) {
    await update({
      ...columnsOf(resumeStep(clock, today, calendar)),
      ...resumedColumns(clock, today, calendar),
    });
  }
}

/** What a restart adds: the working days the clock stood still; the sweep's mark is cleared. */
function resumedColumns(clock: StoredStepClock, today: IsoDay, calendar: WorkingCalendar) {
  const stood = clock.paused_on
    ? Math.max(0, workingDaysBetween(clock.paused_on, today, calendar))
    : 0;
  return {
    pausedOn: null,
    remainingDays: null,
    pausedDays: clock.paused_days + stood,
    overdueOn: null,
    escalatedTo: null,
  };
}

/**
 * Moves the clocks an application's event moves (domain `clockMovesOf`), in the change's
 * transaction, on the municipal day of `nowMs`. Called by `recordChange` only.
 */
export async function moveStepClocks(
  tx: Tx,
  event: ChangeEvent,
  applicationId: number,
  nowMs: number,
): Promise<void> {
  const moves = clockMovesOf(event);
  if (moves.length === 0) return;
  const calendar = await readWorkingCalendar(tx);
  const today = municipalDay(nowMs);
  for (const move of moves) await moveClock(tx, applicationId, move, today, calendar);
}
