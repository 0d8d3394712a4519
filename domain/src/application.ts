import type { Appeal, AppealOpening } from './appeals';
import type { Referral } from './referrals';
import type { StepClockRow } from './step-clocks';
import { textOf } from './form-text';
import { parseVerificationCode } from './verification-code';
import { statusFromCode, type ReviewStatus } from './status';

/** Land ownership of the puja ground (SPEC §3): decides what the land document is. */
export type LandType = 'own' | 'others';
export const LAND_TYPES: readonly LandType[] = ['own', 'others'];
export const DEFAULT_LAND_TYPE: LandType = 'own';

/** The four documents staff review, in review order (SPEC §4). */
export const REVIEW_DOCUMENTS = [
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
] as const;
export type ReviewDocument = (typeof REVIEW_DOCUMENTS)[number];

/** Every review item: the four documents plus the chairman's final decision. */
export type ReviewItem = ReviewDocument | 'chairman';

/** The five files submitted with the application (SPEC §3 "Application form fields"). */
export const APPLICATION_FILE_FIELDS = [
  'chairman_application_certificate',
  'certificate_image',
  'load_agreement_image',
  'puja_committee',
  'puja_budget',
] as const;
export type ApplicationFileField = (typeof APPLICATION_FILE_FIELDS)[number];

/** Every stored file of an application: the five above plus the signed acknowledgement. */
export const DOCUMENT_FILE_FIELDS = [...APPLICATION_FILE_FIELDS, 'acknowledgement'] as const;
export type DocumentFileField = (typeof DOCUMENT_FILE_FIELDS)[number];

/** The file field that holds each reviewed document (SPEC §3 "Document files"). */
export const FILE_FIELD_OF_DOCUMENT: Readonly<Record<ReviewDocument, DocumentFileField>> = {
  acknowledgement: 'acknowledgement',
  chairman_application_certificate: 'chairman_application_certificate',
  certificate: 'certificate_image',
  agreement: 'load_agreement_image',
};

/**
 * The four authorities an application names, each with a name and a phone (SPEC §3 Contact
 * Person Details), in form order: the fields' prefix (as the wire spells it) and the word their
 * texts are keyed by (`applyNoc.field.clubSecretaryName`, `applications.clubSecretary`).
 */
export const AUTHORITIES = [
  { field: 'club_president', key: 'clubPresident' },
  { field: 'club_secrety', key: 'clubSecretary' },
  { field: 'puja_presient', key: 'pujaPresident' },
  { field: 'puja_secretary', key: 'pujaSecretary' },
] as const;
export type Authority = (typeof AUTHORITIES)[number];

/** An application's authorities: each one's name and phone. */
export type ApplicationAuthorities = {
  [F in `${Authority['field']}_${'name' | 'phone'}`]: string;
};

/** An application's stored files: paths, null while absent (the acknowledgement until uploaded). */
export type ApplicationDocuments = Record<DocumentFileField, string | null>;

/** A NOC application as every screen and the server see it, normalised (SPEC §3). */
export interface Application extends ApplicationAuthorities, ApplicationDocuments {
  id: number;
  club_id: number;
  /** Application number, assigned by the server. */
  reg_no: string;
  apply_year: string;
  created_at: string | null;
  /** Normalised from club_name or clubname; empty when the server sent neither. */
  club_name: string;
  address: string;
  email: string;
  phone: string;
  ward_no: number | null;
  govt_register_no: string;
  puja_location_address: string;
  puja_location_ward_no: number | null;
  land_type: LandType;
  acknowledgement_status: ReviewStatus;
  acknowledgement_reason: string;
  chairman_application_certificate_status: ReviewStatus;
  chairman_application_certificate_reason: string;
  certificate_status: ReviewStatus;
  certificate_reason: string;
  /** Normalised from agreement_status or load_agreement_status. */
  agreement_status: ReviewStatus;
  agreement_reason: string;
  chairman_status: ReviewStatus;
  chairman_reason: string;
  chairman_approved_date: string | null;
  /**
   * When the application last changed (a decision or an upload): the moment it reached the step
   * it waits at. Optional: a PHP host does not send it, and then `created_at` stands in.
   */
  updated_at?: string | null;
  /**
   * The issued certificate's verification code (issue 12), only while chairman_status is
   * Approved and only in the answers the club (its own) and staff get; null otherwise.
   * Optional: a PHP host does not send it.
   */
  verification_code?: string | null;
  /**
   * When the uploaded documents were removed under the retention policy (issue 20,
   * DOCUMENT_RETENTION_SEASONS); the facts stay. Optional: a PHP host does not send it.
   */
  documents_removed_at?: string | null;
  /**
   * When each document was approved (issue 27: the club's tracker dates its completed steps),
   * sent to the club with its own application. Optional: a PHP host does not send them.
   */
  acknowledgement_approved_at?: string | null;
  chairman_application_certificate_approved_at?: string | null;
  certificate_approved_at?: string | null;
  agreement_approved_at?: string | null;
  /**
   * The application's referrals to other departments (issue 29), on the rows of the
   * application lists. Optional: a PHP host without departments does not send them.
   */
  referrals?: Referral[];
  /**
   * The clocks of the municipality's own steps that have started (issue 30, step-clocks.ts):
   * start, due and decision dates, and whether the sweep found the step late. Optional: a PHP
   * host does not send them.
   */
  steps?: StepClockRow[];
  /** The application's appeals (issue 30), oldest first; absent on a PHP host. */
  appeals?: Appeal[];
  /** What its club may appeal now, with the last day (issue 30); absent: nothing. */
  appealable?: AppealOpening[];
}

