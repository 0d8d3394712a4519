/**
 * The municipality's own RTPS report (issue 30, decision 0045), from the step clocks the
 * application rows carry: per municipal step and in all, the steps overdue now, the share decided
 * by their due date and the median working days a decided step took; and its Excel rows. Apart
 * from step-clocks.ts so that only the dashboard loads it.
 */
import type { Application } from './application';
import { formatMessage, type Locale } from './messages';
import { MUNICIPAL_STEPS, stepNameKey, type MunicipalStep } from './service-standards';
import { workingDaysBetween, type IsoDay, type WorkingCalendar } from './working-days';

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
