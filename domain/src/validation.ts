/**
 * What forms and files are checked into (the payloads), the file rules and the single reasons.
 * The forms' rules are written once, in form-check.ts: every problem at once for the screens,
 * and the first problem (`validateRegistration`, …) derived from it for the server's answer.
 */
import type { Application, ApplicationFileField } from './application';
import { textOf } from './form-text';
import type { Decision } from './status';
import type { MessageKey } from './messages';
import type { CreatableUserRole } from './permissions';
import {
  MAX_FILE_BYTES,
  MAX_LENGTH,
  optional,
  required,
  type ValidationResult,
} from './field-checks';

export {
  MAX_LENGTH,
  MIN_PASSWORD_LENGTH,
  WARD_NUMBERS,
  MAX_FILE_BYTES,
  isEmail,
  isPhone,
  isWardNumber,
  normaliseEmail,
  type ValidationResult,
  type FormInput,
} from './field-checks';

/** The club registration payload (SPEC §3), checked. */
export interface RegistrationPayload {
  club_id: number;
  govt_register_no: string;
  phone: string;
  email: string;
  address: string;
  ward_no: number;
  password: string;
}

/** Login credentials (SPEC §5), checked. */
export interface LoginPayload {
  email: string;
  password: string;
}

/** A password change: the new password, and the current one when it is asked for. */
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/** A file as a browser or multipart parser describes it. */
export interface FileInfo {
  name?: string;
  type?: string;
  size: number;
}

/** File kinds we accept (SPEC §5: images or pdf), known by their first bytes. */
export type FileKind = 'jpeg' | 'png' | 'webp' | 'pdf';

/** The content type a stored file of each kind is served with. */
export const CONTENT_TYPE_OF_KIND: Readonly<Record<FileKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The file extension a stored file of each kind gets. */
export const EXTENSION_OF_KIND: Readonly<Record<FileKind, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  pdf: 'pdf',
};

const ACCEPTED_TYPES = new Set([...Object.values(CONTENT_TYPE_OF_KIND), 'image/jpg']);
const ACCEPTED_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'pdf']);
const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

/** The `accept` attribute for file pickers. */
export const ACCEPTED_FILE_TYPES = [
  ...ACCEPTED_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.pdf',
].join(',');

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/**
 * What a file really is, by its magic bytes; null when it is none of the accepted kinds.
 * @example detectFileKind(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])) // 'pdf'
 */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

