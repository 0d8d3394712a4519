/**
 * Schemas for every answer of SPEC §7, tolerant in the ways a PHP host answers (numbers as
 * strings, `club_name`/`clubname`, `agreement_status`/`load_agreement_status`, `status` as
 * "success", a boolean or missing next to a `success` flag), normalised to domain types.
 */
import { z } from 'zod';
import {
  AGENCY_KINDS,
  MUNICIPAL_STEPS,
  sortStandards,
  type ServiceStandard,
  AGENCY_MODES,
  REFERRAL_STATUSES,
  APPEAL_GROUNDS,
  APPEAL_STATUSES,
  type Agency,
  type Appeal,
  type AppealOpening,
  type AgencyKind,
  type Clearance,
  type Referral,
  type StepClockRow,
  type ReferralHistoryEntry,
  type ReferralRecord,
  REFERRAL_HISTORY_LINES,
  clubStatusFromCode,
  deptmentOf,
  isMessageKey,
  isManagedRole,
  normaliseApplication,
  NOT_VALID,
  FIRST_SEASON_YEAR,
  formatRegNo,
  parseSeasonDay,
  OPEN_STEPS,
  OPEN_STEP_LABEL,
  type OpenStep,
  type SeasonOpenApplications,
  type SeasonWithState,
  WIRE_APPLICATION_FIELDS,
  readDashboardStats,
  type Application,
  type ApplicationAuthorities,
  type ApplicationDocuments,
  type Club,
  type ClubRegistration,
  type DashboardStats,
  type Holiday,
  type MessageKey,
  type NocVerification,
  type ManagedRole,
  type StaffRole,
  type StaffUser,
} from '@puja/domain';

// The apps run under a Content-Security-Policy without 'unsafe-eval': zod's probe for
// compiled validators (new Function) would be refused and logged as a console error on every
// page. Interpreted validation is as correct and fast enough for our answers.
z.config({ jitless: true });

/** The token a club session gets when the club login answers without one (SPEC §7). */
export const MISSING_TOKEN_PLACEHOLDER = 'club-session-without-token';

// —— Envelope ——

/** What every answer says besides its data. */
export interface Envelope {
  /** False when the answer itself says the call failed. */
  ok: boolean;
  /** The server's message, null when it sent none. */
  message: string | null;
  /** The catalogue key the server named beside its message (`code`); null from a host without. */
  messageKey: MessageKey | null;
  /**
   * The key the server named when it is not the main catalogue's (issue 27: the account
   * catalogue's, domain `accountText`), for the page that knows it; absent otherwise.
   */
  code?: string;
  data: unknown;
}

const NEGATIVE_FLAGS: readonly unknown[] = [false, 0, '0', 'false', 'error', 'fail', 'failed'];

function isNegativeFlag(value: unknown): boolean {
  return NEGATIVE_FLAGS.includes(typeof value === 'string' ? value.trim().toLowerCase() : value);
}

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Reads the envelope of an answer: `{ success?, status?, message?, data? }` or a bare array
 * (a PHP list answer without wrapper). Null when the body is not a JSON object or array.
 * @example readEnvelope({ status: 'success', data: [] }) // { ok: true, message: null, messageKey: null, data: [] }
 */
export function readEnvelope(body: unknown): Envelope | null {
  if (Array.isArray(body)) return { ok: true, message: null, messageKey: null, data: body };
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  // `{ "error": "…" }` with no flag at all is how many PHP scripts say no.
  const bareError =
    record.success === undefined && record.status === undefined && nonEmptyText(record.error);
  return {
    ok: !isNegativeFlag(record.success) && !isNegativeFlag(record.status) && !bareError,
    message: nonEmptyText(record.message) ?? nonEmptyText(record.error),
    messageKey: isMessageKey(record.code) ? record.code : null,
    ...(typeof record.code === 'string' && !isMessageKey(record.code) ? { code: record.code } : {}),
    data: record.data,
  };
}

// —— Building blocks ——

