/**
 * Appeals (issue 30, decision 0047): a club appeals a final rejection, a department's rejection
 * or a step overdue by more than 5 working days, within the window (30 days unless configured);
 * the step's Appellate Officer (an `appellate` user, the user named in the service standards, or
 * the chairman as Reviewing Officer when none is named) allows it, setting the decision aside
 * (the final decision or the referral is pending again, the appeal's reason shown to the
 * decider; a late step is ordered decided within N working days), or dismisses it with a reason.
 */
import type { Application } from './application';
import { accept, refuse, type Outcome } from './change';
import type { FieldError, FormCheck } from './form-check';
import { textOf } from './form-text';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';
import { formatShortDate } from './dates';
import type { Role } from './permissions';
import type { Referral } from './referrals';
import type { SeasonStanding } from './season-review';
import { MAX_STANDARD_DAYS, mayAppeal, type StepClock } from './service-standards';
import {
  addWorkingDays,
  DEFAULT_APPEAL_WINDOW_DAYS,
  type IsoDay,
  type WorkingCalendar,
} from './working-days';

// The names on the wire live apart (appeal-kinds.ts): the clients' answer schemas read them
// without loading these rules.
import { APPEAL_GROUNDS, type AppealGroundName, type AppealStatus } from './appeal-kinds';
export * from './appeal-kinds';

/** The Appellate Officer decides an appeal within this many working days unless configured. */
export const DEFAULT_APPEAL_DUE_DAYS = 15;

/** The longest reason (the club's, or the officer's). */
export const MAX_APPEAL_REASON = 1000;

/** An appeal as application rows and `list-appeals.php` carry it. */
export interface Appeal {
  id: number;
  application_id: number;
  ground: AppealGroundName;
  /** The referral appealed against (a department's rejection, or its late referral). */
  referral_id: number | null;
  /** The department of that referral, by name; null for the municipality's own steps. */
  agency_name: string | null;
  /** The step appealed against: `final`, `referral`, or a municipal step that ran late. */
  step: string;
  status: AppealStatus;
  /** The day of the decision appealed against (a late step: its due day). */
  appealed_on: IsoDay;
  filed_on: IsoDay;
  /** The Appellate Officer's own due date. */
  due_on: IsoDay;
  decided_on: IsoDay | null;
  reason: string;
  decision_reason: string;
  /** The stored name of the club's document, if it sent one. */
  document: string | null;
  /** Allowed on a late step: the day it is ordered decided by. */
  order_due_on: IsoDay | null;
}

/** An appeal before the database numbers it. */
export type AppealState = Omit<Appeal, 'id'>;

/** The events of an appeal, in the shape of the application's events (`{ type, … }`). */
export type AppealEvent =
  | {
      type: 'appealFiled';
      ground: AppealGroundName;
      step: string;
      department: string | null;
      reason: string;
      dueOn: IsoDay;
    }
  | {
      type: 'appealAllowed';
      ground: AppealGroundName;
      step: string;
      department: string | null;
      reason: string;
      orderDueOn: IsoDay | null;
    }
  | {
      type: 'appealDismissed';
      ground: AppealGroundName;
      step: string;
      department: string | null;
      reason: string;
    };
export type AppealEventType = AppealEvent['type'];

/**
 * Whether a value names a ground of appeal.
 * @example isAppealGround('overdue') // true; isAppealGround('late') // false
 */
export function isAppealGround(value: unknown): value is AppealGroundName {
  return (APPEAL_GROUNDS as readonly unknown[]).includes(value);
}

function reasonProblem(reason: string, required: boolean): MessageKey | null {
  if (required && reason === '') return 'appeals.reasonRequired';
  return reason.length > MAX_APPEAL_REASON ? 'appeals.reasonTooLong' : null;
}

function positiveId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : textOf(value);
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** What a club's appeal form says. */
export interface AppealFiling {
  ground: AppealGroundName;
  referral_id: number | null;
  reason: string;
}

/**
 * The club's appeal form: every problem at once (the ground, then the reason, required).
 * A department's rejection names its referral.
 * @example checkAppealForm({ ground: 'finalRejected', reason: 'We have the land owner’s letter' }).ok // true
 * @example checkAppealForm({ ground: 'finalRejected', reason: ' ' }).errors[0].message // 'appeals.reasonRequired'
 */