/**
 * Every field of an application a server may send besides its id, both spellings included
 * (SPEC §3): what `normaliseApplication` reads, each a scalar when present.
 */
export const WIRE_APPLICATION_FIELDS = [
  'club_id',
  'reg_no',
  'apply_year',
  'created_at',
  'club_name',
  'clubname',
  'address',
  'email',
  'phone',
  'ward_no',
  'govt_register_no',
  'puja_location_address',
  'puja_location_ward_no',
  'land_type',
  'club_president_name',
  'club_president_phone',
  'club_secrety_name',
  'club_secrety_phone',
  'puja_presient_name',
  'puja_presient_phone',
  'puja_secretary_name',
  'puja_secretary_phone',
  'chairman_application_certificate',
  'certificate_image',
  'load_agreement_image',
  'puja_committee',
  'puja_budget',
  'acknowledgement',
  'acknowledgement_status',
  'acknowledgement_reason',
  'chairman_application_certificate_status',
  'chairman_application_certificate_reason',
  'certificate_status',
  'certificate_reason',
  'agreement_status',
  'agreement_reason',
  'load_agreement_status',
  'load_agreement_reason',
  'chairman_status',
  'chairman_reason',
  'chairman_approved_date',
  'updated_at',
  'verification_code',
  'documents_removed_at',
  'acknowledgement_approved_at',
  'chairman_application_certificate_approved_at',
  'certificate_approved_at',
  'agreement_approved_at',
] as const;

/** An application as a server may send it: loose types, two spellings of some fields. */
export type RawApplication = Record<string, unknown>;

/** The status field of a review item. @example statusKey('certificate') // 'certificate_status' */
export function statusKey<T extends ReviewItem>(item: T): `${T}_status` {
  return `${item}_status`;
}

/** The reason field of a review item. @example reasonKey('chairman') // 'chairman_reason' */
export function reasonKey<T extends ReviewItem>(item: T): `${T}_reason` {
  return `${item}_reason`;
}

/** The status of one review item. @example statusOf(app, 'agreement') // 'Pending' */
export function statusOf(app: Application, item: ReviewItem): ReviewStatus {
  return app[statusKey(item)];
}

/** The reason recorded for one review item ('' when none). @example reasonOf(app, 'chairman') // '' */
export function reasonOf(app: Application, item: ReviewItem): string {
  return app[reasonKey(item)];
}

function optionalText(value: unknown): string | null {
  const result = textOf(value);
  return result === '' ? null : result;
}

/** The first value that holds text: an empty `agreement_status` falls back to the other spelling. */
function firstFilled(value: unknown, fallback: unknown): unknown {
  return textOf(value) === '' ? fallback : value;
}

/** A server code, or a status word already normalised (so normalising twice changes nothing). */
function reviewStatus(value: unknown): ReviewStatus {
  return value === 'Approved' || value === 'Rejected' || value === 'Pending'
    ? value
    : statusFromCode(value);
}

function integer(value: unknown): number | null {
  const result = Number(textOf(value));
  return textOf(value) !== '' && Number.isInteger(result) ? result : null;
}

/**
 * Normalises an application from any shape the server sends: string codes to statuses,
 * `club_name`/`clubname`, `agreement_status`/`load_agreement_status` (an empty one falls back to
 * the other), numbers as strings. Normalising an already normalised application changes nothing.
 * @example normaliseApplication({ id: '7', clubname: 'Sree Sangha', load_agreement_status: '1' })
 *   // { id: 7, club_name: 'Sree Sangha', agreement_status: 'Approved', ... }
 */
