/**
 * Referrals to other departments (issue 29): the agencies a municipality sets up (police
 * stations, fire service, electricity supplier, pollution board, S.D.O., others), the referral
 * of an application to each active agency covering its puja ward once the acknowledgement is
 * approved, each referral's decisions as rules returning `{ referral, event }` (change.ts), what
 * they mean for the chairman's final approval, and how the certificate, the verification page
 * and the club's tracker word them. Due dates count working days (working-days.ts).
 */
import { accept, refuse, type Outcome } from './change';
import { calendarDate, formatDate, formatShortDate, parseDayMonthYear } from './dates';
import { email as emailCheck, fail, MAX_LENGTH, ok, phone as phoneCheck } from './field-checks';
import type { FormInput, ValidationResult } from './field-checks';
import { failed, passed, problemsOf, type FormCheck } from './form-core';
import { textOf } from './form-text';
import {
  DEFAULT_LOCALE,
  formatMessage,
  localiseDigits,
  type Locale,
  type MessageKey,
} from './messages';
import { asciiDigits } from './digits';
import {
  addWorkingDays,
  isOverdue,
  workingDaysBetween,
  type IsoDay,
  type WorkingCalendar,
} from './working-days';

// —— Agencies ——

/** The kinds of department an application may be referred to. */
export const AGENCY_KINDS = ['police', 'fire', 'electricity', 'pollution', 'sdo', 'other'] as const;
export type AgencyKind = (typeof AGENCY_KINDS)[number];

/** `online`: its officers decide in the console; `offline`: the municipality records its letter. */
export const AGENCY_MODES = ['online', 'offline'] as const;
export type AgencyMode = (typeof AGENCY_MODES)[number];

/** Longest time an agency may be given, in working days (a season is shorter than this). */
export const MAX_AGENCY_DAYS = 60;

/** An agency as `list-agencies.php` answers it. */
export interface Agency {
  id: number;
  name: string;
  kind: AgencyKind;
  /** The puja wards it covers; empty: all 25. */
  wards: number[];
  mode: AgencyMode;
  /** Working days it has to reply. */
  days: number;
  /** Whether silence past the due date counts as approval. */
  deemed_approval: boolean;
  email: string | null;
  phone: string | null;
  active: boolean;
}

/** An agency's fields as admin adds or edits them. */
export type AgencyFields = Omit<Agency, 'id'>;

/**
 * Whether an agency covers a puja ward (no wards: all of them).
 * @example agencyCoversWard({ wards: [] }, 7) // true; agencyCoversWard({ wards: [13, 14] }, 7) // false
 */
export function agencyCoversWard(agency: Pick<Agency, 'wards'>, ward: number | null): boolean {
  return agency.wards.length === 0 || (ward !== null && agency.wards.includes(ward));
}

/**
 * The agencies an application in a puja ward is referred to: the active ones that cover it.
 * @example agenciesForWard(agencies, 7).map((a) => a.name) // ['Police station (wards 1–12)', 'Fire & Emergency Services', …]
 */
export function agenciesForWard<A extends Pick<Agency, 'wards' | 'active'>>(
  agencies: readonly A[],
  ward: number | null,
): A[] {
  return agencies.filter((agency) => agency.active && agencyCoversWard(agency, ward));
}

const isAgencyKind = (value: string): value is AgencyKind =>
  (AGENCY_KINDS as readonly string[]).includes(value);
const isAgencyMode = (value: string): value is AgencyMode =>
  (AGENCY_MODES as readonly string[]).includes(value);

/** A yes/no form value: a boolean, or the strings a form or multipart body sends. */
function flag(value: unknown, fallback: boolean): boolean | null {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  const text = textOf(value).toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  return null;
}

