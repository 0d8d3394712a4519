import { describe, expect, it } from 'vitest';
import { APPLICATION_FILE_FIELDS } from './application';
import { formatMessage } from './messages';
import {
  ACCEPTED_FILE_TYPES,
  CONTENT_TYPE_OF_KIND,
  EXTENSION_OF_KIND,
  MAX_FILE_BYTES,
  WARD_NUMBERS,
  detectFileKind,
  isEmail,
  isPhone,
  isWardNumber,
  validateRejectionReason,
  validateReleaseReason,
  validateUploadFile,
  type ApplyNocFiles,
} from './validation';
import {
  validateApplyNoc,
  validateClubName,
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validatePasswordChange,
  validateUserForm,
} from './form-check';

import { APPLY_FORM_INPUT } from './test-support/application';

const long = (n: number) => 'x'.repeat(n);

describe('wards', () => {
  it('ward numbers run from 1 to 25', () => {
    expect(WARD_NUMBERS).toHaveLength(25);
    expect(WARD_NUMBERS[0]).toBe(1);
    expect(WARD_NUMBERS.at(-1)).toBe(25);
  });
  it.each([
    [1, true],
    [25, true],
    [0, false],
    [26, false],
    [7.5, false],
    ['7', false],
    [Number.NaN, false],
  ])('%j is a ward number: %s', (value, expected) => {
    expect(isWardNumber(value)).toBe(expected);
  });
});

