/**
 * Whole forms checked at once (issue 22, decision 0032; GOV.UK "validate everything on
 * submit"): every field's problem in the order the form shows its fields, so a screen can list
 * them all in an error summary and beside each field. Each form's rules are written here once
 * (issue 28): the first-problem checks the server answers with (`validateRegistration`, …) are
 * derived from the whole-form check by `firstProblem`.
 */
import {
  AUTHORITIES,
  DEFAULT_LAND_TYPE,
  LAND_TYPES,
  type ApplicationFileField,
  type LandType,
} from './application';
import {
  MAX_LENGTH,
  email,
  fail,
  newPassword,
  ok,
  optionalNumberText,
  phone,
  required,
  ward,
  type Check,
  type FormInput,
  type ValidationResult,
} from './field-checks';
import {
  ERROR_SUMMARY_TITLE,
  failed,
  firstProblem,
  passed,
  problemsOf,
  type FormCheck,
} from './form-core';
import { textOf } from './form-text';
import type { MessageKey } from './messages';
import { CREATABLE_USER_ROLES, type CreatableUserRole } from './permissions';
import { deptmentOf } from './user-management';
import {
  APPLY_FORM_FILE_ORDER,
  normaliseClubName,
  validateUploadFile,
  type ApplyNocFields,
  type ApplyNocFiles,
  type PasswordChange,
  type RegistrationPayload,
  type UserFormValue,
} from './validation';

function clubChoice(input: FormInput): Check<number> {
  const clubId = Number(textOf(input.club_id));
  return Number.isInteger(clubId) && clubId > 0
    ? ok(clubId)
    : fail('registration.selectClub', 'club_id');
}

/**
 * SPEC §5 registration, every field at once (the rules of `validateRegistration`).
 * @example checkRegistrationForm({}).errors.map((e) => e.field) // ['club_id', 'email', 'phone', 'address', 'ward_no', 'password']
 */
export function checkRegistrationForm(input: FormInput): FormCheck<RegistrationPayload> {
  const club = clubChoice(input);
  const govt = optionalNumberText(input, 'govt_register_no');
  const mail = email(input);
  const tel = phone(input, 'phone', 'validation.phoneRequired');
  const address = required(input, 'address', MAX_LENGTH.address, 'validation.addressRequired');
  const wardNo = ward(input, 'ward_no', 'validation.wardRequired');
  const password = newPassword(input);
  if (club.ok && govt.ok && mail.ok && tel.ok && address.ok && wardNo.ok && password.ok) {
    return passed({
      club_id: club.value,
      govt_register_no: govt.value,
      phone: tel.value,
      email: mail.value,
      address: address.value,
      ward_no: wardNo.value,
      password: password.value,
    });
  }
  return failed(problemsOf([club, govt, mail, tel, address, wardNo, password]));
}

/**
 * SPEC §5 registration's first problem (the server's answer): a club chosen from the list,
 * email, phone, address, ward 1–25 and password required; govt register number optional.
 * @example validateRegistration({ club_id: '' }) // { ok: false, message: 'registration.selectClub', field: 'club_id' }
 */
export function validateRegistration(input: FormInput): ValidationResult<RegistrationPayload> {
  return firstProblem(checkRegistrationForm(input));
}

/**
 * The apply form's text fields in screen order, each with what it says when left empty and,
 * for the four phones, when the number is not one (four phones in one summary must say whose).
 */
interface ApplyTextField {
  field: string;
  missing: MessageKey;
  invalid?: MessageKey;
}
const APPLY_TEXT_FIELDS: readonly ApplyTextField[] = /* @__PURE__ */ applyTextFields();

/** Built by a call (a pure one): a screen that checks no apply form leaves it out of its bundle. */
function applyTextFields(): ApplyTextField[] {
  return [
    {
      field: 'ward_no',
      missing: 'applyNoc.missing.wardNo',
    },
    {
      field: 'puja_location_address',
      missing: 'applyNoc.missing.pujaLocation',
    },
    ...AUTHORITIES.flatMap(({ field: who, key }) => [
      {
        field: `${who}_name`,
        missing: `applyNoc.missing.${key}Name` as const,
      },
      {
        field: `${who}_phone`,
        missing: `applyNoc.missing.${key}Phone` as const,
        invalid: `applyNoc.invalid.${key}Phone` as const,
      },
    ]),
  ];
}

/** What each document's field says when no file is chosen (SPEC §3, §5). */
const APPLY_FILE_MISSING: Readonly<Record<ApplicationFileField, MessageKey>> = {
  load_agreement_image: 'applyNoc.missing.land',
  chairman_application_certificate: 'applyNoc.missing.chairmanApplication',
  certificate_image: 'applyNoc.missing.certificate',
  puja_committee: 'applyNoc.missing.pujaCommittee',
  puja_budget: 'applyNoc.missing.pujaBudget',
};