/** An integer sent as a number or a numeric string. */
const integer = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A text sent as a string or a number; trimmed. */
const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** A text that may be missing or null; '' then. */
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

/** A field a screen shows as text: any scalar or absent, never an object or array. */
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

// —— Other departments: agencies and referrals (issue 29) ——

/** A day `YYYY-MM-DD`, or null when absent or empty. */
/** A day (`YYYY-MM-DD`), a timestamp's day part kept. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((value) => value.slice(0, 10));

/**
 * The marks the escalation sweep writes on a late step and on a late referral (issue 30): both
 * absent on a host without the statutory clock.
 */
const lateMarks = {
  overdue: z.boolean().nullish(),
  escalated_to: z.string().nullish(),
};

const referralDay = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null));

/** Conditions as a list of lines (a host may send one text, a line each). */
const conditionList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value.map(String) : (value ?? '').split(/\r?\n/))
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );

/** An agency kind the client knows; another is read as `other`. */
const agencyKind = z
  .string()
  .optional()
  .transform((value): AgencyKind =>
    (AGENCY_KINDS as readonly string[]).includes(value ?? '') ? (value as AgencyKind) : 'other',
  );

/** One agency as `GET /list-agencies.php` answers it. */
export const agencySchema = z
  .looseObject({
    id: integer,
    name: text,
    kind: agencyKind,
    wards: z.array(integer).nullish(),
    mode: z.enum(AGENCY_MODES),
    days: integer,
    deemed_approval: scalar,
    email: optionalText,
    phone: optionalText,
    active: scalar,
  })
  .transform((raw): Agency => ({
    id: raw.id,
    name: raw.name,
    kind: raw.kind,
    wards: raw.wards ?? [],
    mode: raw.mode,
    days: raw.days,
    deemed_approval: isTrueFlag(raw.deemed_approval),
    email: raw.email || null,
    phone: raw.phone || null,
    active: isTrueFlag(raw.active),
  }));

export const agencyListSchema = z.array(agencySchema);

/** One referral as application rows and `list-referrals.php` carry it. */
export const referralSchema = z
  .looseObject({
    id: integer,
    agency_id: integer,
    agency_name: text,
    kind: agencyKind,
    status: z.enum(REFERRAL_STATUSES),
    due_on: isoDay,
    decided_on: referralDay,
    reference_no: optionalText,
    conditions: conditionList,
    reason: optionalText,
    response: optionalText,
    round: integer.optional(),
    ...lateMarks,
  })
  .transform((raw): Referral => ({
    id: raw.id,
    agency_id: raw.agency_id,
    agency_name: raw.agency_name,
    kind: raw.kind,
    status: raw.status,
    due_on: raw.due_on,
    decided_on: raw.decided_on,
    reference_no: raw.reference_no || null,
    conditions: raw.conditions,
    reason: raw.reason || null,
    response: raw.response || null,
    round: raw.round ?? 1,
    ...(raw.overdue == null
      ? {}
      : { overdue: raw.overdue, escalated_to: raw.escalated_to ?? null }),
  }));

/** An application's referrals: absent or null (a host without departments) is none. */
export const referralListSchema = z
  .union([z.array(referralSchema), z.null(), z.undefined()])
  .transform((list): Referral[] => list ?? []);

/**
 * The slice of an application an agency officer sees beside its referral (issue 29): its
 * authorities and its documents (as signed links, null when absent).
 */
export interface ReferralApplicationSlice extends ApplicationAuthorities, ApplicationDocuments {
  id: number;
  reg_no: string;
  apply_year: string;
  club_name: string;
  puja_location_address: string;
  puja_location_ward_no: number | null;
  land_type: string;
}

/** One referral as `list-referrals.php` answers it: the referral, its files and the slice. */
export interface ReferralDetail extends ReferralRecord {
  application: ReferralApplicationSlice | null;
  /** Issue 30: pending again after an allowed appeal: the club's reason for its decider. */
  appeal_reason: string | null;
}

