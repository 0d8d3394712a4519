/**
 * Service standards (issue 30): the time limit of every step of an application, its Designated
 * Officer and its Appellate Officer, as West Bengal's Right to Public Services Act (2013) asks of
 * a notified service; and the step clock: when a step is due, how the clock stops while the club
 * has the ball and restarts with the days it had left, when a step is overdue and when a club may
 * still appeal. Days are working days (working-days.ts); decision 0045.
 */
import { REVIEW_DOCUMENTS } from './application';
import { accept, refuse, type Outcome } from './change';
import type { FormCheck, FieldError } from './form-check';
import { textOf } from './form-text';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';
import type { StaffRole } from './permissions';
import { MAX_AGENCY_DAYS } from './referrals';
import {
  addWorkingDays,
  appealWindowOpen,
  DEFAULT_APPEAL_WINDOW_DAYS,
  isOverdue,
  remainingWorkingDays,
  resumedDueDate,
  workingDaysBetween,
  type IsoDay,
  type WorkingCalendar,
} from './working-days';

// —— The steps ——

/**
 * The municipality's own steps, in the order an application goes through them: the four
 * documents (SPEC §4, named as `REVIEW_DOCUMENTS`) and the final decision. Each department's
 * referral is a step too (`referral`, one per agency, its days the agency's).
 */
export const MUNICIPAL_STEPS = [...REVIEW_DOCUMENTS, 'final'] as const;
export type MunicipalStep = (typeof MUNICIPAL_STEPS)[number];

/** A step of a service standard: a municipal step, or a department's referral. */
export type ServiceStep = MunicipalStep | 'referral';

/** Who decides a step: a staff role, or the department's own officers (`agency`). */
export type DesignatedRole = StaffRole | 'agency';

/** A step's standard as the municipality starts with it (decision 0045). */
export interface StandardDefaults {
  days: number;
  designated_role: DesignatedRole;
}

/**
 * The defaults seeded by the migration: the documents are checked by the store (SPEC §6), the
 * final decision is the chairman's; days are working days.
 */
export const DEFAULT_SERVICE_STANDARDS: Readonly<Record<MunicipalStep, StandardDefaults>> = {
  acknowledgement: { days: 2, designated_role: 'store' },
  chairman_application_certificate: { days: 3, designated_role: 'store' },
  certificate: { days: 3, designated_role: 'store' },
  agreement: { days: 3, designated_role: 'store' },
  final: { days: 5, designated_role: 'chairman' },
};

/** A step's standard as `list-service-standards.php` answers it. */
export interface ServiceStandard {
  step: ServiceStep;
  /** The department, for a referral; null for the municipality's own steps. */
  agency_id: number | null;
  agency_name: string | null;
  /** Working days the step has. */
  days: number;
  designated_role: DesignatedRole;
  /** The Appellate Officer; null: not named, appeals go to the chairman (the Reviewing Officer). */
  appellate_user_id: number | null;
  appellate_name: string | null;
}

/** The most working days a step may be given: a season is shorter (as for a department). */
export const MAX_STANDARD_DAYS = MAX_AGENCY_DAYS;

/**
 * Whether a value names a step of a standard.
 * @example isServiceStep('final') // true; isServiceStep('payment') // false
 */
export function isServiceStep(value: unknown): value is ServiceStep {
  return value === 'referral' || (MUNICIPAL_STEPS as readonly unknown[]).includes(value);
}

/**
 * The total working days of an application's municipal steps plus its slowest department: the
 * time frame the acknowledgement states (the referrals run beside the document checks).
 * @example totalWorkingDays([{ step: 'final', days: 5 }, { step: 'agreement', days: 3 }]) // 8
 */
export function totalWorkingDays(
  standards: readonly Pick<ServiceStandard, 'step' | 'days'>[],
): number {
  const own = standards.filter((s) => s.step !== 'referral').reduce((sum, s) => sum + s.days, 0);
  const referrals = standards.filter((s) => s.step === 'referral').map((s) => s.days);
  return own + Math.max(0, ...referrals);
}

/**
 * The order the public page and the staff screen list the standards in: the municipal steps in
 * their order, then the departments by name.
 * @example sortStandards(list).map((s) => s.step) // ['acknowledgement', …, 'final', 'referral', 'referral']
 */
export function sortStandards<S extends Pick<ServiceStandard, 'step' | 'agency_name'>>(
  standards: readonly S[],
): S[] {
  const rank = (s: S): number =>
    s.step === 'referral' ? MUNICIPAL_STEPS.length : MUNICIPAL_STEPS.indexOf(s.step);
  return [...standards].sort(
    (a, b) => rank(a) - rank(b) || (a.agency_name ?? '').localeCompare(b.agency_name ?? ''),
  );
}

// —— Editing a standard ——