/**
 * SPEC §5 apply NOC, every field and file at once, by the rules of `validateApplyNoc` (and
 * its value). An empty field or a missing document says which ("Enter the club president's
 * name.", "Upload the puja budget."), and then the summary is the spec's "Please fill all
 * fields and upload all 5 documents."; a wrong ward, phone or file says what is wrong with it.
 * A renewal that carries over last season's land document (issue 20) needs no land file.
 * @example checkApplyForm({}, {}).summary // 'applyNoc.incomplete'
 */
export function checkApplyForm(
  fields: FormInput,
  files: ApplyNocFiles,
  options: { landDocumentCarried?: boolean } = {},
): FormCheck<ApplyNocFields> {
  const checks: Check<unknown>[] = [];
  const values: Record<string, string | number> = {};
  for (const { field, missing, invalid } of APPLY_TEXT_FIELDS) {
    const check: Check<string | number> =
      field === 'ward_no'
        ? ward(fields, field, missing)
        : invalid !== undefined
          ? phone(fields, field, missing)
          : required(
              fields,
              field,
              field === 'puja_location_address' ? MAX_LENGTH.address : MAX_LENGTH.name,
              missing,
            );
    const phoneWrong = !check.ok && check.message === 'validation.phoneInvalid';
    checks.push(phoneWrong && invalid !== undefined ? fail(invalid, field) : check);
    if (check.ok) values[field] = check.value;
  }
  const landText = textOf(fields.land_type).toLowerCase();
  const landType = landText === '' ? DEFAULT_LAND_TYPE : landText;
  checks.push(
    (LAND_TYPES as readonly string[]).includes(landType)
      ? ok(landType)
      : fail('validation.invalidRequest', 'land_type'),
  );
  for (const field of APPLY_FORM_FILE_ORDER) {
    if (options.landDocumentCarried && field === 'load_agreement_image') continue;
    const file = files[field];
    const problem = file ? validateUploadFile(file) : APPLY_FILE_MISSING[field];
    checks.push(problem === null ? ok(field) : fail(problem, field));
  }
  const errors = problemsOf(checks);
  if (errors.length === 0) {
    return passed({ ...values, land_type: landType as LandType } as ApplyNocFields);
  }
  const missing = new Set<MessageKey>([
    ...APPLY_TEXT_FIELDS.map((f) => f.missing),
    ...Object.values(APPLY_FILE_MISSING),
  ]);
  const incomplete = errors.some((error) => missing.has(error.message));
  return failed(errors, incomplete ? 'applyNoc.incomplete' : ERROR_SUMMARY_TITLE);
}

/** A phone's problem worded for the apply form's summary ("… of the club president"). */
const isApplyPhoneWording = (message: MessageKey) =>
  APPLY_TEXT_FIELDS.some((field) => field.invalid === message);

/**
 * SPEC §5 apply NOC's first problem (the server's answer): any field or document missing is
 * "Please fill all fields and upload all 5 documents."; then ward 1–25, land type, phone format
 * and each file's type and size. `club_id` and `apply_year` are not read (the session and the
 * current season give them); a renewal that carries over last season's land document
 * (`landDocumentCarriedOver`) sends no land file.
 * @example validateApplyNoc({}, {}) // { ok: false, message: 'applyNoc.incomplete', field: 'ward_no' }
 */
export function validateApplyNoc(
  fields: FormInput,
  files: ApplyNocFiles,
  options: { landDocumentCarriedOver?: boolean } = {},
): ValidationResult<ApplyNocFields> {
  const check = checkApplyForm(fields, files, {
    landDocumentCarried: options.landDocumentCarriedOver ?? false,
  });
  const first = firstProblem(check);
  // The summary names whose phone is wrong; the single answer says what is wrong with it.
  return !first.ok && isApplyPhoneWording(first.message)
    ? fail('validation.phoneInvalid', first.field)
    : first;
}

function userRole(input: FormInput): Check<CreatableUserRole | 'agency'> {
  const roleText = textOf(input.role).toLowerCase();
  if (roleText === '') return fail('validation.roleRequired', 'role');
  // Issue 29: an agency officer too (who may create one: Manage Users' rules).
  return roleText === 'agency' || (CREATABLE_USER_ROLES as readonly string[]).includes(roleText)
    ? ok(roleText as CreatableUserRole | 'agency')
    : fail('validation.roleNotAllowed', 'role');
}

/** An agency officer's agency (issue 29): a positive id, required for role agency only. */
function userAgency(
  input: FormInput,
  role: Check<CreatableUserRole | 'agency'>,
): Check<number | null> {
  if (!role.ok || role.value !== 'agency') return ok(null);
  const text = textOf(input.agency_id);
  return /^\d{1,9}$/.test(text) && Number(text) > 0
    ? ok(Number(text))
    : fail('users.agencyRequired', 'agency_id');
}