export function checkAppealForm(
  fields: Readonly<Record<string, unknown>>,
): FormCheck<AppealFiling> {
  const errors: FieldError[] = [];
  const ground = fields.ground;
  const referralId = positiveId(fields.referral_id);
  if (!isAppealGround(ground) || (ground === 'referralRejected' && referralId === null)) {
    errors.push({ field: 'ground', message: 'appeals.noGround' });
  }
  const reason = textOf(fields.reason).trim();
  const problem = reasonProblem(reason, true);
  if (problem) errors.push({ field: 'reason', message: problem });
  if (errors.length > 0 || !isAppealGround(ground)) {
    return { ok: false, summary: 'form.errorSummaryTitle', errors };
  }
  return { ok: true, value: { ground, referral_id: referralId, reason } };
}

/**
 * The decision appealed against, as the application shows it: its step, its referral and the
 * day it was decided (a late step: its clock). Null: nothing of the kind to appeal.
 */
export type AppealTarget =
  | {
      ground: 'finalRejected' | 'referralRejected';
      step: string;
      referral: Pick<Referral, 'id' | 'agency_name'> | null;
      decidedOn: IsoDay;
    }
  | {
      ground: 'overdue';
      step: string;
      referral: Pick<Referral, 'id' | 'agency_name'> | null;
      clock: StepClock;
    };

/**
 * What a ground of appeal points at on an application: its final rejection (decided on
 * `finalRejectedOn`, read from its history), or the named referral's rejection; null when the
 * application shows no such refusal. A late step's target comes from its clock (`overdue`).
 * @example refusalTarget('finalRejected', app, null, '2026-10-01')?.step // 'final' (app rejected)
 */
export function refusalTarget(
  ground: 'finalRejected' | 'referralRejected',
  application: Pick<Application, 'chairman_status'> & { referrals?: Referral[] },
  referralId: number | null,
  finalRejectedOn: IsoDay | null,
): AppealTarget | null {
  if (ground === 'finalRejected') {
    return application.chairman_status === 'Rejected' && finalRejectedOn !== null
      ? { ground, step: 'final', referral: null, decidedOn: finalRejectedOn }
      : null;
  }
  const referral = (application.referrals ?? []).find((r) => r.id === referralId);
  return referral?.status === 'rejected' && referral.decided_on !== null
    ? { ground, step: 'referral', referral, decidedOn: referral.decided_on }
    : null;
}

/** A step's clock as application rows carry it: which step, running or stopped, decided or not. */
export type RunningClock = StepClock & { step: string; decided_on: IsoDay | null };

/**
 * The late step a ground of "overdue" points at: the named department's referral while it is
 * pending (its due date), or else the municipality's own step whose clock runs (one at a time);
 * null when nothing of the kind is waiting. Whether it is late enough is fileAppeal's to say.
 * @example overdueTarget([{ step: 'acknowledgement', started_on: '2026-10-01', due_on: '2026-10-05', paused_on: null, remaining_days: null, decided_on: null }], [], null)?.step // 'acknowledgement'
 */
export function overdueTarget(
  clocks: readonly RunningClock[],
  referrals: readonly Referral[],
  referralId: number | null,
): AppealTarget | null {
  if (referralId !== null) {
    const referral = referrals.find((r) => r.id === referralId && r.status === 'pending');
    if (!referral) return null;
    const clock = { started_on: referral.due_on, due_on: referral.due_on, paused_on: null };
    return {
      ground: 'overdue',
      step: 'referral',
      referral,
      clock: { ...clock, remaining_days: null },
    };
  }
  const running = clocks.find((c) => c.decided_on === null && c.paused_on === null);
  return running ? { ground: 'overdue', step: running.step, referral: null, clock: running } : null;
}

/** The window and the Appellate Officer's days, as the municipality configured them. */
export interface AppealTerms {
  windowDays: number;
  dueDays: number;
}

export const DEFAULT_APPEAL_TERMS: AppealTerms = {
  windowDays: DEFAULT_APPEAL_WINDOW_DAYS,
  dueDays: DEFAULT_APPEAL_DUE_DAYS,
};

