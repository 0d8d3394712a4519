import {
  DEFAULT_LAND_TYPE,
  LAND_TYPES,
  type Application,
  type ApplicationFileField,
  type LandType,
} from './application';
import { textOf } from './form-text';
import type { Decision } from './status';
import type { MessageKey } from './messages';
import { CREATABLE_USER_ROLES, type CreatableUserRole } from './permissions';
import { deptmentOf } from './user-management';
import {
  MAX_FILE_BYTES,
  MAX_LENGTH,
  email,
  fail,
  newPassword,
  normaliseEmail,
  ok,
  optional,
  optionalNumberText,
  phone,
  required,
  ward,
  type ValidationResult,
  type FormInput,
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

/**
 * SPEC §5 registration: a club chosen from the list, email, phone, address, ward 1–25 and
 * password required; govt register number optional. A new password needs 8 characters.
 * @example validateRegistration({ club_id: '', ... }) // { ok: false, message: 'registration.selectClub', field: 'club_id' }
 */
export function validateRegistration(input: FormInput): ValidationResult<RegistrationPayload> {
  const clubId = Number(textOf(input.club_id));
  if (!Number.isInteger(clubId) || clubId <= 0) return fail('registration.selectClub', 'club_id');
  const mail = email(input);
  if (!mail.ok) return mail;
  const tel = phone(input, 'phone', 'validation.phoneRequired');
  if (!tel.ok) return tel;
  const address = required(input, 'address', MAX_LENGTH.address, 'validation.addressRequired');
  if (!address.ok) return address;
  const wardNo = ward(input, 'ward_no', 'validation.wardRequired');
  if (!wardNo.ok) return wardNo;
  const password = newPassword(input);
  if (!password.ok) return password;
  const govt = optionalNumberText(input, 'govt_register_no');
  if (!govt.ok) return govt;
  return ok({
    club_id: clubId,
    govt_register_no: govt.value,
    phone: tel.value,
    email: mail.value,
    address: address.value,
    ward_no: wardNo.value,
    password: password.value,
  });
}

/** Login credentials (SPEC §5), checked. */
export interface LoginPayload {
  email: string;
  password: string;
}

/**
 * SPEC §5 login (club and official): email and password required. No format or length rule
 * beyond that: a wrong value is simply a failed login.
 * @example validateLogin({ email: 'a@b.in', password: '' }) // { ok: false, message: 'validation.passwordRequired', ... }
 */
export function validateLogin(input: FormInput): ValidationResult<LoginPayload> {
  const mail = required(input, 'email', MAX_LENGTH.email, 'validation.emailRequired');
  if (!mail.ok) return mail;
  const password = typeof input.password === 'string' ? input.password : '';
  if (password === '') return fail('validation.passwordRequired', 'password');
  if (password.length > MAX_LENGTH.password) return fail('validation.textTooLong', 'password');
  return ok({ email: normaliseEmail(mail.value), password });
}

/**
 * SPEC §5 forgot password: only "email required". Any other address is accepted so that the
 * answer never reveals whether an account exists (400 only when blank).
 * @example validateForgotPassword({ email: ' ' }) // { ok: false, message: 'forgotPassword.emailRequired', ... }
 */
export function validateForgotPassword(input: FormInput): ValidationResult<{ email: string }> {
  const mail = required(input, 'email', MAX_LENGTH.email, 'forgotPassword.emailRequired');
  return mail.ok ? ok({ email: normaliseEmail(mail.value) }) : mail;
}

/** A password change: the new password, and the current one when it is asked for. */
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

/**
 * Changing one's own password: the current password is required (except in a session opened
 * with a temporary password, which has just proven it), the new one as any new password.
 * @example validatePasswordChange({ new_password: 'short' }, { requireCurrent: false })
 *   // { ok: false, message: 'validation.passwordTooShort', field: 'new_password' }
 */
export function validatePasswordChange(
  input: FormInput,
  options: { requireCurrent: boolean },
): ValidationResult<PasswordChange> {
  const current = typeof input.current_password === 'string' ? input.current_password : '';
  if (options.requireCurrent && current.trim() === '') {
    return fail('changePassword.currentRequired', 'current_password');
  }
  if (current.length > MAX_LENGTH.password)
    return fail('validation.textTooLong', 'current_password');
  const next = newPassword(input, 'new_password');
  return next.ok ? ok({ current_password: current, new_password: next.value }) : next;
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

const AUTHORITIES = ['club_president', 'club_secrety', 'puja_presient', 'puja_secretary'] as const;

/**
 * SPEC §5 apply NOC: every field and all five documents, else "Please fill all fields and
 * upload all 5 documents."; then ward 1–25, phone format and each file's type and size.
 * Land type defaults to own. `club_id` and `apply_year` are not read: they come from the session
 * and the current season. A renewal that carries over last season's land document
 * (`landDocumentCarriedOver`) sends no land file.
 * @example validateApplyNoc({}, {}) // { ok: false, message: 'applyNoc.incomplete' }
 */
export function validateApplyNoc(
  fields: FormInput,
  files: ApplyNocFiles,
  options: { landDocumentCarriedOver?: boolean } = {},
): ValidationResult<ApplyNocFields> {
  const fileOrder = options.landDocumentCarriedOver
    ? APPLY_FORM_FILE_ORDER.filter((field) => field !== 'load_agreement_image')
    : APPLY_FORM_FILE_ORDER;
  const textFields = [
    'ward_no',
    'puja_location_address',
    ...AUTHORITIES.flatMap((who) => [`${who}_name`, `${who}_phone`]),
  ];
  const missingField = textFields.find((field) => textOf(fields[field]) === '');
  if (missingField !== undefined) return fail('applyNoc.incomplete', missingField);
  const missingFile = fileOrder.find((field) => !files[field]);
  if (missingFile !== undefined) return fail('applyNoc.incomplete', missingFile);

  const landText = textOf(fields.land_type).toLowerCase();
  const land_type = landText === '' ? DEFAULT_LAND_TYPE : landText;
  if (!(LAND_TYPES as readonly string[]).includes(land_type)) {
    return fail('validation.invalidRequest', 'land_type');
  }
  const wardNo = ward(fields, 'ward_no', 'applyNoc.incomplete');
  if (!wardNo.ok) return wardNo;
  const address = required(
    fields,
    'puja_location_address',
    MAX_LENGTH.address,
    'applyNoc.incomplete',
  );
  if (!address.ok) return address;

  const people: Record<string, string> = {};
  for (const who of AUTHORITIES) {
    const name = required(fields, `${who}_name`, MAX_LENGTH.name, 'applyNoc.incomplete');
    if (!name.ok) return name;
    const tel = phone(fields, `${who}_phone`, 'applyNoc.incomplete');
    if (!tel.ok) return tel;
    people[`${who}_name`] = name.value;
    people[`${who}_phone`] = tel.value;
  }
  for (const field of fileOrder) {
    const problem = validateUploadFile(files[field]);
    if (problem !== null) return fail(problem, field);
  }
  return ok({
    ward_no: wardNo.value,
    puja_location_address: address.value,
    ...(people as Omit<ApplyNocFields, 'ward_no' | 'puja_location_address' | 'land_type'>),
    land_type: land_type as LandType,
  });
}

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

/**
 * SPEC §5 club dialogs: a club name is required. Takes the name, or a record with `clubname`;
 * gives it normalised (`normaliseClubName`).
 * @example validateClubName('  Sree Sangha ') // { ok: true, value: 'Sree Sangha' }
 */
export function validateClubName(input: unknown): ValidationResult<string> {
  const raw = typeof input === 'object' && input !== null ? (input as FormInput).clubname : input;
  const name = typeof raw === 'string' ? normaliseClubName(raw) : raw;
  return required({ clubname: name }, 'clubname', MAX_LENGTH.name, 'validation.clubNameRequired');
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
 * SPEC §5 user form: name, email (format), phone and role (chairman or store, SPEC §6)
 * required; password required on create, and on edit a blank one keeps the current password.
 * @example validateUserForm({ name: 'R', email: 'r@x.in', phone: '9830012345', role: 'store' }, 'edit')
 *   // { ok: true, value: { ..., role: 'store', deptment: 'store' } }
 */
export function validateUserForm(
  input: FormInput,
  mode: 'create' | 'edit',
): ValidationResult<UserFormValue> {
  const name = required(input, 'name', MAX_LENGTH.name, 'validation.nameRequired');
  if (!name.ok) return name;
  const mail = email(input);
  if (!mail.ok) return mail;
  const tel = phone(input, 'phone', 'validation.phoneRequired');
  if (!tel.ok) return tel;
  const roleText = textOf(input.role).toLowerCase();
  if (roleText === '') return fail('validation.roleRequired', 'role');
  // Issue 29: an agency officer belongs to one agency (who may create one: Manage Users' rules).
  if (roleText !== 'agency' && !(CREATABLE_USER_ROLES as readonly string[]).includes(roleText)) {
    return fail('validation.roleNotAllowed', 'role');
  }
  const role = roleText as CreatableUserRole | 'agency';
  const agencyText = textOf(input.agency_id);
  const agencyId =
    /^\d{1,9}$/.test(agencyText) && Number(agencyText) > 0 ? Number(agencyText) : null;
  if (role === 'agency' && agencyId === null) return fail('users.agencyRequired', 'agency_id');
  const value: UserFormValue = {
    name: name.value,
    email: mail.value,
    phone: tel.value,
    role,
    deptment: deptmentOf(role),
    ...(role === 'agency' && agencyId !== null ? { agency_id: agencyId } : {}),
  };
  const blankPassword = typeof input.password !== 'string' || input.password.trim() === '';
  if (mode === 'edit' && blankPassword) return ok(value);
  const password = newPassword(input);
  return password.ok ? ok({ ...value, password: password.value }) : password;
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