/**
 * SPEC §5 user form, every field at once (the rules of `validateUserForm`): a blank password
 * on edit keeps the current one.
 * @example checkUserForm({ role: 'store' }, 'create').errors.map((e) => e.field) // ['name', 'email', 'phone', 'password']
 */
export function checkUserForm(input: FormInput, mode: 'create' | 'edit'): FormCheck<UserFormValue> {
  const name = required(input, 'name', MAX_LENGTH.name, 'validation.nameRequired');
  const mail = email(input);
  const tel = phone(input, 'phone', 'validation.phoneRequired');
  const role = userRole(input);
  const agency = userAgency(input, role);
  const blankPassword = typeof input.password !== 'string' || input.password.trim() === '';
  const password: Check<string | undefined> =
    mode === 'edit' && blankPassword ? ok(undefined) : newPassword(input);
  if (name.ok && mail.ok && tel.ok && role.ok && agency.ok && password.ok) {
    const value: UserFormValue = {
      name: name.value,
      email: mail.value,
      phone: tel.value,
      role: role.value,
      deptment: deptmentOf(role.value),
      ...(agency.value === null ? {} : { agency_id: agency.value }),
    };
    return passed(password.value === undefined ? value : { ...value, password: password.value });
  }
  return failed(problemsOf([name, mail, tel, role, agency, password]));
}

/**
 * SPEC §5 user form's first problem: name, email, phone and role (chairman or store) required;
 * a password on create, and on edit a blank one keeps the current password.
 * @example validateUserForm({ name: 'R', email: 'r@x.in', phone: '9830012345', role: 'store' }, 'edit')
 *   // { ok: true, value: { ..., role: 'store', deptment: 'store' } }
 */
export function validateUserForm(
  input: FormInput,
  mode: 'create' | 'edit',
): ValidationResult<UserFormValue> {
  return firstProblem(checkUserForm(input, mode));
}

/**
 * SPEC §5 club dialogs as a form: the club name required, given normalised.
 * @example checkClubForm({ clubname: ' ' }) // { ok: false, summary: 'form.errorSummaryTitle', errors: [{ field: 'clubname', message: 'validation.clubNameRequired' }] }
 */
export function checkClubForm(input: FormInput): FormCheck<{ clubname: string }> {
  const raw = input.clubname;
  const name = required(
    { clubname: typeof raw === 'string' ? normaliseClubName(raw) : raw },
    'clubname',
    MAX_LENGTH.name,
    'validation.clubNameRequired',
  );
  return name.ok ? passed({ clubname: name.value }) : failed(problemsOf([name]));
}

/**
 * SPEC §5 club dialogs' answer: a club name is required. Takes the name, or a record with
 * `clubname`; gives it normalised (`normaliseClubName`).
 * @example validateClubName('  Sree Sangha ') // { ok: true, value: 'Sree Sangha' }
 */
export function validateClubName(input: unknown): ValidationResult<string> {
  const form =
    typeof input === 'object' && input !== null ? (input as FormInput) : { clubname: input };
  const first = firstProblem(checkClubForm(form));
  return first.ok ? ok(first.value.clubname) : first;
}

/**
 * Changing one's own password, both fields at once (the rules of `validatePasswordChange`).
 * @example checkPasswordChangeForm({}, { requireCurrent: true }).errors.length // 2
 */
export function checkPasswordChangeForm(
  input: FormInput,
  options: { requireCurrent: boolean },
): FormCheck<PasswordChange> {
  const raw = typeof input.current_password === 'string' ? input.current_password : '';
  const current: Check<string> =
    options.requireCurrent && raw.trim() === ''
      ? fail('changePassword.currentRequired', 'current_password')
      : raw.length > MAX_LENGTH.password
        ? fail('validation.textTooLong', 'current_password')
        : ok(raw);
  const next = newPassword(input, 'new_password');
  if (current.ok && next.ok) {
    return passed({ current_password: current.value, new_password: next.value });
  }
  return failed(problemsOf([current, next]));
}

/**
 * Changing one's own password, the first problem: the current password is required (except in
 * a session opened with a temporary password, which has just proven it), the new one as any new
 * password.
 * @example validatePasswordChange({ new_password: 'short' }, { requireCurrent: false })
 *   // { ok: false, message: 'validation.passwordTooShort', field: 'new_password' }
 */
export function validatePasswordChange(
  input: FormInput,
  options: { requireCurrent: boolean },
): ValidationResult<PasswordChange> {
  return firstProblem(checkPasswordChangeForm(input, options));
}

export { ERROR_SUMMARY_TITLE, firstProblem, type FieldError, type FormCheck } from './form-core';
export {
  checkForgotPasswordForm,
  checkLoginForm,
  validateForgotPassword,
  validateLogin,
} from './login-form';