const sliceText = optionalText;
const sliceLink = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value || null);

const referralApplicationSliceSchema = z
  .looseObject({
    id: integer,
    reg_no: sliceText,
    apply_year: sliceText,
    club_name: sliceText,
    puja_location_address: sliceText,
    puja_location_ward_no: z.union([integer, z.null()]).optional(),
    land_type: sliceText,
    club_president_name: sliceText,
    club_president_phone: sliceText,
    club_secrety_name: sliceText,
    club_secrety_phone: sliceText,
    puja_presient_name: sliceText,
    puja_presient_phone: sliceText,
    puja_secretary_name: sliceText,
    puja_secretary_phone: sliceText,
    chairman_application_certificate: sliceLink,
    certificate_image: sliceLink,
    load_agreement_image: sliceLink,
    puja_committee: sliceLink,
    puja_budget: sliceLink,
    acknowledgement: sliceLink,
  })
  .transform(({ puja_location_ward_no, ...raw }): ReferralApplicationSlice => ({
    ...raw,
    puja_location_ward_no: puja_location_ward_no ?? null,
  }));

/** One change of a referral: when, who, and the change. */
const referralHistoryEntrySchema = z.looseObject({
  at: z.string(),
  by_role: text,
  by_name: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value || null),
  event: z.looseObject({ type: z.string(), agencyName: text }),
});

/** A referral's history: absent (a host without it) is none; a kind of change unknown here is left out. */
const referralHistorySchema = z
  .array(z.unknown())
  .nullish()
  .transform((list): ReferralHistoryEntry[] =>
    (list ?? []).flatMap((raw) => {
      const entry = referralHistoryEntrySchema.safeParse(raw);
      return entry.success && Object.hasOwn(REFERRAL_HISTORY_LINES, entry.data.event.type)
        ? [entry.data as ReferralHistoryEntry]
        : [];
    }),
  );

/** `list-referrals.php`'s rows: a referral, its files, and its application's slice. */
export const referralDetailListSchema = z.array(
  z
    .looseObject({
      application_id: integer,
      response_document: sliceLink,
      letter: sliceLink,
      letter_date: referralDay,
      application: z.union([referralApplicationSliceSchema, z.null()]).optional(),
      appeal_reason: optionalText,
      history: referralHistorySchema,
    })
    .transform((raw, ctx): ReferralDetail => {
      const referral = referralSchema.safeParse(raw);
      if (!referral.success) {
        ctx.addIssue({ code: 'custom', message: 'not a referral' });
        return z.NEVER;
      }
      return {
        ...referral.data,
        application_id: raw.application_id,
        history: raw.history,
        response_document: raw.response_document,
        letter: raw.letter,
        letter_date: raw.letter_date,
        application: raw.application ?? null,
        appeal_reason: raw.appeal_reason || null,
      };
    }),
);

/** One clearance as `verify-noc.php` answers it. */
const clearanceSchema = z
  .looseObject({
    agency_name: text,
    kind: agencyKind,
    status: z.enum(REFERRAL_STATUSES),
    reference_no: optionalText,
    decided_on: referralDay,
    conditions: conditionList,
  })
  .transform((raw): Clearance => ({
    agency_name: raw.agency_name,
    kind: raw.kind,
    status: raw.status,
    reference_no: raw.reference_no || null,
    decided_on: raw.decided_on,
    conditions: raw.conditions,
  }));

// —— Applications ——

/** One step's clock on an application row (issue 30). */
export const stepClockSchema = z
  .object({
    step: z.enum(MUNICIPAL_STEPS),
    started_on: isoDay,
    due_on: isoDay,
    paused_on: isoDay.nullish(),
    decided_on: isoDay.nullish(),
    ...lateMarks,
  })
  .transform((raw): StepClockRow => ({
    step: raw.step,
    started_on: raw.started_on,
    due_on: raw.due_on,
    paused_on: raw.paused_on ?? null,
    decided_on: raw.decided_on ?? null,
    overdue: raw.overdue ?? false,
    escalated_to: raw.escalated_to ?? null,
  }));