/** Wards as a list of numbers or a text "1-12, 14": each 1–25, sorted, once each. */
function wardList(value: unknown): number[] | null {
  const parts = Array.isArray(value)
    ? value.map((part) => textOf(part))
    : asciiDigits(textOf(value))
        .split(/[\s,]+/)
        .filter((part) => part !== '');
  const wards = new Set<number>();
  for (const part of parts) {
    const range = /^(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?$/.exec(asciiDigits(part));
    if (!range) return null;
    const [from, to] = [Number(range[1]), Number(range[2] ?? range[1])];
    if (from < 1 || to > 25 || from > to) return null;
    for (let ward = from; ward <= to; ward += 1) wards.add(ward);
  }
  return [...wards].sort((a, b) => a - b);
}

/**
 * An agency as admin adds or edits it: a name (≤ 200 characters), a kind, wards (empty: all),
 * a mode, 1–60 working days, deemed approval (default off), an optional e-mail and phone for
 * notices, active (default on).
 * @example validateAgency({ name: 'Fire & Emergency Services', kind: 'fire', wards: '', mode: 'online', days: '7' }).ok // true
 */
export function validateAgency(fields: FormInput): ValidationResult<AgencyFields> {
  const name = textOf(fields.name);
  if (name === '') return fail('agencies.nameRequired', 'name');
  if (name.length > MAX_LENGTH.name) return fail('validation.textTooLong', 'name');
  const kind = textOf(fields.kind);
  if (!isAgencyKind(kind)) return fail('agencies.invalidKind', 'kind');
  const wards = wardList(fields.wards);
  if (wards === null) return fail('agencies.invalidWards', 'wards');
  const mode = textOf(fields.mode);
  if (!isAgencyMode(mode)) return fail('agencies.invalidMode', 'mode');
  const daysText = asciiDigits(textOf(fields.days));
  const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= MAX_AGENCY_DAYS)) return fail('agencies.invalidDays', 'days');
  const deemed = flag(fields.deemed_approval, false);
  const active = flag(fields.active, true);
  if (deemed === null) return fail('agencies.invalidFlag', 'deemed_approval');
  if (active === null) return fail('agencies.invalidFlag', 'active');
  let email: string | null = null;
  if (textOf(fields.email) !== '') {
    const checked = emailCheck(fields, 'email');
    if (!checked.ok) return checked;
    email = checked.value;
  }
  let phone: string | null = null;
  if (textOf(fields.phone) !== '') {
    const checked = phoneCheck(fields, 'phone', 'validation.phoneInvalid');
    if (!checked.ok) return checked;
    phone = checked.value;
  }
  return ok({ name, kind, wards, mode, days, deemed_approval: deemed, email, phone, active });
}

// —— Referrals ——