function extensionOf(name: string | undefined): string {
  const match = /\.([^./\\]+)$/.exec(name ?? '');
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * An image (JPEG, PNG, WebP) or PDF of at most 3 MB, judged by the declared content type, or by
 * the extension when the type is missing or generic; null when acceptable. The server also
 * checks the bytes with `detectFileKind`.
 * @example validateUploadFile({ name: 'deed.pdf', type: 'application/pdf', size: 1024 }) // null
 */
export function validateUploadFile(file: FileInfo | null | undefined): MessageKey | null {
  if (!file) return 'reupload.noFile';
  const type = (file.type ?? '').trim().toLowerCase();
  const allowed = GENERIC_TYPES.has(type)
    ? ACCEPTED_EXTENSIONS.has(extensionOf(file.name))
    : ACCEPTED_TYPES.has(type);
  if (!allowed) return 'validation.fileType';
  if (!Number.isFinite(file.size) || file.size <= 0) return 'validation.fileEmpty';
  if (file.size > MAX_FILE_BYTES) return 'validation.fileTooLarge';
  return null;
}

/**
 * SPEC §5 acknowledgement upload: needs a file and the application id.
 * @example validateAcknowledgementUpload(null, 4) // 'acknowledgementUpload.missing'
 */
export function validateAcknowledgementUpload(
  file: FileInfo | null | undefined,
  applicationId: unknown,
): MessageKey | null {
  const id = Number(textOf(applicationId));
  if (!file || !Number.isInteger(id) || id <= 0) return 'acknowledgementUpload.missing';
  return validateUploadFile(file);
}

/** The text fields of the NOC application form (SPEC §3), checked: the application's own fields. */
export type ApplyNocFields = Pick<
  Application,
  | 'puja_location_address'
  | 'club_president_name'
  | 'club_president_phone'
  | 'club_secrety_name'
  | 'club_secrety_phone'
  | 'puja_presient_name'
  | 'puja_presient_phone'
  | 'puja_secretary_name'
  | 'puja_secretary_phone'
  | 'land_type'
> & { ward_no: number };

/** The five files of the form, by field; a missing one may be null or undefined. */
export type ApplyNocFiles = Partial<Record<ApplicationFileField, FileInfo | null | undefined>>;

/**
 * The five files in the order the apply form shows them (SPEC §5): the land document in its
 * Land Details section, then the four other documents. Checks follow it, so the first problem
 * reported (and focused) is the first one on the screen.
 */
export const APPLY_FORM_FILE_ORDER: readonly ApplicationFileField[] = [
  'load_agreement_image',
  'chairman_application_certificate',
  'certificate_image',
  'puja_committee',
  'puja_budget',
];

/**
 * Characters that show nothing and separate nothing: zero-width space, word joiner, byte-order
 * mark, soft hyphen, Mongolian vowel separator. ZWJ and ZWNJ (U+200D, U+200C) stay: Bengali
 * writes conjuncts with them.
 */
const INVISIBLE = /[\u200B\u2060\uFEFF\u00AD\u180E]/g;

/**
 * The one spelling of a club name that is stored and compared: Unicode NFC, invisible
 * characters removed, every run of white space (any Unicode space) one space, trimmed; so
 * "Sree\u200bSangha" is not a second "SreeSangha" and "Sree  Sangha " not a second "Sree Sangha".
 * @example normaliseClubName(' Sree\u00a0 Sangha\u200b ') // 'Sree Sangha'
 */
export function normaliseClubName(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A staff user as the Manage Users form saves it (SPEC §3). */
export interface UserFormValue {
  name: string;
  email: string;
  phone: string;
  role: CreatableUserRole | 'agency';
  /** SPEC §3: the department is sent as `deptment` and set equal to the role. */
  deptment: CreatableUserRole | 'agency';
  /** An agency officer's agency (issue 29); absent for every other role. */
  agency_id?: number;
  /** Absent on edit when left blank: the existing password is kept. */
  password?: string;
}

/**
 * SPEC §5: a rejection needs a reason, else "Please provide a rejection reason.".
 * @example validateRejectionReason('  ') // { ok: false, message: 'review.reasonRequired', field: 'reason' }
 */
export function validateRejectionReason(reason: unknown): ValidationResult<string> {
  return required({ reason }, 'reason', MAX_LENGTH.reason, 'review.reasonRequired');
}

/**
 * Why a club's registration is released (docs/decisions/0028): required, within the reason length.
 * @example validateReleaseReason(' ') // { ok: false, message: 'clubs.releaseReasonRequired', field: 'reason' }
 */
export function validateReleaseReason(reason: unknown): ValidationResult<string> {
  return required({ reason }, 'reason', MAX_LENGTH.reason, 'clubs.releaseReasonRequired');
}

/**
 * Why staff close the review of a season (issue 27): required, within the reason length; the
 * affected clubs read it in their mail.
 * @example validateReviewCloseReason(' ') // { ok: false, message: 'seasons.reasonRequired', field: 'reason' }
 */
export function validateReviewCloseReason(reason: unknown): ValidationResult<string> {
  return required({ reason }, 'reason', MAX_LENGTH.reason, 'seasons.reasonRequired');
}

/**
 * The reason of a staff decision: a rejection's as `validateRejectionReason`; an approval may
 * come with one (the chairman's note) within the same length.
 * @example validateDecisionReason('approve', '') // { ok: true, value: '' }
 */
export function validateDecisionReason(
  decision: Decision,
  reason: unknown,
): ValidationResult<string> {
  if (decision === 'reject') return validateRejectionReason(reason);
  return optional({ reason }, 'reason', MAX_LENGTH.reason);
}