/** One application in any shape SPEC §7 allows, normalised by the domain. */
// —— Appeals (issue 30) ——

/** One appeal as application rows and `list-appeals.php` carry it. */
export const appealSchema = z
  .looseObject({
    id: integer,
    application_id: integer,
    ground: z.enum(APPEAL_GROUNDS),
    referral_id: z.union([integer, z.null()]).optional(),
    agency_name: optionalText,
    step: text,
    status: z.enum(APPEAL_STATUSES),
    appealed_on: referralDay,
    filed_on: referralDay,
    due_on: referralDay,
    decided_on: referralDay,
    reason: optionalText,
    decision_reason: optionalText,
    document: optionalText,
    order_due_on: referralDay,
  })
  .transform((raw): Appeal => ({
    id: raw.id,
    application_id: raw.application_id,
    ground: raw.ground,
    referral_id: raw.referral_id ?? null,
    agency_name: raw.agency_name || null,
    step: raw.step,
    status: raw.status,
    appealed_on: raw.appealed_on ?? '',
    filed_on: raw.filed_on ?? '',
    due_on: raw.due_on ?? '',
    decided_on: raw.decided_on,
    reason: raw.reason,
    decision_reason: raw.decision_reason,
    document: raw.document || null,
    order_due_on: raw.order_due_on,
  }));

/** A refusal the club may still appeal, with the last day. */
export const appealOpeningSchema = z
  .looseObject({
    ground: z.enum(APPEAL_GROUNDS),
    referral_id: z.union([integer, z.null()]).optional(),
    agency_name: optionalText,
    // A late step (issue 30): no last day, the step it is about and the day it was due.
    until: referralDay,
    step: optionalText,
    due_on: referralDay,
  })
  .transform((raw): AppealOpening => ({
    ground: raw.ground,
    referral_id: raw.referral_id ?? null,
    agency_name: raw.agency_name || null,
    until: raw.ground === 'overdue' ? null : (raw.until ?? ''),
    ...(raw.step ? { step: raw.step } : {}),
    ...(raw.due_on ? { due_on: raw.due_on } : {}),
  }));

/** An appeal of the work list: with its application's number, season and club. */
export interface ListedAppeal extends Appeal {
  reg_no: string;
  apply_year: string;
  club_name: string;
}

export const listedAppealListSchema = z.array(
  z
    .looseObject({ reg_no: text, apply_year: text, club_name: optionalText })
    .and(appealSchema)
    .transform((raw): ListedAppeal => ({
      ...raw,
      reg_no: raw.reg_no,
      apply_year: raw.apply_year,
      club_name: raw.club_name,
    })),
);

export const applicationSchema = z
  .looseObject({
    id: integer,
    ...Object.fromEntries(WIRE_APPLICATION_FIELDS.map((field) => [field, scalar])),
    /** Issue 29: absent or null (a host without departments): the field stays absent. */
    referrals: z.array(referralSchema).nullish(),
    /** Issue 30: the clocks of its started steps; absent or null (a PHP host): absent. */
    steps: z.array(stepClockSchema).nullish(),
    /** Issue 30: absent or null (a host without appeals): the fields stay absent. */
    appeals: z.array(appealSchema).nullish(),
    appealable: z.array(appealOpeningSchema).nullish(),
  })
  .transform((raw): Application => ({
    ...normaliseApplication(raw),
    ...(raw.referrals ? { referrals: raw.referrals } : {}),
    ...(raw.steps ? { steps: raw.steps } : {}),
    ...(raw.appeals ? { appeals: raw.appeals } : {}),
    ...(raw.appealable ? { appealable: raw.appealable } : {}),
  }));

export const applicationListSchema = z.array(applicationSchema);

/**
 * An answer's optional application. A host that sends none gives null: absent, null, or a
 * scalar or empty array in its place (a PHP host may answer a change with the file path, true,
 * the row id or []); an object that is not a readable application stays malformed.
 */