/**
 * A club files an appeal on `today`: refused when the application shows nothing to appeal
 * (`appeals.noGround`), out of time (`appeals.outOfTime`), a late step not late enough
 * (`appeals.notLateEnough`), or the same decision appealed before (`appeals.alreadyAppealed`
 * while that appeal waits, `appeals.alreadyDecided` once it was decided). The new appeal is due
 * `dueDays` working days later.
 * @example fileAppeal(app.id, target, [], filing, '2026-10-05', week).appeal.due_on // '2026-10-26'
 */
export function fileAppeal(
  applicationId: number,
  target: AppealTarget | null,
  earlier: readonly Pick<
    AppealState,
    'ground' | 'step' | 'referral_id' | 'appealed_on' | 'status'
  >[],
  filing: { reason: string; document: string | null },
  today: IsoDay,
  calendar: WorkingCalendar,
  terms: AppealTerms = DEFAULT_APPEAL_TERMS,
): Outcome<{ appeal: AppealState; event: AppealEvent }> {
  if (target === null) return refuse('appeals.noGround', 'rule');
  const allowed = mayAppeal(
    target.ground === 'overdue'
      ? { ground: target.ground, clock: target.clock }
      : { ground: target.ground, decidedOn: target.decidedOn },
    today,
    calendar,
    terms.windowDays,
  );
  if (!allowed.ok) return allowed;
  const appealedOn = target.ground === 'overdue' ? target.clock.due_on : target.decidedOn;
  const referralId = target.referral?.id ?? null;
  const same = earlier.find(
    (a) =>
      a.ground === target.ground &&
      a.step === target.step &&
      a.referral_id === referralId &&
      a.appealed_on === appealedOn,
  );
  if (same) {
    return refuse(
      same.status === 'pending' ? 'appeals.alreadyAppealed' : 'appeals.alreadyDecided',
      'conflict',
    );
  }
  const department = target.referral?.agency_name ?? null;
  const due = addWorkingDays(today, terms.dueDays, calendar);
  return accept({
    appeal: {
      application_id: applicationId,
      ground: target.ground,
      referral_id: referralId,
      agency_name: department,
      step: target.step,
      status: 'pending',
      appealed_on: appealedOn,
      filed_on: today,
      due_on: due,
      decided_on: null,
      reason: filing.reason,
      decision_reason: '',
      document: filing.document,
      order_due_on: null,
    },
    event: {
      type: 'appealFiled',
      ground: target.ground,
      step: target.step,
      department,
      reason: filing.reason,
      dueOn: due,
    },
  });
}