/** What admin may change of a standard: its days and its Appellate Officer. */
export interface StandardChange {
  step: ServiceStep;
  agency_id: number | null;
  days: number;
  appellate_user_id: number | null;
}

/** A user who may be named Appellate Officer: an active staff user. */
export interface AppellateCandidate {
  id: number;
  role: string;
  active?: boolean;
}

function wholeNumber(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : textOf(value);
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/**
 * The edit dialog as a form: every problem at once (days, then the Appellate Officer). Days are
 * a whole number from 1 to `MAX_STANDARD_DAYS`; the Appellate Officer is empty (the chairman
 * hears appeals) or an active staff user (admin, store, chairman) among `candidates`.
 * @example checkServiceStandardForm({ step: 'final', days: '7', appellate_user_id: '' }, []).ok // true
 * @example checkServiceStandardForm({ step: 'final', days: '0' }, []).errors[0].message // 'standards.invalidDays'
 */
export function checkServiceStandardForm(
  fields: Readonly<Record<string, unknown>>,
  candidates: readonly AppellateCandidate[],
): FormCheck<StandardChange> {
  const errors: FieldError[] = [];
  const step = fields.step;
  const agencyId =
    fields.agency_id === undefined || fields.agency_id === null
      ? null
      : wholeNumber(fields.agency_id);
  const stepOk =
    isServiceStep(step) && (step === 'referral') === (agencyId !== null && agencyId > 0);
  if (!stepOk) errors.push({ field: 'step', message: 'standards.invalidStep' });
  const days = wholeNumber(fields.days);
  if (days === null || days < 1 || days > MAX_STANDARD_DAYS) {
    errors.push({ field: 'days', message: 'standards.invalidDays' });
  }
  const raw = fields.appellate_user_id;
  const empty = raw === undefined || raw === null || textOf(raw) === '';
  const appellate = empty ? null : wholeNumber(raw);
  const candidate = candidates.find((user) => user.id === appellate);
  if (
    !empty &&
    (candidate === undefined ||
      candidate.active === false ||
      !['admin', 'store', 'chairman', 'appellate'].includes(candidate.role))
  ) {
    errors.push({ field: 'appellate_user_id', message: 'standards.appellateNotStaff' });
  }
  if (errors.length > 0 || !isServiceStep(step) || days === null) {
    return { ok: false, summary: 'form.errorSummaryTitle', errors };
  }
  return {
    ok: true,
    value: {
      step,
      agency_id: step === 'referral' ? agencyId : null,
      days,
      appellate_user_id: appellate,
    },
  };
}

/**
 * The server's check of `update-service-standard.php`: the first problem of the form as a
 * refusal of kind `input`.
 * @example validateServiceStandard({ step: 'final', days: 91 }, []) // { ok: false, key: 'standards.invalidDays', kind: 'input' }
 */
export function validateServiceStandard(
  fields: Readonly<Record<string, unknown>>,
  candidates: readonly AppellateCandidate[],
): Outcome<{ change: StandardChange }> {
  const checked = checkServiceStandardForm(fields, candidates);
  if (checked.ok) return accept({ change: checked.value });
  return refuse(checked.errors[0]?.message ?? 'standards.invalidStep', 'input');
}

// —— The step clock ——

/**
 * A step's clock: when it started, when it is due, and, while the club has the ball, the day it
 * stopped and the working days it had left then.
 */
export interface StepClock {
  started_on: IsoDay;
  due_on: IsoDay;
  paused_on: IsoDay | null;
  /** Working days left when the clock stopped; null while it runs. */
  remaining_days: number | null;
}

/**
 * A step that becomes current on `today` (the one before approved) with its standard's days:
 * due `days` working days later.
 * @example startStep('2026-10-16', 3, workingCalendar()).due_on // '2026-10-21' (Fri + 3: Wed)
 */
export function startStep(today: IsoDay, days: number, calendar: WorkingCalendar): StepClock {
  return {
    started_on: today,
    due_on: addWorkingDays(today, days, calendar),
    paused_on: null,
    remaining_days: null,
  };
}

/**
 * The clock stops when the ball goes to the club (a rejected document waits for its re-upload,
 * an objection for its answer); stopping a stopped clock changes nothing.
 * @example pauseStep({ started_on: '2026-10-16', due_on: '2026-10-23', paused_on: null, remaining_days: null }, '2026-10-20', week).remaining_days // 3
 */
export function pauseStep(clock: StepClock, today: IsoDay, calendar: WorkingCalendar): StepClock {
  if (clock.paused_on !== null) return clock;
  return {
    ...clock,
    paused_on: today,
    remaining_days: remainingWorkingDays(clock.due_on, today, calendar),
  };
}

/**
 * The clock restarts when the club answers (the re-upload, the answer to the objection), with the
 * working days it had left: the new due date counts them from the day it restarts. A running
 * clock is left as it is.
 * @example resumeStep({ …, paused_on: '2026-10-20', remaining_days: 3 }, '2026-11-02', week).due_on // '2026-11-05'
 */
export function resumeStep(clock: StepClock, today: IsoDay, calendar: WorkingCalendar): StepClock {
  if (clock.paused_on === null || clock.remaining_days === null) return clock;
  return {
    ...clock,
    due_on: resumedDueDate(today, clock.remaining_days, calendar),
    paused_on: null,
    remaining_days: null,
  };
}

/**
 * Whether a step is overdue on `today`: its clock runs and `today` is a working day after its due
 * date or later (a step due on Friday is overdue on Monday); a stopped clock is never overdue.
 * @example stepOverdue(startStep('2026-10-16', 3, week), '2026-10-22', week) // true
 */
export function stepOverdue(clock: StepClock, today: IsoDay, calendar: WorkingCalendar): boolean {
  return clock.paused_on === null && isOverdue(clock.due_on, today, calendar);
}

/**
 * The working days a running step is late on `today` (0 when not late).
 * @example workingDaysLate(startStep('2026-10-16', 3, week), '2026-10-23', week) // 2
 */
export function workingDaysLate(
  clock: StepClock,
  today: IsoDay,
  calendar: WorkingCalendar,
): number {
  if (clock.paused_on !== null) return 0;
  return Math.max(0, workingDaysBetween(clock.due_on, today, calendar));
}

/** A step must be late by more than this many working days before a club may appeal it. */
export const OVERDUE_APPEAL_AFTER_DAYS = 5;

/** What a club may appeal (issue 30). */
export type AppealGround = 'finalRejected' | 'referralRejected' | 'overdue';

/**
 * Whether a club may appeal on `today`: a refusal (final or a department's) decided on
 * `decidedOn`, within the window (30 calendar days unless configured); or a step late by more
 * than `OVERDUE_APPEAL_AFTER_DAYS` working days. The refusal says why not.
 * @example mayAppeal({ ground: 'finalRejected', decidedOn: '2026-10-01' }, '2026-11-01', week) // { ok: false, key: 'appeals.outOfTime', kind: 'rule' }
 */
export function mayAppeal(
  appeal:
    | { ground: 'finalRejected' | 'referralRejected'; decidedOn: IsoDay }
    | { ground: 'overdue'; clock: StepClock },
  today: IsoDay,
  calendar: WorkingCalendar,
  windowDays: number = DEFAULT_APPEAL_WINDOW_DAYS,
): Outcome<{ ground: AppealGround }> {
  if (appeal.ground === 'overdue') {
    return workingDaysLate(appeal.clock, today, calendar) > OVERDUE_APPEAL_AFTER_DAYS
      ? accept({ ground: appeal.ground })
      : refuse('appeals.notLateEnough', 'rule');
  }
  return appealWindowOpen(appeal.decidedOn, today, windowDays)
    ? accept({ ground: appeal.ground })
    : refuse('appeals.outOfTime', 'rule');
}

/** The message key naming a step (the public page, the staff screen). */
export function stepNameKey(step: ServiceStep): Extract<MessageKey, `standards.step.${string}`> {
  return `standards.step.${step}`;
}

/** The message key naming who decides a step. */
export function designatedRoleKey(role: DesignatedRole): Extract<MessageKey, `role.${string}`> {
  return `role.${role}`;
}

/**
 * A standard's step as the charter and the staff screen name it: a department's referral by the
 * department's name.
 * @example standardStepLabel({ step: 'referral', agency_name: 'Fire & Emergency Services' }) // 'Referral to Fire & Emergency Services'
 */
export function standardStepLabel(
  standard: Pick<ServiceStandard, 'step' | 'agency_name'>,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return formatMessage(
    stepNameKey(standard.step),
    { department: standard.agency_name ?? '' },
    locale,
  );
}

/**
 * A step's time limit in words, in the language's digits.
 * @example standardDaysLabel(1) // '1 working day'; standardDaysLabel(7, 'bn') // '৭ কর্মদিবস'
 */
export function standardDaysLabel(days: number, locale: Locale = DEFAULT_LOCALE): string {
  return days === 1
    ? formatMessage('standards.daysOne', {}, locale)
    : formatMessage('standards.days', { days }, locale);
}

/**
 * Who hears a step's appeals: the named Appellate Officer, or the chairman when none is named.
 * @example appellateLabel({ appellate_name: null }) // 'The chairman'
 */
export function appellateLabel(
  standard: Pick<ServiceStandard, 'appellate_name'>,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return standard.appellate_name ?? formatMessage('standards.appellateDefault', {}, locale);
}