export const optionalApplicationSchema = z
  .union([applicationSchema, z.null(), z.undefined(), scalar, z.tuple([])])
  .transform((value): Application | null =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null,
  );

// —— Dashboard ——

/**
 * A count sent as a whole number or a string of digits (SPEC §3); null is 0 (a PHP host's
 * SUM over no rows). A missing or non-numeric count is still malformed.
 */
const count = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/), z.null()]);

/** The staff dashboard counters, with pending worked out by the domain. */
export const dashboardSchema = z
  .looseObject({ total_applications: count, total_approved: count, total_rejected: count })
  .transform((raw): DashboardStats => readDashboardStats(raw));

// —— Clubs ——

export const clubSchema = z
  .looseObject({
    id: integer,
    clubname: text.optional(),
    club_name: text.optional(),
    status: scalar,
    registered_email: scalar,
    registered_phone: scalar,
    registered_at: scalar,
    registered: z.boolean().optional(),
  })
  .refine((raw) => (raw.clubname ?? raw.club_name ?? '') !== '', { message: 'club without name' })
  .transform((raw): Club => ({
    id: raw.id,
    clubname: raw.clubname || raw.club_name || '',
    // A host that lists clubs without a status lists the active ones (SPEC §3).
    status: raw.status === undefined || raw.status === null ? 'A' : clubStatusFromCode(raw.status),
    // Only staff get the registration: absent from the public list and from a PHP host.
    ...('registered_email' in raw ? { registration: registrationOf(raw) } : {}),
    // Issue 27: whether the club has an account (the public list says; staff see who).
    ...(typeof raw.registered === 'boolean' ? { registered: raw.registered } : {}),
  }));

/** A club's registration from the staff list's fields: null when nobody registered it. */
function registrationOf(raw: {
  registered_email?: unknown;
  registered_phone?: unknown;
  registered_at?: unknown;
}): ClubRegistration | null {
  const textOf = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const email = textOf(raw.registered_email);
  if (email === '') return null;
  return {
    email,
    phone: textOf(raw.registered_phone),
    registered_at: textOf(raw.registered_at),
  };
}

/**
 * The club list: a row that cannot be read (no id, no name) is left out rather than emptying
 * the whole registration picker; it could not be offered anyway.
 */
export const clubListSchema = z.array(z.unknown()).transform((rows): Club[] =>
  rows.flatMap((row) => {
    const club = clubSchema.safeParse(row);
    return club.success ? [club.data] : [];
  }),
);

// —— Users ——

const staffRole = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .refine(isManagedRole, { message: 'not a staff role' })
  .transform((value) => value as ManagedRole);

/** The fields of every staff user object: the user list and the staff login. */
const staffUserFields = {
  id: integer,
  name: optionalText,
  email: text,
  phone: optionalText,
  role: staffRole,
  /** Issue 29: an agency officer's agency. */
  agency_id: z.union([integer, z.null()]).optional(),
};

function pickStaffUser(raw: z.output<z.ZodObject<typeof staffUserFields>>) {
  const user = { id: raw.id, name: raw.name, email: raw.email, phone: raw.phone, role: raw.role };
  return raw.role === 'agency' ? { ...user, agency_id: raw.agency_id ?? null } : user;
}

export const userSchema = z
  .looseObject({ ...staffUserFields, deptment: optionalText })
  .transform((raw): StaffUser => ({
    ...pickStaffUser(raw),
    deptment: raw.deptment || deptmentOf(raw.role),
  }));

export const userListSchema = z.array(userSchema);

// —— Sessions (SPEC §3 "User session") ——

/** A logged-in staff user as kept in the browser. */
export interface StaffSession {
  /** A municipal staff role, or an Appellate Officer (issue 30), who sees the Appeals only. */
  role: StaffRole | 'appellate';
  /** 0 when the host sent none (SPEC §3 lists only role, email and token for staff). */
  id: number;
  name: string;
  email: string;
  phone: string;
  /** '' when the host issued none: then no Authorization header is sent. */
  token: string;
}

