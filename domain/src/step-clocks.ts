/**
 * The stored step clocks (issue 30, decision 0045): how each event of an application moves the
 * clocks of the municipality's own steps, and the clock of a step as application rows carry it.
 * The rules of one clock (start, pause, resume, overdue) are service-standards.ts's; the RTPS
 * report built of the clocks is rtps-report.ts's.
 */
import { REVIEW_DOCUMENTS, type Application } from './application';
import type { ChangeEvent } from './events';
import { isServiceStep, MUNICIPAL_STEPS, type MunicipalStep } from './service-standards';
import type { IsoDay } from './working-days';

/**
 * What an event does to a step's clock: `run` starts it (none yet) or restarts a stopped one
 * with the days it had left; `pause` stops it (the club has the ball); `decide` ends it;
 * `reopen` starts a decided step afresh (its decision set aside on appeal); `order` makes a late
 * step due on the day an allowed appeal ordered it decided by (the sweep's mark cleared: late
 * again after that day, it is escalated again).
 */
export type ClockMove =
  | { step: MunicipalStep; action: 'run' | 'pause' | 'decide' | 'reopen' }
  | { step: MunicipalStep; action: 'order'; due_on: IsoDay };

/** The step after a document: the next document, or the final decision after the last. */
function stepAfter(item: (typeof REVIEW_DOCUMENTS)[number]): MunicipalStep {
  return REVIEW_DOCUMENTS[REVIEW_DOCUMENTS.indexOf(item) + 1] ?? 'final';
}

/**
 * The clock moves an event makes, in order: the acknowledgement's clock runs from its upload; a
 * document approved ends its clock and starts the next step's; a rejection stops the clock until
 * the re-upload restarts it; the final decision ends the last one, and an allowed appeal of a
 * final rejection starts it again. Other events move none.
 * @example clockMovesOf({ type: 'documentApproved', item: 'agreement' }) // [{ step: 'agreement', action: 'decide' }, { step: 'final', action: 'run' }]
 */
export function clockMovesOf(event: ChangeEvent): ClockMove[] {
  switch (event.type) {
    case 'acknowledgementUploaded':
      return [{ step: 'acknowledgement', action: 'run' }];
    case 'documentUploaded':
      return [{ step: event.item, action: 'run' }];
    case 'acknowledgementAccepted':
      return [
        { step: 'acknowledgement', action: 'decide' },
        { step: stepAfter('acknowledgement'), action: 'run' },
      ];
    case 'documentApproved':
      return [
        { step: event.item, action: 'decide' },
        { step: stepAfter(event.item), action: 'run' },
      ];
    case 'documentRejected':
      return [{ step: event.item, action: 'pause' }];
    case 'nocIssued':
    case 'finalRejected':
      return [{ step: 'final', action: 'decide' }];
    // An allowed appeal sets the final rejection aside: the decision is due again, afresh; on a
    // late municipal step it orders the step decided by a day.
    case 'appealAllowed':
      if (event.ground === 'finalRejected') return [{ step: 'final', action: 'reopen' }];
      return event.ground === 'overdue' &&
        event.orderDueOn !== null &&
        isServiceStep(event.step) &&
        event.step !== 'referral'
        ? [{ step: event.step, action: 'order', due_on: event.orderDueOn }]
        : [];
    default:
      return [];
  }
}

/** A step's clock as application rows carry it (days are municipal days, `YYYY-MM-DD`). */
export interface StepClockRow {
  step: MunicipalStep;
  started_on: IsoDay;
  due_on: IsoDay;
  /** The day the clock stopped (the club has the ball); null while it runs. */
  paused_on: IsoDay | null;
  decided_on: IsoDay | null;
  /** Marked overdue by the sweep and still undecided and running. */
  overdue: boolean;
  /** Whom the late step was escalated to: the Appellate Officer's name; null: the chairman (or not late). */
  escalated_to: string | null;
  /** Working days the clock stood still while the club had the ball (the RTPS report). */
  paused_days?: number;
}

/**
 * The step an application's current review item is timed as (the chairman's decision is the
 * `final` step).
 * @example stepOfReviewItem('chairman') // 'final'
 */
export function stepOfReviewItem(
  item: (typeof REVIEW_DOCUMENTS)[number] | 'chairman',
): MunicipalStep {
  return item === 'chairman' ? 'final' : item;
}

/**
 * An application's clock of one step, or null (the step has not started).
 * @example stepClockOf(app, 'final')?.due_on
 */
export function stepClockOf(
  app: Pick<Application, 'steps'>,
  step: MunicipalStep,
): StepClockRow | null {
  return app.steps?.find((clock) => clock.step === step) ?? null;
}

/**
 * The running step of an application: started, not decided (it may be stopped); null when none.
 * @example currentStepClock(app)?.step // 'certificate'
 */
export function currentStepClock(app: Pick<Application, 'steps'>): StepClockRow | null {
  const open = (app.steps ?? []).filter((clock) => clock.decided_on === null);
  return open.sort((a, b) => rankOf(b.step) - rankOf(a.step))[0] ?? null;
}

const rankOf = (step: MunicipalStep) => MUNICIPAL_STEPS.indexOf(step);

/** Whether any step of an application is overdue now. */
export function hasOverdueStep(app: Pick<Application, 'steps'>): boolean {
  return (app.steps ?? []).some((clock) => clock.overdue);
}

/**
 * The earliest due date of an application's undecided, running steps (the list's due-date sort
 * and filter), or null when none runs.
 * @example nextDueOn(app) // '2026-10-21'
 */
export function nextDueOn(app: Pick<Application, 'steps'>): IsoDay | null {
  const running = (app.steps ?? []).filter((c) => c.decided_on === null && c.paused_on === null);
  return running.map((c) => c.due_on).sort()[0] ?? null;
}