describe('isEmail and isPhone', () => {
  it.each([
    ['club@example.org', true],
    ['a.b+c@mail.co.in', true],
    ['club@', false],
    ['club@example', false],
    ['club example@x.in', false],
    ['@x.in', false],
    ['a@b..in', false],
  ])('%s is an e-mail address: %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
  it('an address over 254 characters is not an e-mail address', () => {
    expect(isEmail(`${long(250)}@x.in`)).toBe(false);
  });
  it.each([
    ['9830012345', true],
    ['+91 98300-12345', true],
    ['+919830012345123', true],
    ['(033) 2345-6789', true],
    ['033.2345.6789', true],
    ['(033) 2345', false],
    ['12345', false],
    ['1234567890123456', false],
    ['98300 1234a', false],
    ['91+9830012345', false],
    ['1 2 3 4 5 6 7 8 9 0 1 2 3 4 5', false],
  ])('%s is a phone number: %s', (value, expected) => {
    expect(isPhone(value)).toBe(expected);
  });
});

describe('validateRegistration', () => {
  const good = {
    club_id: '4',
    govt_register_no: '',
    phone: '9830012345',
    email: ' club@example.org ',
    address: '12 Park Street',
    ward_no: '7',
    password: 'durga2025',
  };
  it('a complete registration gives trimmed, typed values', () => {
    expect(validateRegistration(good)).toEqual({
      ok: true,
      value: { ...good, club_id: 4, email: 'club@example.org', ward_no: 7 },
    });
  });
  it('numbers may arrive as numbers', () => {
    const result = validateRegistration({ ...good, club_id: 4, ward_no: 25 });
    expect(result.ok && result.value.ward_no).toBe(25);
  });
  it.each([
    ['no club chosen', { club_id: '' }, 'registration.selectClub', 'club_id'],
    [
      'a club id that is not a number',
      { club_id: 'Sree Sangha' },
      'registration.selectClub',
      'club_id',
    ],
    ['a missing email', { email: '  ' }, 'validation.emailRequired', 'email'],
    ['a malformed email', { email: 'club@' }, 'validation.emailInvalid', 'email'],
    ['a missing phone', { phone: '' }, 'validation.phoneRequired', 'phone'],
    ['a malformed phone', { phone: '12ab' }, 'validation.phoneInvalid', 'phone'],
    ['a missing address', { address: undefined }, 'validation.addressRequired', 'address'],
    ['a too long address', { address: long(501) }, 'validation.textTooLong', 'address'],
    ['a missing ward', { ward_no: '' }, 'validation.wardRequired', 'ward_no'],
    ['ward 0', { ward_no: '0' }, 'validation.wardRange', 'ward_no'],
    ['ward 26', { ward_no: 26 }, 'validation.wardRange', 'ward_no'],
    ['a fractional ward', { ward_no: '7.5' }, 'validation.wardRange', 'ward_no'],
    ['a missing password', { password: '' }, 'validation.passwordRequired', 'password'],
    ['a short password', { password: 'durga' }, 'validation.passwordTooShort', 'password'],
    ['a too long password', { password: long(129) }, 'validation.textTooLong', 'password'],
    [
      'a too long govt register number',
      { govt_register_no: long(201) },
      'validation.textTooLong',
      'govt_register_no',
    ],
  ])('%s is refused', (_name, change, message, field) => {
    expect(validateRegistration({ ...good, ...change })).toEqual({ ok: false, message, field });
  });
  it('"Please select a club from the list." is the message when no club is chosen', () => {
    const result = validateRegistration({});
    expect(!result.ok && formatMessage(result.message)).toBe('Please select a club from the list.');
  });
});

describe('validateLogin and validateForgotPassword', () => {
  it('a login needs email and password and keeps the password as typed', () => {
    expect(validateLogin({ email: ' a@b.in ', password: ' pw ' })).toEqual({
      ok: true,
      value: { email: 'a@b.in', password: ' pw ' },
    });
  });
  it.each([
    ['no email', { email: '', password: 'x' }, 'validation.emailRequired', 'email'],
    ['no password', { email: 'a@b.in' }, 'validation.passwordRequired', 'password'],
    ['a too long email', { email: long(255), password: 'x' }, 'validation.textTooLong', 'email'],
    [
      'a too long password',
      { email: 'a@b.in', password: long(129) },
      'validation.textTooLong',
      'password',
    ],
  ])('a login with %s is refused', (_name, input, message, field) => {
    expect(validateLogin(input)).toEqual({ ok: false, message, field });
  });
  it('forgot password without an email says "Please enter your email address."', () => {
    const result = validateForgotPassword({ email: ' ' });
    expect(result).toEqual({ ok: false, message: 'forgotPassword.emailRequired', field: 'email' });
    expect(!result.ok && formatMessage(result.message)).toBe('Please enter your email address.');
  });
  it('forgot password accepts any non-blank address', () => {
    expect(validateForgotPassword({ email: ' someone ' })).toEqual({
      ok: true,
      value: { email: 'someone' },
    });
  });
});

describe('detectFileKind', () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(
      values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
    );
  it.each([
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'jpeg'],
    ['a PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
    ['a WebP', bytes('RIFF', 0, 0, 0, 0, 'WEBP', 'VP8 '), 'webp'],
    ['a PDF', bytes('%PDF-1.7'), 'pdf'],
    ['a RIFF that is not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVE'), null],
    ['an HTML file', bytes('<html>'), null],
    ['a truncated PNG', bytes(0x89, 'PNG'), null],
    ['an empty file', bytes(), null],
  ])('%s is detected as %s', (_name, data, kind) => {
    expect(detectFileKind(data)).toBe(kind);
  });
  it('each kind has a content type and an extension', () => {
    expect(CONTENT_TYPE_OF_KIND).toEqual({
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      pdf: 'application/pdf',
    });
    expect(EXTENSION_OF_KIND.jpeg).toBe('jpg');
    expect(ACCEPTED_FILE_TYPES).toContain('application/pdf');
    expect(ACCEPTED_FILE_TYPES).toContain('.webp');
  });
});