/**
 * A logged-in agency officer (issue 29): it logs in at the Official Login like staff and belongs
 * to one agency (`agency_id`, null when the host sent none).
 */
export interface AgencySession extends Omit<StaffSession, 'role'> {
  role: 'agency';
  agency_id: number | null;
}

/** A session of the Official Login: a staff user or an agency officer. */
export type ConsoleSession = StaffSession | AgencySession;

/** A logged-in club as kept in the browser. */
export interface ClubSession {
  role: 'club';
  id: number;
  club_id: number;
  name: string;
  clubname: string;
  email: string;
  token: string;
  /**
   * Present (true) when the club logged in with a forgotten password's temporary one: it must
   * choose a new password (`changePassword`) before anything else; the server refuses other
   * calls with `changePassword.required`.
   */
  must_change_password?: true;
}

export type Session = StaffSession | AgencySession | ClubSession;

/** An id that may be missing: 0 then. */
const optionalId = z
  .union([integer, z.null()])
  .optional()
  .transform((value) => value ?? 0);

/**
 * The user object of the staff login answer, and a stored staff session: SPEC §3 shows neither
 * field list beyond role, email and token, so a missing id is 0 rather than a corrupt session.
 * An agency officer (issue 29) logs in here too and keeps its agency.
 */
export const staffLoginSchema = z
  .looseObject({ ...staffUserFields, id: optionalId, token: optionalText })
  .transform((raw): ConsoleSession => {
    const user = { id: raw.id, name: raw.name, email: raw.email, phone: raw.phone };
    return raw.role === 'agency'
      ? { ...user, role: 'agency', agency_id: raw.agency_id ?? null, token: raw.token }
      : { ...user, role: raw.role, token: raw.token };
  });

/** The data of the club login answer; the role is always club (SPEC §6). */
export const clubLoginSchema = z
  .looseObject({
    id: integer,
    club_id: integer,
    clubname: optionalText,
    club_name: optionalText,
    name: optionalText,
    email: optionalText,
    token: optionalText,
    must_change_password: scalar,
  })
  .transform((raw): ClubSession => ({
    role: 'club',
    id: raw.id,
    club_id: raw.club_id,
    name: raw.name || raw.clubname || raw.club_name,
    clubname: raw.clubname || raw.club_name || raw.name,
    email: raw.email,
    token: raw.token || MISSING_TOKEN_PLACEHOLDER,
    ...(raw.must_change_password === true ? { must_change_password: true as const } : {}),
  }));

/**
 * A session read back from storage (SPEC §3), or null when the stored value is corrupt.
 * @example readStoredSession({ role: 'store', id: 2, email: 'a@b.c', token: 't' }) // StaffSession
 */
export function readStoredSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const schema = (value as { role?: unknown }).role === 'club' ? clubLoginSchema : staffLoginSchema;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// —— Application history (addition) ——

/** Whether a mail to the club went out: sent, waiting for its first attempt, or retrying. */
export type NotificationStatus = 'sent' | 'waiting' | 'retrying';

/** The mail (or, as `sms`, the SMS) a history step owed the club (additions, issues 12, 23). */
export interface HistoryNotification {
  kind: string;
  to: string;
  status: NotificationStatus;
  attempts: number;
  /** The last failed attempt's error ('' when none failed). */
  last_error: string;
  sent_at: string | null;
  /** When a mail not yet sent is tried next. */
  next_attempt_at: string | null;
}

/** One recorded step of an application's history. */
export interface HistoryEntry {
  at: string;
  user_id: number | null;
  role: string;
  action: string;
  item: string;
  from: string;
  to: string;
  reason: string;
  /**
   * An upload's signed links to the version it replaced and the one it stored (relative paths
   * like a document field: open with `documentUrl`); null for no file or a host without them.
   */
  from_link: string | null;
  to_link: string | null;
  /** The mail this step owed the club; null when it owed none (or the host sends none). */
  notification: HistoryNotification | null;
  /** The SMS beside it (`to` the 10-digit mobile); null when it owed none. */
  sms: HistoryNotification | null;
}