/** A referral's states: `conditions` is approved with conditions. */
export const REFERRAL_STATUSES = [
  'pending',
  'approved',
  'conditions',
  'objected',
  'rejected',
  'deemed',
  'withdrawn',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The states that clear an application for the final approval. */
export const CLEARED_REFERRAL_STATUSES: readonly ReferralStatus[] = [
  'approved',
  'conditions',
  'deemed',
];

/** Longest condition line (issue 29). */
export const MAX_CONDITION_LENGTH = 200;
/** Most conditions one decision carries (a certificate page has room for these). */
export const MAX_CONDITIONS = 20;

/**
 * A referral as application rows and `list-referrals.php` carry it. Days are municipal
 * calendar days (`YYYY-MM-DD`).
 */
export interface Referral {
  id: number;
  agency_id: number;
  agency_name: string;
  kind: AgencyKind;
  status: ReferralStatus;
  due_on: IsoDay;
  decided_on: IsoDay | null;
  reference_no: string | null;
  conditions: string[];
  /** Why the agency objected or rejected, or why staff withdrew it. */
  reason: string | null;
  /** The club's answer to the last objection. */
  response: string | null;
  round: number;
}

/** A referral's state before the database gives it an id. */
export type ReferralState = Omit<Referral, 'id'>;

/** A decision recorded by staff from an offline agency's letter says so (`byLetter`). */
interface Decided {
  byLetter?: true;
}

/** The events of a referral, in the shape of the application's events (`{ type, … }`). */
export type ReferralEvent =
  | { type: 'referralCreated'; agencyName: string; dueOn: IsoDay }
  | ({ type: 'referralApproved'; agencyName: string; referenceNo: string | null } & Decided)
  | ({ type: 'referralApprovedWithConditions'; agencyName: string; conditions: string[] } & Decided)
  | ({ type: 'referralObjected'; agencyName: string; reason: string } & Decided)
  | ({ type: 'referralRejected'; agencyName: string; reason: string } & Decided)
  | { type: 'referralAnswered'; agencyName: string; round: number; dueOn: IsoDay }
  | { type: 'referralDeemed'; agencyName: string }
  | { type: 'referralWithdrawn'; agencyName: string; reason: string; from: ReferralStatus };
export type ReferralEventType = ReferralEvent['type'];

/** The outcome of a referral rule. */
export type ReferralChange<R extends ReferralState = ReferralState> = Outcome<{
  referral: R;
  event: ReferralEvent;
}>;

/**
 * The referral of an application to an agency, made on the day the acknowledgement is
 * approved: pending, round 1, due that day + the agency's days in working days.
 * @example newReferral(fire, '2026-08-07', workingCalendar()).referral.due_on // '2026-08-18' (7 working days)
 */
export function newReferral(
  agency: Pick<Agency, 'id' | 'name' | 'kind' | 'days'>,
  today: IsoDay,
  calendar: WorkingCalendar,
): { referral: ReferralState; event: ReferralEvent } {
  const due_on = addWorkingDays(today, agency.days, calendar);
  return {
    referral: {
      agency_id: agency.id,
      agency_name: agency.name,
      kind: agency.kind,
      status: 'pending',
      due_on,
      decided_on: null,
      reference_no: null,
      conditions: [],
      reason: null,
      response: null,
      round: 1,
    },
    event: { type: 'referralCreated', agencyName: agency.name, dueOn: due_on },
  };
}

/** The decisions an agency gives. */
export const REFERRAL_DECISIONS = ['approve', 'conditions', 'object', 'reject'] as const;
export type ReferralDecision = (typeof REFERRAL_DECISIONS)[number];

/** A decision, checked: what it needs and nothing more. */
export interface ReferralDecisionInput {
  decision: ReferralDecision;
  conditions: string[];
  reason: string | null;
  reference_no: string | null;
}

const STATUS_OF_DECISION: Readonly<Record<ReferralDecision, ReferralStatus>> = {
  approve: 'approved',
  conditions: 'conditions',
  object: 'objected',
  reject: 'rejected',
};

/** Conditions as a list or as text, one per line; blank lines dropped. */
function conditionLines(value: unknown): string[] {
  const lines = Array.isArray(value)
    ? value.map((line) => textOf(line))
    : textOf(value).split(/\r?\n/);
  return lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter((line) => line !== '');
}

/**
 * A decision as an officer (or staff from a letter) gives it: `approve` (reference no.
 * optional), `conditions` (one or more lines of ≤ 200 characters), `object` and `reject` (a
 * reason). Fields a decision does not use are dropped.
 * @example validateReferralDecision({ decision: 'conditions', conditions: 'No fireworks\nTwo exits' }).ok // true
 * @example validateReferralDecision({ decision: 'object' }) // { ok: false, message: 'referrals.reasonRequired', field: 'reason' }
 */
export function validateReferralDecision(
  fields: FormInput,
): ValidationResult<ReferralDecisionInput> {
  const decision = textOf(fields.decision);
  if (!(REFERRAL_DECISIONS as readonly string[]).includes(decision)) {
    return fail('referrals.invalidDecision', 'decision');
  }
  const chosen = decision as ReferralDecision;
  const reference = textOf(fields.reference_no);
  if (reference.length > MAX_LENGTH.name) return fail('validation.textTooLong', 'reference_no');
  const approving = chosen === 'approve' || chosen === 'conditions';
  let conditions: string[] = [];
  if (chosen === 'conditions') {
    conditions = conditionLines(fields.conditions);
    if (conditions.length === 0) return fail('referrals.conditionsRequired', 'conditions');
    if (conditions.length > MAX_CONDITIONS)
      return fail('referrals.tooManyConditions', 'conditions');
    if (conditions.some((line) => line.length > MAX_CONDITION_LENGTH)) {
      return fail('referrals.conditionTooLong', 'conditions');
    }
  }
  let reason: string | null = null;
  if (!approving) {
    reason = textOf(fields.reason);
    if (reason === '') return fail('referrals.reasonRequired', 'reason');
    if (reason.length > MAX_LENGTH.reason) return fail('validation.textTooLong', 'reason');
  }
  return ok({ decision: chosen, conditions, reason, reference_no: reference || null });
}

/** An offline agency's letter as staff record it: its decision, reference no. and date. */
export interface ReferralLetterInput extends ReferralDecisionInput {
  reference_no: string;
  letter_date: IsoDay;
}

/**
 * An offline agency's reply from its letter: the decision as an officer gives it, the letter's
 * reference no. (required) and date (`YYYY-MM-DD` or dd/mm/yyyy, not after `today`).
 * @example validateReferralLetter({ decision: 'approve', reference_no: 'PCB/77', letter_date: '12/08/2026' }, '2026-08-13').ok // true
 */
export function validateReferralLetter(
  fields: FormInput,
  today: IsoDay,
): ValidationResult<ReferralLetterInput> {
  const decision = validateReferralDecision(fields);
  if (!decision.ok) return decision;
  const reference = decision.value.reference_no;
  if (reference === null) return fail('referrals.referenceRequired', 'reference_no');
  const text = textOf(fields.letter_date);
  const day =
    /^\d{4}-\d{2}-\d{2}$/.test(text) && calendarDate(text) ? text : parseDayMonthYear(text);
  if (day === null || day > today) return fail('referrals.letterDateInvalid', 'letter_date');
  return ok({ ...decision.value, reference_no: reference, letter_date: day });
}

/**
 * An agency's decision on a pending referral (`referrals.notPending` otherwise), decided on
 * `today`; recorded from an offline agency's letter (`validateReferralLetter`), its event says
 * `byLetter`.
 * @example decideReferral(pending, { decision: 'approve', conditions: [], reason: null, reference_no: 'PS/114' }, '2026-08-10').ok // true
 */
export function decideReferral<R extends ReferralState>(
  referral: R,
  input: ReferralDecisionInput,
  today: IsoDay,
): ReferralChange<R> {
  if (referral.status !== 'pending') return refuse('referrals.notPending', 'conflict');
  const status = STATUS_OF_DECISION[input.decision];
  const changed: R = {
    ...referral,
    status,
    decided_on: today,
    reference_no: input.reference_no,
    conditions: input.decision === 'conditions' ? input.conditions : [],
    reason: input.reason,
  };
  const agencyName = referral.agency_name;
  const letter: Decided = 'letter_date' in input ? { byLetter: true } : {};
  const event: ReferralEvent =
    input.decision === 'approve'
      ? { type: 'referralApproved', agencyName, referenceNo: input.reference_no, ...letter }
      : input.decision === 'conditions'
        ? {
            type: 'referralApprovedWithConditions',
            agencyName,
            conditions: input.conditions,
            ...letter,
          }
        : input.decision === 'object'
          ? { type: 'referralObjected', agencyName, reason: input.reason ?? '', ...letter }
          : { type: 'referralRejected', agencyName, reason: input.reason ?? '', ...letter };
  return accept({ referral: changed, event });
}

/**
 * The club's answer to an objection (text, ≤ 1000 characters, required).
 * @example validateReferralResponse({ response: 'Second exit added, plan attached.' }).ok // true
 */
export function validateReferralResponse(fields: FormInput): ValidationResult<string> {
  const response = textOf(fields.response);
  if (response === '') return fail('referrals.responseRequired', 'response');
  if (response.length > MAX_LENGTH.reason) return fail('validation.textTooLong', 'response');
  return ok(response);
}

/**
 * The club's answer form (the tracker's objection): its every problem at once, for the error
 * summary (the document is optional and checked as it is chosen, like every document).
 * @example checkReferralAnswerForm({ response: '' }) // { ok: false, summary: 'form.errorSummaryTitle', errors: [{ field: 'response', message: 'referrals.responseRequired' }] }
 */
export function checkReferralAnswerForm(fields: FormInput): FormCheck<string> {
  const response = validateReferralResponse(fields);
  return response.ok ? passed(response.value) : failed(problemsOf([response]));
}

/**
 * The club answers an objection: back to pending for that agency only, round + 1, due `days`
 * working days after `today`. The objection's reason stays beside the answer so the agency reads
 * both; only while objected (`referrals.notObjected`).
 * @example respondToObjection(objected, 'Plan attached', '2026-08-12', 7, workingCalendar()).ok // true, round 2
 */
export function respondToObjection<R extends ReferralState>(
  referral: R,
  response: string,
  today: IsoDay,
  days: number,
  calendar: WorkingCalendar,
): ReferralChange<R> {
  if (referral.status !== 'objected') return refuse('referrals.notObjected', 'conflict');
  const round = referral.round + 1;
  const due_on = addWorkingDays(today, days, calendar);
  return accept({
    referral: { ...referral, status: 'pending', round, due_on, decided_on: null, response },
    event: { type: 'referralAnswered', agencyName: referral.agency_name, round, dueOn: due_on },
  });
}

/**
 * Whether a pending referral is past its due date on `today`: from the first working day after
 * it (working-days.ts `isOverdue`).
 * @example isReferralOverdue({ status: 'pending', due_on: '2026-08-14' }, '2026-08-17', workingCalendar()) // true
 */
export function isReferralOverdue(
  referral: Pick<ReferralState, 'status' | 'due_on'>,
  today: IsoDay,
  calendar: WorkingCalendar,
): boolean {
  return referral.status === 'pending' && isOverdue(referral.due_on, today, calendar);
}

/**
 * Working days left until a referral's due date (negative once past it).
 * @example referralDaysLeft({ due_on: '2026-08-14' }, '2026-08-10', workingCalendar()) // 4
 */
export function referralDaysLeft(
  referral: Pick<ReferralState, 'due_on'>,
  today: IsoDay,
  calendar: WorkingCalendar,
): number {
  return workingDaysBetween(today, referral.due_on, calendar);
}

/**
 * Silence: a pending referral past its due date, at an agency whose silence counts as
 * approval, becomes `deemed` on `today`.
 * @example deemReferral(overdue, { deemed_approval: true }, '2026-08-20', workingCalendar()).ok // true
 */
export function deemReferral<R extends ReferralState>(
  referral: R,
  agency: Pick<Agency, 'deemed_approval'>,
  today: IsoDay,
  calendar: WorkingCalendar,
): ReferralChange<R> {
  if (referral.status !== 'pending') return refuse('referrals.notPending', 'conflict');
  if (!agency.deemed_approval) return refuse('referrals.noDeemedApproval', 'rule');
  if (!isReferralOverdue(referral, today, calendar)) return refuse('referrals.notDue', 'rule');
  return accept({
    referral: { ...referral, status: 'deemed', decided_on: today },
    event: { type: 'referralDeemed', agencyName: referral.agency_name },
  });
}

/**
 * A withdrawal reason (required, ≤ 1000 characters).
 * @example validateWithdrawalReason({ reason: 'Ward moved to another station' }).ok // true
 */
export function validateWithdrawalReason(fields: FormInput): ValidationResult<string> {
  const reason = textOf(fields.reason);
  if (reason === '') return fail('referrals.reasonRequired', 'reason');
  if (reason.length > MAX_LENGTH.reason) return fail('validation.textTooLong', 'reason');
  return ok(reason);
}

/**
 * Staff withdraw a referral (with a reason): it no longer counts for the final approval. A
 * withdrawn referral stays withdrawn (`referrals.alreadyWithdrawn`).
 * @example withdrawReferral(pending, 'Sent in error', '2026-08-11').ok // true
 */
export function withdrawReferral<R extends ReferralState>(
  referral: R,
  reason: string,
  today: IsoDay,
): ReferralChange<R> {
  if (referral.status === 'withdrawn') return refuse('referrals.alreadyWithdrawn', 'conflict');
  return accept({
    referral: { ...referral, status: 'withdrawn', reason, decided_on: today },
    event: {
      type: 'referralWithdrawn',
      agencyName: referral.agency_name,
      reason,
      from: referral.status,
    },
  });
}

/**
 * Whether a caller may decide a referral in the console: an officer of its agency, and only
 * for an online agency. Null when allowed, else the refusal.
 * @example referralDecisionBlocker({ role: 'agency', agency_id: 3 }, { id: 3, mode: 'online' }) // null
 */
export function referralDecisionBlocker(
  caller: { role: string; agency_id: number | null },
  agency: Pick<Agency, 'id' | 'mode'>,
): MessageKey | null {
  if (caller.role !== 'agency' || caller.agency_id !== agency.id) return 'referrals.notYourAgency';
  return agency.mode === 'online' ? null : 'referrals.offlineAgency';
}

// —— The final decision ——

/**
 * What blocks the chairman's approval as far as referrals go (issue 29): a rejection
 * (`review.referralRejected`), else any referral pending or objected (`review.referralsOpen`);
 * null when every referral not withdrawn is approved, approved with conditions or deemed (or
 * there are none). A rejection of the application stays possible whatever this says.
 * @example referralBlocker([{ status: 'approved' }, { status: 'pending' }]) // 'review.referralsOpen'
 */
export function referralBlocker(
  referrals: readonly Pick<ReferralState, 'status'>[],
): 'review.referralsOpen' | 'review.referralRejected' | null {
  if (referrals.some((referral) => referral.status === 'rejected')) {
    return 'review.referralRejected';
  }
  const open = referrals.some((r) => r.status === 'pending' || r.status === 'objected');
  return open ? 'review.referralsOpen' : null;
}

/** Whether a referral clears the application (approved, with conditions, or deemed). */
export function isCleared(referral: Pick<ReferralState, 'status'>): boolean {
  return CLEARED_REFERRAL_STATUSES.includes(referral.status);
}

// —— Certificate and verification ——

/** A clearance as `verify-noc.php` answers it. */
export interface Clearance {
  agency_name: string;
  kind: AgencyKind;
  status: ReferralStatus;
  reference_no: string | null;
  decided_on: IsoDay | null;
  conditions: string[];
}

/**
 * The clearances of an application: its cleared referrals, in the order given.
 * @example clearancesOf([approvedPolice, withdrawnFire]) // [{ agency_name: 'Police station …', kind: 'police', status: 'approved', … }]
 */
export function clearancesOf(referrals: readonly ReferralState[]): Clearance[] {
  return referrals.filter(isCleared).map((referral) => ({
    agency_name: referral.agency_name,
    kind: referral.kind,
    status: referral.status,
    reference_no: referral.reference_no,
    decided_on: referral.decided_on,
    conditions: referral.conditions,
  }));
}

/** One clearance as the certificate prints it, in words. */
export interface ClearanceLine {
  department: string;
  /** 'Cleared by … on … (ref. …).' or 'Deemed approved by …: no reply within the time allowed.' */
  text: string;
  /** 'Conditions of …:' when there are conditions, else null. */
  conditionsTitle: string | null;
  conditions: string[];
}

/**
 * The certificate's clearance lines in a language (dates and digits in its script).
 * @example clearanceLines([approvedPolice])[0].text // 'Cleared by Police station (wards 1–12) on 10/08/2026 (ref. PS/114).'
 */
export function clearanceLines(
  referrals: readonly ReferralState[],
  locale: Locale = DEFAULT_LOCALE,
): ClearanceLine[] {
  return clearanceLinesOf(clearancesOf(referrals), locale);
}

/**
 * Clearances in words, as `verify-noc.php` answers them (the verification page prints the same
 * lines as the certificate); a clearance that is not cleared is left out.
 * @example clearanceLinesOf([{ agency_name: 'WBSEDCL', kind: 'electricity', status: 'deemed', reference_no: null, decided_on: '2026-08-20', conditions: [] }])[0].text
 *   // 'Deemed approved by WBSEDCL on 20/08/2026: no reply within the time allowed.'
 */
export function clearanceLinesOf(
  clearances: readonly Clearance[],
  locale: Locale = DEFAULT_LOCALE,
): ClearanceLine[] {
  return clearances.filter(isCleared).map((clearance) => {
    const department = clearance.agency_name;
    const date = formatDate(clearance.decided_on, locale);
    const reference = clearance.reference_no;
    const key: MessageKey =
      clearance.status === 'deemed'
        ? 'certificate.clearanceDeemed'
        : reference
          ? 'certificate.clearanceWithReference'
          : 'certificate.clearance';
    // In the letter's digits, like its memo number (the paper and the verify page match).
    const shown = localiseDigits(reference ?? '', locale);
    const text = formatMessage(key, { department, date, reference: shown }, locale);
    const conditionsTitle =
      clearance.conditions.length > 0
        ? formatMessage('certificate.clearanceConditions', { department }, locale)
        : null;
    return { department, text, conditionsTitle, conditions: clearance.conditions };
  });
}

/** The kinds the spec's remaining-permission sentence names, in its order. */
export const PERMISSION_KINDS = ['police', 'fire', 'sdo'] as const;
type PermissionKind = (typeof PERMISSION_KINDS)[number];

const PERMISSION_NAME: Readonly<Record<PermissionKind, MessageKey>> = {
  police: 'certificate.permission.police',
  fire: 'certificate.permission.fire',
  sdo: 'certificate.permission.sdo',
};

/**
 * The certificate's sentence on the permissions still needed: the spec's sentence unchanged
 * when the application has no referral (withdrawn ones do not count); otherwise naming only the
 * kinds (police, fire, S.D.O.) that no referral cleared; null when all three are cleared.
 * @example remainingPermissionsSentence([]) // 'This NOC does not replace the permissions of the police, the fire service and the Sub-Divisional Officer (S.D.O.), which must still be obtained.'
 * @example remainingPermissionsSentence([clearedPolice, clearedFire]) // 'This NOC does not replace the permission of the Sub-Divisional Officer (S.D.O.), which must still be obtained.'
 */
export function remainingPermissionsSentence(
  referrals: readonly ReferralState[],
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  const counted = referrals.filter((referral) => referral.status !== 'withdrawn');
  if (counted.length === 0) return formatMessage('certificate.otherPermissions', {}, locale);
  const cleared = new Set(counted.filter(isCleared).map((referral) => referral.kind));
  const missing = PERMISSION_KINDS.filter((kind) => !cleared.has(kind));
  if (missing.length === 0) return null;
  const names = missing.map((kind) => formatMessage(PERMISSION_NAME[kind], {}, locale));
  const last = names.pop() ?? '';
  const list =
    names.length === 0
      ? last
      : `${names.join(formatMessage('certificate.permissionsComma', {}, locale))}${formatMessage('certificate.permissionsAnd', {}, locale)}${last}`;
  const key: MessageKey =
    missing.length === 1 ? 'certificate.otherPermissionOne' : 'certificate.otherPermissionsSome';
  return formatMessage(key, { list }, locale);
}

// —— The club's tracker ——

/** How one referral reads on the club's tracker. */
export interface ReferralTrackerLine {
  id: number;
  agency_name: string;
  status: ReferralStatus;
  /** The state in the club's words, e.g. 'Waiting for a reply (due by 18/08/2026)'. */
  text: string;
  /** The conditions of an approval with conditions. */
  conditions: string[];
  /** The reason of an objection, rejection or withdrawal. */
  reason: string | null;
  /** Whether the club answers it here (an objection). */
  canAnswer: boolean;
}

const CLUB_WORDS: Readonly<Record<ReferralStatus, MessageKey>> = {
  pending: 'referrals.club.pending',
  approved: 'referrals.club.approved',
  conditions: 'referrals.club.conditions',
  objected: 'referrals.club.objected',
  rejected: 'referrals.club.rejected',
  deemed: 'referrals.club.deemed',
  withdrawn: 'referrals.club.withdrawn',
};

/** The tracker step "Other departments": its label, state and one line per agency. */
export interface OtherDepartmentsStep {
  label: MessageKey;
  /** complete: all cleared; error: an objection or rejection; current otherwise. */
  state: 'complete' | 'current' | 'error';
  lines: ReferralTrackerLine[];
}

/**
 * The tracker step "Other departments" (after Land Agreement Review), or null for an
 * application without referrals.
 * @example otherDepartmentsStep([pendingFire])?.lines[0].text // 'Waiting for a reply (due by 18/08/2026)'
 */
export function otherDepartmentsStep(
  referrals: readonly Referral[],
  locale: Locale = DEFAULT_LOCALE,
): OtherDepartmentsStep | null {
  if (referrals.length === 0) return null;
  const lines = referrals.map((referral) => ({
    id: referral.id,
    agency_name: referral.agency_name,
    status: referral.status,
    text: formatMessage(
      CLUB_WORDS[referral.status],
      { date: formatShortDate(referral.due_on, locale) },
      locale,
    ),
    conditions: referral.status === 'conditions' ? referral.conditions : [],
    reason: ['objected', 'rejected', 'withdrawn'].includes(referral.status)
      ? referral.reason
      : null,
    canAnswer: referral.status === 'objected',
  }));
  const counted = referrals.filter((referral) => referral.status !== 'withdrawn');
  const state = counted.some((r) => r.status === 'objected' || r.status === 'rejected')
    ? 'error'
    : counted.every(isCleared)
      ? 'complete'
      : 'current';
  return { label: 'tracker.otherDepartments', state, lines };
}

// —— The values of a referral event's texts (its notices and audit wording: events.ts EVENTS) ——

/**
 * The values a referral event's mail, SMS and audit line are filled with, in a language: the
 * department, and the reason, conditions (one per line), reference no., due date and round the
 * event carries.
 * @example referralEventValues({ type: 'referralObjected', agencyName: 'Fire', reason: 'One exit' }, 'en') // { department: 'Fire', reason: 'One exit' }
 */
export function referralEventValues(
  event: ReferralEvent,
  locale: Locale,
): Record<string, string | number> {
  const values: Record<string, string | number> = { department: event.agencyName };
  if ('reason' in event) values.reason = event.reason;
  if ('conditions' in event) values.conditions = event.conditions.map((c) => `- ${c}`).join('\n');
  if ('referenceNo' in event) values.reference = event.referenceNo ?? '';
  if ('dueOn' in event) values.date = formatShortDate(event.dueOn, locale);
  if ('round' in event) values.round = event.round;
  return values;
}

/**
 * The status a referral event leaves the referral in, and the one it came from (null: it is
 * new; a withdrawal says which it ended).
 * @example referralStatusChange({ type: 'referralAnswered', agencyName: 'Fire', round: 2, dueOn: '2026-08-20' }) // { from: 'objected', to: 'pending' }
 */
export function referralStatusChange(event: ReferralEvent): {
  from: ReferralStatus | null;
  to: ReferralStatus;
} {
  switch (event.type) {
    case 'referralCreated':
      return { from: null, to: 'pending' };
    case 'referralAnswered':
      return { from: 'objected', to: 'pending' };
    case 'referralWithdrawn':
      return { from: event.from, to: 'withdrawn' };
    case 'referralApproved':
      return { from: 'pending', to: 'approved' };
    case 'referralApprovedWithConditions':
      return { from: 'pending', to: 'conditions' };
    case 'referralObjected':
      return { from: 'pending', to: 'objected' };
    case 'referralRejected':
      return { from: 'pending', to: 'rejected' };
    case 'referralDeemed':
      return { from: 'pending', to: 'deemed' };
  }
}

// —— A referral's own history (list-referrals.php's `history`) ——

/** The line of the trail (audit and history) each referral event is worded by. */
export const REFERRAL_HISTORY_LINES = {
  referralCreated: 'referrals.audit.created',
  referralApproved: 'referrals.audit.approved',
  referralApprovedWithConditions: 'referrals.audit.conditions',
  referralObjected: 'referrals.audit.objected',
  referralRejected: 'referrals.audit.rejected',
  referralAnswered: 'referrals.audit.answered',
  referralDeemed: 'referrals.audit.deemed',
  referralWithdrawn: 'referrals.audit.withdrawn',
} as const satisfies Record<ReferralEventType, MessageKey>;

/**
 * A referral event as its history keeps it: the event, the round it left the referral in, the
 * club's answer's text (an answer) and the letter's date (a recorded letter). A change made
 * before the history existed keeps only its kind and the trail's English line (`note`).
 */
export type ReferralHistoryEvent = (
  ReferralEvent | { type: ReferralEventType; agencyName: string; note: string }
) & { round?: number; response?: string; letterDate?: IsoDay };

/** One change of a referral: when (an instant, ISO), by whom (`by_role` 'system': the sweep). */
export interface ReferralHistoryEntry {
  at: string;
  by_role: string;
  /** The staff member's or officer's name; null for the system, a club or a deleted user. */
  by_name: string | null;
  event: ReferralHistoryEvent;
}

/**
 * A history entry's line in a language: what happened to the referral, with its reason, due
 * date or round (the same words as the application's trail); an entry kept from before the
 * history, the trail's English line.
 * @example referralHistoryLine({ type: 'referralObjected', agencyName: 'Fire', reason: 'One exit' }, 'en') // 'Fire objected: One exit'
 */
export function referralHistoryLine(event: ReferralHistoryEvent, locale: Locale): string {
  if ('note' in event) return event.note;
  return formatMessage(
    REFERRAL_HISTORY_LINES[event.type],
    referralEventValues(event, locale),
    locale,
  );
}