/** The Appellate Officer's decision. */
export const APPEAL_DECISIONS = ['allow', 'dismiss'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/** A decision, checked. */
export interface AppealDecisionInput {
  decision: AppealDecision;
  reason: string;
  /** Allowed on a late step: the working days it is ordered decided within. */
  days: number | null;
}

/**
 * The decide dialog as a form: a decision; a reason (required to dismiss); for a late step
 * allowed, the working days it is ordered decided within (1–60).
 * @example checkAppealDecisionForm({ decision: 'dismiss', reason: '' }, 'finalRejected').errors[0].message // 'appeals.dismissReasonRequired'
 */
export function checkAppealDecisionForm(
  fields: Readonly<Record<string, unknown>>,
  ground: AppealGroundName,
): FormCheck<AppealDecisionInput> {
  const errors: FieldError[] = [];
  const decision = fields.decision;
  const known = decision === 'allow' || decision === 'dismiss';
  if (!known) errors.push({ field: 'decision', message: 'appeals.invalidDecision' });
  const reason = textOf(fields.reason).trim();
  if (decision === 'dismiss' && reason === '') {
    errors.push({ field: 'reason', message: 'appeals.dismissReasonRequired' });
  } else if (reason.length > MAX_APPEAL_REASON) {
    errors.push({ field: 'reason', message: 'appeals.reasonTooLong' });
  }
  const ordered = decision === 'allow' && ground === 'overdue';
  const days = ordered ? positiveId(fields.days) : null;
  if (ordered && (days === null || days > MAX_STANDARD_DAYS)) {
    errors.push({ field: 'days', message: 'appeals.invalidDays' });
  }
  if (errors.length > 0 || !known) return { ok: false, summary: 'form.errorSummaryTitle', errors };
  return { ok: true, value: { decision, reason, days } };
}

/**
 * The server's check of `decide-appeal.php`: the first problem of the form, as an input refusal.
 * @example validateAppealDecision({ decision: 'uphold' }, 'finalRejected') // { ok: false, key: 'appeals.invalidDecision', kind: 'input' }
 */
export function validateAppealDecision(
  fields: Readonly<Record<string, unknown>>,
  ground: AppealGroundName,
): Outcome<{ input: AppealDecisionInput }> {
  const checked = checkAppealDecisionForm(fields, ground);
  if (checked.ok) return accept({ input: checked.value });
  return refuse(checked.errors[0]?.message ?? 'appeals.invalidDecision', 'input');
}

/**
 * The Appellate Officer decides a pending appeal on `today` (a decided one is refused:
 * `appeals.alreadyDecided`). Allowed on a late step, it is ordered decided within `days`
 * working days.
 * @example decideAppeal(appeal, { decision: 'dismiss', reason: 'Late', days: null }, '2026-10-10', week).appeal.status // 'dismissed'
 */
export function decideAppeal<A extends AppealState>(
  appeal: A,
  input: AppealDecisionInput,
  today: IsoDay,
  calendar: WorkingCalendar,
): Outcome<{ appeal: A; event: AppealEvent }> {
  if (appeal.status !== 'pending') return refuse('appeals.alreadyDecided', 'conflict');
  const about = { ground: appeal.ground, step: appeal.step, department: appeal.agency_name };
  const orderDueOn =
    input.decision === 'allow' && appeal.ground === 'overdue' && input.days !== null
      ? addWorkingDays(today, input.days, calendar)
      : null;
  const decided = {
    ...appeal,
    status: input.decision === 'allow' ? ('allowed' as const) : ('dismissed' as const),
    decided_on: today,
    decision_reason: input.reason,
    order_due_on: orderDueOn,
  };
  const event: AppealEvent =
    input.decision === 'allow'
      ? { type: 'appealAllowed', ...about, reason: input.reason, orderDueOn }
      : { type: 'appealDismissed', ...about, reason: input.reason };
  return accept({ appeal: decided, event });
}

/**
 * Who may decide an appeal: any user of role `appellate`, the Appellate Officer named for its
 * step, or, when none is named, the chairman as Reviewing Officer.
 * @example mayDecideAppeal({ id: 4, role: 'chairman' }, null) // true
 * @example mayDecideAppeal({ id: 4, role: 'store' }, 9) // false
 */
export function mayDecideAppeal(
  caller: { id: number; role: Role },
  appellateUserId: number | null,
): boolean {
  if (caller.role === 'appellate') return true;
  if (appellateUserId !== null) return caller.id === appellateUserId;
  return caller.role === 'chairman';
}

/** What an appeal change is, as the state of its application's season reads it. */
export type AppealAction = 'file' | 'allow' | 'dismiss';

/**
 * What a closed season review refuses of appeals: once staff closed the review of the
 * application's season, nothing of it moves again (decision 0029), so no appeal is filed and none
 * is allowed (allowing reopens the decision appealed against); a pending appeal may still be
 * dismissed, with its reason, so the club is told where it stands. The server checks it under
 * the season row's lock, as every other change of an application.
 * @example appealSeasonBlocker('file', { reviewClosed: true }) // 'appeals.reviewClosed'
 * @example appealSeasonBlocker('dismiss', { reviewClosed: true }) // null
 */
export function appealSeasonBlocker(
  action: AppealAction,
  standing: Pick<SeasonStanding, 'reviewClosed'>,
): 'appeals.reviewClosed' | null {
  return standing.reviewClosed && action !== 'dismiss' ? 'appeals.reviewClosed' : null;
}

/**
 * Why the club's Appeal card offers no appeal although the application has something it would
 * appeal (its final rejection, a department's rejection, a late step) or an appeal still
 * waiting: the review of its season is closed. Null otherwise.
 * @example appealsClosedNote({ chairman_status: 'Rejected' }, true) // 'appeals.reviewClosed'
 * @example appealsClosedNote({ chairman_status: 'Rejected' }, false) // null
 */
export function appealsClosedNote(
  application: Pick<Application, 'chairman_status'> & {
    referrals?: readonly Pick<Referral, 'status'>[];
    appeals?: readonly Pick<Appeal, 'status'>[];
    steps?: readonly { overdue?: boolean; decided_on: IsoDay | null }[];
  },
  reviewClosed: boolean,
): 'appeals.reviewClosed' | null {
  if (!reviewClosed) return null;
  const appealable =
    application.chairman_status === 'Rejected' ||
    (application.referrals ?? []).some((r) => r.status === 'rejected') ||
    (application.appeals ?? []).some((a) => a.status === 'pending') ||
    (application.steps ?? []).some((s) => s.overdue === true && s.decided_on === null);
  return appealable ? 'appeals.reviewClosed' : null;
}

/**
 * An allowed appeal of the final rejection sets it aside: the final decision is pending again,
 * for the chairman to decide with the appeal's reason in view.
 * @example setAsideFinalDecision(rejected).chairman_status // 'Pending'
 */
export function setAsideFinalDecision<A extends Application>(application: A): A {
  return {
    ...application,
    chairman_status: 'Pending',
    chairman_reason: '',
    chairman_approved_date: null,
  };
}

/**
 * An allowed appeal of a department's rejection sets it aside: the referral is pending again,
 * due its department's days from `today`.
 * @example setAsideReferral(rejected, 7, '2026-10-05', week).status // 'pending'
 */
export function setAsideReferral<R extends Referral>(
  referral: R,
  days: number,
  today: IsoDay,
  calendar: WorkingCalendar,
): R {
  return {
    ...referral,
    status: 'pending',
    decided_on: null,
    reason: null,
    reference_no: null,
    conditions: [],
    due_on: addWorkingDays(today, days, calendar),
  };
}

/**
 * The appeal a decider sees on the decision it reopened: the latest allowed appeal of that step
 * (and referral) whose decision is still to be given again.
 * @example reopeningAppeal(app.appeals, 'final', null)?.reason // 'We have the owner’s letter'
 */
export function reopeningAppeal(
  appeals: readonly Appeal[] | undefined,
  step: string,
  referralId: number | null,
): Appeal | null {
  const allowed = (appeals ?? []).filter(
    (a) => a.status === 'allowed' && a.step === step && a.referral_id === referralId,
  );
  return allowed.at(-1) ?? null;
}

/** A refusal the club may still appeal, as application rows carry it (`appealable`). */
export interface AppealOpening {
  ground: AppealGroundName;
  referral_id: number | null;
  agency_name: string | null;
  /** The last day the appeal may be filed; null for a late step (open while it stays late). */
  until: IsoDay | null;
  /** A late step: which (`referral` for a department's), and the day it was due. */
  step?: string;
  due_on?: IsoDay;
}

/** The last day of an appeal's window: `windowDays` calendar days after the decision. */
function windowEnd(decidedOn: IsoDay, windowDays: number): IsoDay {
  const day = new Date(`${decidedOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + windowDays);
  return day.toISOString().slice(0, 10);
}

/**
 * What the club may appeal now, among its application's refusals: the final rejection and each
 * department's rejection not appealed before, within the window. The dashboard offers "Appeal"
 * for each.
 * @example openAppeals(app, '2026-10-01', '2026-10-05', week).map((o) => o.ground) // ['finalRejected']
 */
export function openAppeals(
  application: Pick<Application, 'id' | 'chairman_status'> & {
    referrals?: Referral[];
    appeals?: readonly Pick<
      AppealState,
      'ground' | 'step' | 'referral_id' | 'appealed_on' | 'status'
    >[];
  },
  finalRejectedOn: IsoDay | null,
  today: IsoDay,
  calendar: WorkingCalendar,
  terms: AppealTerms = DEFAULT_APPEAL_TERMS,
  clocks: readonly RunningClock[] = [],
): AppealOpening[] {
  const filing = { reason: '', document: null };
  const open = (t: AppealTarget | null): t is AppealTarget =>
    t !== null &&
    fileAppeal(application.id, t, application.appeals ?? [], filing, today, calendar, terms).ok;
  // Issue 30: a step late by more than five working days, the municipality's or a department's.
  const late = [
    overdueTarget(clocks, [], null),
    ...(application.referrals ?? []).map((r) =>
      overdueTarget([], application.referrals ?? [], r.id),
    ),
  ]
    .filter(open)
    .map((t) => ({
      ground: t.ground,
      referral_id: t.referral?.id ?? null,
      agency_name: t.referral?.agency_name ?? null,
      until: null,
      step: t.step,
      due_on: t.ground === 'overdue' ? t.clock.due_on : undefined,
    }));
  const targets = [
    refusalTarget('finalRejected', application, null, finalRejectedOn),
    ...(application.referrals ?? []).map((r) =>
      refusalTarget('referralRejected', application, r.id, null),
    ),
  ].filter(
    (t): t is AppealTarget & { ground: 'finalRejected' | 'referralRejected' } =>
      t !== null && t.ground !== 'overdue',
  );
  const refusals = targets
    .filter((t) => open(t))
    .map((t) => ({
      ground: t.ground,
      referral_id: t.referral?.id ?? null,
      agency_name: t.referral?.agency_name ?? null,
      until: windowEnd(t.decidedOn, terms.windowDays),
    }));
  return [...refusals, ...late.map(({ due_on, ...o }) => (due_on ? { ...o, due_on } : o))];
}

/**
 * What an appeal is against, in words that fit a sentence: the chairman's final decision, a
 * department's decision, or the delay in a step.
 * @example appealAgainstText({ ground: 'referralRejected', step: 'referral', agency_name: 'Fire' }) // 'the decision of Fire'
 */
export function appealAgainstText(
  appeal: Pick<Appeal, 'ground' | 'step' | 'agency_name'>,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (appeal.agency_name !== null) {
    return formatMessage('appeals.against.referral', { department: appeal.agency_name }, locale);
  }
  if (appeal.ground === 'overdue') {
    const stepKey = `standards.step.${appeal.step}` as MessageKey;
    const step = formatMessage(stepKey, { department: '' }, locale);
    return formatMessage('appeals.against.overdue', { step }, locale);
  }
  return formatMessage('appeals.against.final', {}, locale);
}

/**
 * An appeal as its club reads it on the dashboard: filed and due, allowed, or dismissed with
 * the reason, dated in the club's language.
 * @example clubAppealText(pendingAppeal) // 'Your appeal against the chairman’s final decision was filed on 05 Oct 2026; it is to be decided by 26 Oct 2026.'
 */
export function clubAppealText(appeal: Appeal, locale: Locale = DEFAULT_LOCALE): string {
  const decision = appealAgainstText(appeal, locale);
  const day = (value: IsoDay | null) => (value ? formatShortDate(value, locale) : '');
  if (appeal.status === 'pending') {
    return formatMessage(
      'appeals.club.pending',
      { decision, filed: day(appeal.filed_on), due: day(appeal.due_on) },
      locale,
    );
  }
  if (appeal.status === 'allowed') {
    return formatMessage(
      'appeals.club.allowed',
      { decision, date: day(appeal.decided_on) },
      locale,
    );
  }
  return formatMessage(
    'appeals.club.dismissed',
    { decision, date: day(appeal.decided_on), reason: appeal.decision_reason },
    locale,
  );
}

/**
 * What the club may still appeal, as the dashboard offers it: "You may appeal … until …".
 * @example appealOpeningText({ ground: 'finalRejected', referral_id: null, agency_name: null, until: '2026-10-31' }) // 'You may appeal the chairman’s final decision until 31 Oct 2026.'
 */
export function appealOpeningText(opening: AppealOpening, locale: Locale = DEFAULT_LOCALE): string {
  const decision = appealAgainstText(openingAppeal(opening), locale);
  if (opening.until === null) {
    return formatMessage(
      'appeals.club.openOverdue',
      { decision, date: formatShortDate(opening.due_on ?? '', locale) },
      locale,
    );
  }
  return formatMessage(
    'appeals.club.open',
    { decision, date: formatShortDate(opening.until, locale) },
    locale,
  );
}

/**
 * An opening as the appeal it would file: its ground, step and department.
 * @example openingAppeal({ ground: 'finalRejected', referral_id: null, agency_name: null, until: '2026-10-31' }).step // 'final'
 */
export function openingAppeal(
  opening: AppealOpening,
): Pick<Appeal, 'ground' | 'step' | 'agency_name'> {
  return {
    ground: opening.ground,
    step: opening.step ?? (opening.ground === 'finalRejected' ? 'final' : 'referral'),
    agency_name: opening.agency_name,
  };
}