/** A signed document path, or null when absent or empty. */
const optionalLink = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) =>
    value === null || value === undefined || value.trim() === '' ? null : value.trim(),
  );

const optionalTime = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ? value.trim() : null));

const historyNotificationSchema = z
  .looseObject({
    kind: optionalText,
    to: optionalText,
    status: z.enum(['sent', 'waiting', 'retrying']).catch('waiting'),
    attempts: integer.optional().catch(0),
    last_error: optionalText,
    sent_at: optionalTime,
    next_attempt_at: optionalTime,
  })
  .transform((raw): HistoryNotification => ({
    kind: raw.kind,
    to: raw.to,
    status: raw.status,
    attempts: raw.attempts ?? 0,
    last_error: raw.last_error,
    sent_at: raw.sent_at,
    next_attempt_at: raw.next_attempt_at,
  }));

export const historyEntrySchema = z
  .looseObject({
    at: text,
    user_id: z.union([integer, z.null()]).optional(),
    role: optionalText,
    action: text,
    item: optionalText,
    from: optionalText,
    to: optionalText,
    reason: optionalText,
    from_link: optionalLink,
    to_link: optionalLink,
    notification: z.union([historyNotificationSchema, z.null()]).optional().catch(null),
    sms: z.union([historyNotificationSchema, z.null()]).optional().catch(null),
  })
  .transform((raw): HistoryEntry => ({
    at: raw.at,
    user_id: raw.user_id ?? null,
    role: raw.role,
    action: raw.action,
    item: raw.item,
    from: raw.from,
    to: raw.to,
    reason: raw.reason,
    from_link: raw.from_link,
    to_link: raw.to_link,
    notification: raw.notification ?? null,
    sms: raw.sms ?? null,
  }));

export const historySchema = z.array(historyEntrySchema);

// —— Certificate verification (issue 12) ——

/** A flag a PHP host may send as a boolean, a number or a string. */
const isTrueFlag = (value: unknown) =>
  value === true || value === 1 || value === '1' || value === 'true';

/**
 * A verification answer: the certificate's facts when it is valid, else "not valid". Anything
 * but a clear `valid: true` is not valid (a certificate is never called valid by accident).
 */
export const verificationSchema = z
  .union([
    z.looseObject({
      valid: scalar,
      club_name: optionalText,
      reg_no: optionalText,
      memo_number: optionalText,
      approval_date: optionalText,
      puja_location_ward_no: z.union([integer, z.literal(''), z.null()]).optional(),
      puja_location_address: optionalText,
      season_year: z.union([integer, z.literal(''), z.null()]).optional(),
      /** Issue 29: absent (a host without departments) is none. */
      clearances: z.array(clearanceSchema).nullish(),
    }),
    z.null(),
  ])
  .transform((raw): NocVerification => {
    if (!raw || !isTrueFlag(raw.valid)) return NOT_VALID;
    return {
      valid: true,
      club_name: raw.club_name,
      reg_no: formatRegNo(raw.reg_no),
      memo_number: raw.memo_number,
      approval_date: raw.approval_date || null,
      puja_location_ward_no:
        typeof raw.puja_location_ward_no === 'number' ? raw.puja_location_ward_no : null,
      puja_location_address: raw.puja_location_address,
      season_year: seasonYearOfVerification(raw.season_year, raw.memo_number),
      clearances: raw.clearances ?? [],
    };
  });

/**
 * The season a verified certificate is for: as the server says, else the year its memo number
 * ends with (`…/DURGAPUJA/2025`), else 2025 (a host without seasons).
 */