export function normaliseApplication(raw: RawApplication): Application {
  return {
    id: integer(raw.id) ?? 0,
    club_id: integer(raw.club_id) ?? 0,
    reg_no: textOf(raw.reg_no),
    apply_year: textOf(raw.apply_year),
    created_at: optionalText(raw.created_at),
    club_name: textOf(raw.club_name) || textOf(raw.clubname),
    address: textOf(raw.address),
    email: textOf(raw.email),
    phone: textOf(raw.phone),
    ward_no: integer(raw.ward_no),
    govt_register_no: textOf(raw.govt_register_no),
    puja_location_address: textOf(raw.puja_location_address),
    puja_location_ward_no: integer(raw.puja_location_ward_no),
    land_type: textOf(raw.land_type).toLowerCase() === 'others' ? 'others' : 'own',
    club_president_name: textOf(raw.club_president_name),
    club_president_phone: textOf(raw.club_president_phone),
    club_secrety_name: textOf(raw.club_secrety_name),
    club_secrety_phone: textOf(raw.club_secrety_phone),
    puja_presient_name: textOf(raw.puja_presient_name),
    puja_presient_phone: textOf(raw.puja_presient_phone),
    puja_secretary_name: textOf(raw.puja_secretary_name),
    puja_secretary_phone: textOf(raw.puja_secretary_phone),
    chairman_application_certificate: optionalText(raw.chairman_application_certificate),
    certificate_image: optionalText(raw.certificate_image),
    load_agreement_image: optionalText(raw.load_agreement_image),
    puja_committee: optionalText(raw.puja_committee),
    puja_budget: optionalText(raw.puja_budget),
    acknowledgement: optionalText(raw.acknowledgement),
    acknowledgement_status: reviewStatus(raw.acknowledgement_status),
    acknowledgement_reason: textOf(raw.acknowledgement_reason),
    chairman_application_certificate_status: reviewStatus(
      raw.chairman_application_certificate_status,
    ),
    chairman_application_certificate_reason: textOf(raw.chairman_application_certificate_reason),
    certificate_status: reviewStatus(raw.certificate_status),
    certificate_reason: textOf(raw.certificate_reason),
    agreement_status: reviewStatus(firstFilled(raw.agreement_status, raw.load_agreement_status)),
    agreement_reason: textOf(firstFilled(raw.agreement_reason, raw.load_agreement_reason)),
    chairman_status: reviewStatus(raw.chairman_status),
    chairman_reason: textOf(raw.chairman_reason),
    chairman_approved_date: optionalText(raw.chairman_approved_date),
    updated_at: optionalText(raw.updated_at),
    verification_code: parseVerificationCode(raw.verification_code),
    documents_removed_at: optionalText(raw.documents_removed_at),
    ...approvalDatesOf(raw),
  };
}

/**
 * The approval dates a server sent (only the club's own application carries them): only those
 * present, so an application without them (every staff list) has no such keys at all.
 */
function approvalDatesOf(raw: RawApplication): Partial<Application> {
  return Object.fromEntries(
    REVIEW_DOCUMENTS.map((doc) => [
      `${doc}_approved_at`,
      optionalText(raw[`${doc}_approved_at`]),
    ]).filter(([, date]) => date !== null),
  );
}

/**
 * Whether the club has uploaded its signed acknowledgement (SPEC §2 club dashboard stages).
 * @example hasAcknowledgement({ acknowledgement: null }) // false
 */
export function hasAcknowledgement(app: Pick<Application, 'acknowledgement'>): boolean {
  return app.acknowledgement !== null && app.acknowledgement !== '';
}

/**
 * SPEC §4: the list shows only applications that have an acknowledgement.
 * @example isListed(freshApp) // false
 */
export function isListed(app: Application): boolean {
  return hasAcknowledgement(app);
}

/**
 * SPEC §9: a ward filter matches the club ward or the puja ward. We use the same rule for the
 * NOC list's ward filter (SPEC §2 leaves open which ward it means). No ward (null) matches all.
 * @example isInWard({ ward_no: 3, puja_location_ward_no: 9 }, 9) // true
 */
export function isInWard(
  app: Pick<Application, 'ward_no' | 'puja_location_ward_no'>,
  ward: number | null,
): boolean {
  return ward === null || app.ward_no === ward || app.puja_location_ward_no === ward;
}