describe('validateUploadFile', () => {
  it.each([
    ['a PDF', { name: 'deed.pdf', type: 'application/pdf', size: 1000 }, null],
    ['a JPEG', { name: 'a.jpg', type: 'image/jpeg', size: 1 }, null],
    ['a PNG with an upper-case type', { name: 'a.png', type: 'IMAGE/PNG', size: 1 }, null],
    ['a WebP', { type: 'image/webp', size: 1 }, null],
    ['exactly 3 MB', { type: 'application/pdf', size: MAX_FILE_BYTES }, null],
    ['a PDF with no declared type', { name: 'SCAN.PDF', size: 10 }, null],
    [
      'a JPEG declared as octet-stream',
      { name: 'x.jpeg', type: 'application/octet-stream', size: 10 },
      null,
    ],
    ['no file', null, 'reupload.noFile'],
    ['an undefined file', undefined, 'reupload.noFile'],
    ['a GIF', { name: 'a.gif', type: 'image/gif', size: 1 }, 'validation.fileType'],
    ['a Word file', { name: 'a.docx', type: 'application/msword', size: 1 }, 'validation.fileType'],
    [
      'an HTML file named .pdf',
      { name: 'a.pdf', type: 'text/html', size: 1 },
      'validation.fileType',
    ],
    ['a file without type or extension', { name: 'scan', size: 1 }, 'validation.fileType'],
    ['a file with no name and no type', { size: 1 }, 'validation.fileType'],
    ['an empty PDF', { type: 'application/pdf', size: 0 }, 'validation.fileEmpty'],
    [
      'a PDF of unknown size',
      { type: 'application/pdf', size: Number.NaN },
      'validation.fileEmpty',
    ],
    [
      'one byte over 3 MB',
      { type: 'application/pdf', size: MAX_FILE_BYTES + 1 },
      'validation.fileTooLarge',
    ],
  ])('%s gives %s', (_name, file, message) => {
    expect(validateUploadFile(file)).toBe(message);
  });
  it('a re-upload without a file says "Please select a file first."', () => {
    expect(formatMessage(validateUploadFile(null) ?? 'app.title')).toBe(
      'Please select a file first.',
    );
  });
});

describe('validateApplyNoc', () => {
  const fields = APPLY_FORM_INPUT;
  const pdf = { name: 'x.pdf', type: 'application/pdf', size: 100 };
  const files: ApplyNocFiles = Object.fromEntries(APPLICATION_FILE_FIELDS.map((f) => [f, pdf]));

  it('a complete form gives the typed fields, without club_id and apply_year', () => {
    const { club_id: _c, apply_year: _y, ...rest } = fields;
    expect(validateApplyNoc(fields, files)).toEqual({
      ok: true,
      value: { ...rest, ward_no: 12, puja_location_address: 'Maidan' },
    });
  });
  it.each([
    ['', 'own'],
    ['OWN', 'own'],
    [undefined, 'own'],
  ])('land type %j becomes %s (default own)', (land, expected) => {
    const result = validateApplyNoc({ ...fields, land_type: land }, files);
    expect(result.ok && result.value.land_type).toBe(expected);
  });
  it.each([
    'ward_no',
    'puja_location_address',
    'club_president_name',
    'club_president_phone',
    'club_secrety_name',
    'club_secrety_phone',
    'puja_presient_name',
    'puja_presient_phone',
    'puja_secretary_name',
    'puja_secretary_phone',
  ])('a missing %s says "Please fill all fields and upload all 5 documents."', (field) => {
    const result = validateApplyNoc({ ...fields, [field]: ' ' }, files);
    expect(result).toEqual({ ok: false, message: 'applyNoc.incomplete', field });
    expect(!result.ok && formatMessage(result.message)).toBe(
      'Please fill all fields and upload all 5 documents.',
    );
  });
  it('with no file chosen, the first one reported is the first on the form: the land document', () => {
    expect(validateApplyNoc(fields, {})).toMatchObject({ field: 'load_agreement_image' });
    const big = { ...pdf, size: 4 * 1024 * 1024 };
    const allTooBig = Object.fromEntries(APPLICATION_FILE_FIELDS.map((f) => [f, big]));
    expect(validateApplyNoc(fields, allTooBig)).toMatchObject({ field: 'load_agreement_image' });
  });
  it.each(APPLICATION_FILE_FIELDS)('a missing %s file is incomplete too', (field) => {
    expect(validateApplyNoc(fields, { ...files, [field]: null })).toEqual({
      ok: false,
      message: 'applyNoc.incomplete',
      field,
    });
  });
  it.each([
    ['ward 26', { ward_no: '26' }, files, 'validation.wardRange', 'ward_no'],
    [
      'an unknown land type',
      { land_type: 'rented' },
      files,
      'validation.invalidRequest',
      'land_type',
    ],
    [
      'a malformed phone',
      { puja_secretary_phone: '123' },
      files,
      'validation.phoneInvalid',
      'puja_secretary_phone',
    ],
    [
      'a too long name',
      { club_secrety_name: long(201) },
      files,
      'validation.textTooLong',
      'club_secrety_name',
    ],
    [
      'a too long address',
      { puja_location_address: long(501) },
      files,
      'validation.textTooLong',
      'puja_location_address',
    ],
    [
      'a Word budget',
      {},
      { ...files, puja_budget: { name: 'b.docx', type: 'application/msword', size: 5 } },
      'validation.fileType',
      'puja_budget',
    ],
    [
      'a 4 MB committee list',
      {},
      { ...files, puja_committee: { ...pdf, size: 4 * 1024 * 1024 } },
      'validation.fileTooLarge',
      'puja_committee',
    ],
  ])('%s is refused', (_name, change, theFiles, message, field) => {
    expect(validateApplyNoc({ ...fields, ...change }, theFiles)).toEqual({
      ok: false,
      message,
      field,
    });
  });
  it('does not change its input', () => {
    const copy = structuredClone(fields);
    validateApplyNoc(fields, files);
    expect(fields).toEqual(copy);
  });
});

