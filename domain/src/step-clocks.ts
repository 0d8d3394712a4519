/**
 * The stored step clocks (issue 30, decision 0045): how each event of an application moves the
 * clocks of the municipality's own steps, the clock of a step as application rows carry it, and
 * the municipality's RTPS report (steps overdue now, share decided on time, median working days).
 * The rules of one clock (start, pause, resume, overdue) are service-standards.ts's.
 */
import { REVIEW_DOCUMENTS, type Application } from './application';
import type { ChangeEvent } from './events';
import { formatMessage, type Locale } from './messages';
import { MUNICIPAL_STEPS, stepNameKey, type MunicipalStep } from './service-standards';
import { workingDaysBetween, type IsoDay, type WorkingCalendar } from './working-days';

/**
 * What an event does to a step's clock: `run` starts it (none yet) or restarts a stopped one
 * with the days it had left; `pause` stops it (the club has the ball); `decide` ends it.
 */
export type ClockMove = { step: MunicipalStep; action: 'run' | 'pause' | 'decide' };

/** The step after a document: the next document, or the final decision after the last. */
function stepAfter(item: (typeof REVIEW_DOCUMENTS)[number]): MunicipalStep {
  return REVIEW_DOCUMENTS[REVIEW_DOCUMENTS.indexOf(item) + 1] ?? 'final';
}

/**
 * The clock moves an event makes, in order: the acknowledgement's clock runs from its upload; a
 * document approved ends its clock and starts the next step's; a rejection stops the clock until
 * the re-upload restarts it; the final decision ends the last one. Other events move none.
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

/** A stored clock as the report reads it: its days and the working days it was stopped. */
export interface ReportedClock {
  started_on: IsoDay;
  due_on: IsoDay;
  decided_on: IsoDay | null;
  overdue: boolean;
  /** Working days the clock stood still while the club had the ball. */
  paused_days?: number;
}

/** The municipality's RTPS report of a season. */
export interface RtpsReport {
  /** Steps overdue now. */
  overdueNow: number;
  /** Steps decided, and of them decided by their due date. */
  decided: number;
  decidedOnTime: number;
  /** decidedOnTime / decided, 0–1; null when none is decided. */
  onTimeShare: number | null;
  /** Median working days a decided step took (stopped days left out); null when none. */
  medianWorkingDays: number | null;
}

/**
 * The RTPS report of some clocks: overdue now, the share decided on time (by the due date,
 * which already counts the days stopped), and the median working days per decided step.
 * @example rtpsReport([{ started_on: '2026-10-16', due_on: '2026-10-21', decided_on: '2026-10-20', overdue: false }], week) // { overdueNow: 0, decided: 1, decidedOnTime: 1, onTimeShare: 1, medianWorkingDays: 2 }
 */
export function rtpsReport(
  clocks: readonly ReportedClock[],
  calendar: WorkingCalendar,
): RtpsReport {
  const decided = clocks.filter(
    (c): c is ReportedClock & { decided_on: IsoDay } => c.decided_on !== null,
  );
  const onTime = decided.filter((c) => c.decided_on <= c.due_on).length;
  const taken = decided
    .map((c) =>
      Math.max(0, workingDaysBetween(c.started_on, c.decided_on, calendar) - (c.paused_days ?? 0)),
    )
    .sort((a, b) => a - b);
  return {
    overdueNow: clocks.filter((c) => c.overdue && c.decided_on === null).length,
    decided: decided.length,
    decidedOnTime: onTime,
    onTimeShare: decided.length === 0 ? null : onTime / decided.length,
    medianWorkingDays: median(taken),
  };
}

/** The median of sorted numbers (the mean of the middle two for an even count); null for none. */
function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** One line of the RTPS report: a municipal step, or every step together (`all`). */
export interface RtpsLine {
  step: MunicipalStep | 'all';
  report: RtpsReport;
}

/**
 * The RTPS report of a season's applications: one line per municipal step (in their order),
 * then every step together, from the clocks the rows carry.
 * @example rtpsByStep(apps, calendar).at(-1) // { step: 'all', report: { overdueNow: 2, … } }
 */
export function rtpsByStep(
  apps: readonly Pick<Application, 'steps'>[],
  calendar: WorkingCalendar,
): RtpsLine[] {
  const clocks = apps.flatMap((app) => app.steps ?? []);
  return [
    ...MUNICIPAL_STEPS.map((step) => ({
      step,
      report: rtpsReport(
        clocks.filter((clock) => clock.step === step),
        calendar,
      ),
    })),
    { step: 'all' as const, report: rtpsReport(clocks, calendar) },
  ];
}

/** A line's step in words: the step's name, or "All steps". */
export function rtpsStepLabel(step: RtpsLine['step'], locale: Locale): string {
  return formatMessage(step === 'all' ? 'due.allSteps' : stepNameKey(step), {}, locale);
}

/**
 * The RTPS report as the Excel export writes it: a header, then one row per line with numbers
 * as numbers (the share on time 0–1, shown as a percentage; null: none decided).
 * @example rtpsExportRows(lines, 'en').header[0] // 'Step'
 */
export function rtpsExportRows(
  lines: readonly RtpsLine[],
  locale: Locale,
): { header: string[]; rows: (string | number | null)[][] } {
  const text = (key: Parameters<typeof formatMessage>[0]) => formatMessage(key, {}, locale);
  return {
    header: [
      text('due.col.step'),
      text('due.reportOverdue'),
      text('due.reportDecided'),
      text('due.reportDecidedOnTime'),
      text('due.reportOnTime'),
      text('due.reportMedian'),
    ],
    rows: lines.map(({ step, report }) => [
      rtpsStepLabel(step, locale),
      report.overdueNow,
      report.decided,
      report.decidedOnTime,
      report.onTimeShare,
      report.medianWorkingDays,
    ]),
  };
}

/**
 * The file name of the RTPS export of a season.
 * @example rtpsFileName(2026) // 'RTPS_report_2026.xlsx'
 */
export function rtpsFileName(year: number): string {
  return `RTPS_report_${year}.xlsx`;
}