function seasonYearOfVerification(given: unknown, memo: string): number {
  if (typeof given === 'number' && given > 0) return given;
  const fromMemo = /\/(\d{4})$/.exec(memo)?.[1];
  return fromMemo === undefined ? FIRST_SEASON_YEAR : Number(fromMemo);
}

// —— Seasons (issue 20) ——

/** A day `YYYY-MM-DD`, or null when absent or empty (a PHP-style '0000-00-00' too). */
const optionalDay = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => parseSeasonDay(value ?? null));

/** One season as `GET /list-seasons.php` answers it, with its state. */
export const seasonSchema = z
  .looseObject({
    year: integer,
    opens_on: z.string().transform((value, ctx) => {
      const day = parseSeasonDay(value);
      if (day === null) ctx.addIssue({ code: 'custom', message: 'opens_on is not a day' });
      return day ?? '';
    }),
    closes_on: optionalDay,
    puja_starts_on: optionalDay,
    state: z.enum(['upcoming', 'open', 'closed']),
    /** When staff closed the season's review (issue 27); absent (a host without it): going on. */
    review_closed_at: z.string().nullable().optional().catch(null),
  })
  .transform((raw): SeasonWithState => ({
    year: raw.year,
    opens_on: raw.opens_on,
    closes_on: raw.closes_on,
    puja_starts_on: raw.puja_starts_on,
    state: raw.state,
    review_closed_at: raw.review_closed_at || null,
  }));

/**
 * One season's applications still open, by step (GET /season-open-applications.php, issue 27):
 * steps the client does not know are dropped, labels are the client's own.
 */
export const seasonOpenApplicationsSchema = z
  .looseObject({
    year: integer,
    steps: z.array(z.looseObject({ step: z.string(), count: integer })),
  })
  .transform((raw): SeasonOpenApplications => {
    const steps = raw.steps.flatMap(({ step, count }) =>
      (OPEN_STEPS as readonly string[]).includes(step) && count > 0
        ? [{ step: step as OpenStep, label: OPEN_STEP_LABEL[step as OpenStep], count }]
        : [],
    );
    return { year: raw.year, total: steps.reduce((sum, s) => sum + s.count, 0), steps };
  });

/** Every season, newest first (the order is the client's, whatever the host sends). */
export const seasonListSchema = z
  .array(seasonSchema)
  .transform((list) => [...list].sort((a, b) => b.year - a.year));

// —— Holidays (issue 30) ——

/** One holiday as `GET /list-holidays.php` answers it. */
export const holidaySchema = z
  .looseObject({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    name: z.string(),
    name_bn: z.string().nullish(),
  })
  .transform((raw): Holiday => ({ date: raw.date, name: raw.name, name_bn: raw.name_bn || null }));

/** The holidays in date order (the client's order, whatever the host sends). */
export const holidayListSchema = z
  .array(holidaySchema)
  .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date)));

/** What `POST /import-holidays.php` did: days added, days already listed. */
export const holidayImportSchema = z.object({
  added: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});

/** One step's standard as `GET /list-service-standards.php` answers it (issue 30). */
export const serviceStandardSchema = z
  .looseObject({
    step: z.enum([...MUNICIPAL_STEPS, 'referral']),
    agency_id: z.number().int().positive().nullish(),
    agency_name: z.string().nullish(),
    days: z.number().int().positive(),
    designated_role: z.enum(['admin', 'store', 'chairman', 'agency']),
    appellate_user_id: z.number().int().positive().nullish(),
    appellate_name: z.string().nullish(),
  })
  .transform((raw): ServiceStandard => ({
    step: raw.step,
    agency_id: raw.agency_id ?? null,
    agency_name: raw.agency_name || null,
    days: raw.days,
    designated_role: raw.designated_role,
    appellate_user_id: raw.appellate_user_id ?? null,
    appellate_name: raw.appellate_user_id ? raw.appellate_name || null : null,
  }));

/** The standards in the charter's order (the client's order, whatever the host sends). */
export const serviceStandardListSchema = z
  .array(serviceStandardSchema)
  .transform((list) => sortStandards(list));