describe('validateClubName', () => {
  it.each([
    ['  Sree Sangha ', { ok: true, value: 'Sree Sangha' }],
    [{ clubname: 'Nabin Sangha' }, { ok: true, value: 'Nabin Sangha' }],
    ['', { ok: false, message: 'validation.clubNameRequired', field: 'clubname' }],
    [null, { ok: false, message: 'validation.clubNameRequired', field: 'clubname' }],
    [{}, { ok: false, message: 'validation.clubNameRequired', field: 'clubname' }],
  ])('the club name %j gives %j', (input, result) => {
    expect(validateClubName(input)).toEqual(result);
  });
  it('a club name over 200 characters is too long', () => {
    expect(validateClubName(long(201))).toEqual({
      ok: false,
      message: 'validation.textTooLong',
      field: 'clubname',
    });
  });
});

describe('validateUserForm', () => {
  const user = {
    name: ' Rina ',
    email: 'rina@x.in',
    phone: '9830012345',
    role: 'store',
    password: 'secret123',
  };
  it('creating a user needs a password and sets the department to the role', () => {
    expect(validateUserForm(user, 'create')).toEqual({
      ok: true,
      value: {
        name: 'Rina',
        email: 'rina@x.in',
        phone: '9830012345',
        role: 'store',
        deptment: 'store',
        password: 'secret123',
      },
    });
  });
  it('on edit a blank password keeps the existing one', () => {
    const result = validateUserForm({ ...user, role: 'Chairman', password: '  ' }, 'edit');
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Rina',
        email: 'rina@x.in',
        phone: '9830012345',
        role: 'chairman',
        deptment: 'chairman',
      },
    });
  });
  it('on edit a new password is checked and kept', () => {
    const result = validateUserForm(user, 'edit');
    expect(result.ok && result.value.password).toBe('secret123');
    expect(validateUserForm({ ...user, password: 'short' }, 'edit')).toMatchObject({
      ok: false,
      message: 'validation.passwordTooShort',
    });
  });
  it.each([
    [{ name: '' }, 'create', 'validation.nameRequired', 'name'],
    [{ email: '' }, 'create', 'validation.emailRequired', 'email'],
    [{ email: 'rina' }, 'edit', 'validation.emailInvalid', 'email'],
    [{ phone: '' }, 'create', 'validation.phoneRequired', 'phone'],
    [{ phone: 'call me' }, 'create', 'validation.phoneInvalid', 'phone'],
    [{ role: '' }, 'create', 'validation.roleRequired', 'role'],
    [{ role: 'admin' }, 'create', 'validation.roleNotAllowed', 'role'],
    [{ role: 'club' }, 'edit', 'validation.roleNotAllowed', 'role'],
    [{ password: '' }, 'create', 'validation.passwordRequired', 'password'],
    [{ password: undefined }, 'create', 'validation.passwordRequired', 'password'],
  ] as const)('%j on %s is refused', (change, mode, message, field) => {
    expect(validateUserForm({ ...user, ...change }, mode)).toEqual({ ok: false, message, field });
  });
});

describe('validateReleaseReason', () => {
  it.each([
    [' not the real club ', { ok: true, value: 'not the real club' }],
    [' ', { ok: false, message: 'clubs.releaseReasonRequired', field: 'reason' }],
    [undefined, { ok: false, message: 'clubs.releaseReasonRequired', field: 'reason' }],
    ['x'.repeat(1001), { ok: false, message: 'validation.textTooLong', field: 'reason' }],
  ])('the reason %j gives %j', (reason, result) => {
    expect(validateReleaseReason(reason)).toEqual(result);
  });
});

describe('validateRejectionReason', () => {
  it.each([
    ['  blurred scan ', { ok: true, value: 'blurred scan' }],
    ['', { ok: false, message: 'review.reasonRequired', field: 'reason' }],
    ['   ', { ok: false, message: 'review.reasonRequired', field: 'reason' }],
    [undefined, { ok: false, message: 'review.reasonRequired', field: 'reason' }],
  ])('the reason %j gives %j', (reason, result) => {
    expect(validateRejectionReason(reason)).toEqual(result);
  });
  it('a reason over 1000 characters is too long', () => {
    expect(validateRejectionReason(long(1001))).toEqual({
      ok: false,
      message: 'validation.textTooLong',
      field: 'reason',
    });
  });
  it('an empty reason says "Please provide a rejection reason."', () => {
    expect(formatMessage('review.reasonRequired')).toBe('Please provide a rejection reason.');
  });
});

describe('validatePasswordChange', () => {
  it('asks for the current password unless told not to', () => {
    expect(
      validatePasswordChange({ new_password: 'Longer#2025' }, { requireCurrent: true }),
    ).toEqual({ ok: false, message: 'changePassword.currentRequired', field: 'current_password' });
    expect(
      validatePasswordChange({ new_password: 'Longer#2025' }, { requireCurrent: false }),
    ).toEqual({ ok: true, value: { current_password: '', new_password: 'Longer#2025' } });
  });

  it('checks the new password as any new password', () => {
    const input = { current_password: 'old', new_password: 'short' };
    expect(validatePasswordChange(input, { requireCurrent: true })).toEqual({
      ok: false,
      message: 'validation.passwordTooShort',
      field: 'new_password',
    });
    expect(
      validatePasswordChange({ ...input, new_password: 'x'.repeat(129) }, { requireCurrent: true }),
    ).toMatchObject({ ok: false, message: 'validation.textTooLong' });
    expect(
      validatePasswordChange(
        { ...input, current_password: 'x'.repeat(129) },
        { requireCurrent: true },
      ),
    ).toMatchObject({ ok: false, message: 'validation.textTooLong', field: 'current_password' });
  });
});

describe('validateUserForm for an agency officer (issue 29)', () => {
  const officer = {
    name: 'SI Das',
    email: 'police1@example.org',
    phone: '9830012345',
    password: 'Puja@2025',
  };
  it('takes role agency with its agency', () => {
    expect(validateUserForm({ ...officer, role: 'agency', agency_id: '3' }, 'create')).toEqual({
      ok: true,
      value: { ...officer, role: 'agency', deptment: 'agency', agency_id: 3 },
    });
  });
  it('refuses an officer without an agency', () => {
    expect(validateUserForm({ ...officer, role: 'agency' }, 'create')).toMatchObject({
      ok: false,
      message: 'users.agencyRequired',
    });
  });
});
