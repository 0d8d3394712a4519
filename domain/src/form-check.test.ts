import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPLICATION_FILE_FIELDS } from './application';
import {
  checkApplyForm,
  checkClubForm,
  checkLoginForm,
  checkPasswordChangeForm,
  checkRegistrationForm,
  checkUserForm,
  type FieldError,
  type FormCheck,
  validateApplyNoc,
  validateClubName,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
  validateUserForm,
} from './form-check';
import { APPLY_FORM_FILE_ORDER, type ApplyNocFiles } from './validation';
import { APPLY_FORM_INPUT } from './test-support/application';

const errorsOf = <T>(check: FormCheck<T>): FieldError[] => (check.ok ? [] : check.errors);
const fieldsOf = <T>(check: FormCheck<T>) => errorsOf(check).map((e) => e.field);

/** The forms' fields in the order their screens show them (SPEC §2, §3). */
const REGISTRATION_ORDER = [
  'club_id',
  'govt_register_no',
  'email',
  'phone',
  'address',
  'ward_no',
  'password',
];
const APPLY_ORDER = [
  'ward_no',
  'puja_location_address',
  ...['club_president', 'club_secrety', 'puja_presient', 'puja_secretary'].flatMap((who) => [
    `${who}_name`,
    `${who}_phone`,
  ]),
  'land_type',
  ...APPLY_FORM_FILE_ORDER,
];
const USER_ORDER = ['name', 'email', 'phone', 'role', 'password'];

/** Errors always come in the order the form shows its fields. */
function expectInFormOrder(errors: FieldError[], order: readonly string[]) {
  const positions = errors.map((e) => order.indexOf(e.field));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

const registration = {
  club_id: '3',
  govt_register_no: '',
  email: 'Club@Example.org',
  phone: '9830012345',
  address: '12 Park Street',
  ward_no: '7',
  password: 'secret123',
};

describe('checkRegistrationForm', () => {
  it('an empty registration names every required field at once, in screen order', () => {
    const check = checkRegistrationForm({});
    expect(check).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [
        { field: 'club_id', message: 'registration.selectClub' },
        { field: 'email', message: 'validation.emailRequired' },
        { field: 'phone', message: 'validation.phoneRequired' },
        { field: 'address', message: 'validation.addressRequired' },
        { field: 'ward_no', message: 'validation.wardRequired' },
        { field: 'password', message: 'validation.passwordRequired' },
      ],
    });
  });

  it.each([
    [{ email: 'club@' }, 'email', 'validation.emailInvalid'],
    [{ phone: '12' }, 'phone', 'validation.phoneInvalid'],
    [{ ward_no: '26' }, 'ward_no', 'validation.wardRange'],
    [{ password: 'short' }, 'password', 'validation.passwordTooShort'],
    [{ govt_register_no: 'x'.repeat(201) }, 'govt_register_no', 'validation.textTooLong'],
    [{ club_id: 'abc' }, 'club_id', 'registration.selectClub'],
  ])('%j alone is reported on %s as %s', (change, field, message) => {
    expect(errorsOf(checkRegistrationForm({ ...registration, ...change }))).toEqual([
      { field, message },
    ]);
  });

  it('a half-filled form reports a bad phone and a missing ward together', () => {
    expect(fieldsOf(checkRegistrationForm({ ...registration, phone: '12', ward_no: '' }))).toEqual([
      'phone',
      'ward_no',
    ]);
  });

  it('a good form gives the same payload as validateRegistration', () => {
    const check = checkRegistrationForm(registration);
    const single = validateRegistration(registration);
    expect(check.ok && single.ok && check.value).toEqual(single.ok && single.value);
    expect(check.ok && check.value.email).toBe('club@example.org');
  });

  it('the first error is the field validateRegistration reports, when both agree on order', () => {
    fc.assert(
      fc.property(
        fc.record({
          club_id: fc.constantFrom('', '3'),
          email: fc.constantFrom('', 'x', 'a@b.in'),
          phone: fc.constantFrom('', '12', '9830012345'),
          address: fc.constantFrom('', 'Road'),
          ward_no: fc.constantFrom('', '0', '7'),
          password: fc.constantFrom('', 'short', 'long enough'),
        }),
        (input) => {
          const all = checkRegistrationForm(input);
          const first = validateRegistration(input);
          expect(all.ok).toBe(first.ok);
          if (!all.ok && !first.ok) {
            expect(all.errors).toContainEqual({ field: first.field, message: first.message });
            expectInFormOrder(all.errors, REGISTRATION_ORDER);
          }
        },
      ),
    );
  });
});

const applyFields = APPLY_FORM_INPUT;
const pdf = { name: 'a.pdf', type: 'application/pdf', size: 1000 };
const allFiles: ApplyNocFiles = Object.fromEntries(
  APPLICATION_FILE_FIELDS.map((field) => [field, pdf]),
);

describe('checkApplyForm', () => {
  it('an empty application names every field and every document, under the spec text', () => {
    const check = checkApplyForm({}, {});
    expect(check.ok).toBe(false);
    expect(!check.ok && check.summary).toBe('applyNoc.incomplete');
    expect(errorsOf(check)).toEqual([
      { field: 'ward_no', message: 'applyNoc.missing.wardNo' },
      { field: 'puja_location_address', message: 'applyNoc.missing.pujaLocation' },
      { field: 'club_president_name', message: 'applyNoc.missing.clubPresidentName' },
      { field: 'club_president_phone', message: 'applyNoc.missing.clubPresidentPhone' },
      { field: 'club_secrety_name', message: 'applyNoc.missing.clubSecretaryName' },
      { field: 'club_secrety_phone', message: 'applyNoc.missing.clubSecretaryPhone' },
      { field: 'puja_presient_name', message: 'applyNoc.missing.pujaPresidentName' },
      { field: 'puja_presient_phone', message: 'applyNoc.missing.pujaPresidentPhone' },
      { field: 'puja_secretary_name', message: 'applyNoc.missing.pujaSecretaryName' },
      { field: 'puja_secretary_phone', message: 'applyNoc.missing.pujaSecretaryPhone' },
      { field: 'load_agreement_image', message: 'applyNoc.missing.land' },
      {
        field: 'chairman_application_certificate',
        message: 'applyNoc.missing.chairmanApplication',
      },
      { field: 'certificate_image', message: 'applyNoc.missing.certificate' },
      { field: 'puja_committee', message: 'applyNoc.missing.pujaCommittee' },
      { field: 'puja_budget', message: 'applyNoc.missing.pujaBudget' },
    ]);
  });

  it('the "upload all 5 documents" text is the summary, never the ward field message', () => {
    const check = checkApplyForm(applyFields, {});
    expect(!check.ok && check.summary).toBe('applyNoc.incomplete');
    expect(fieldsOf(check)).not.toContain('ward_no');
    expect(errorsOf(check).map((e) => e.message)).not.toContain('applyNoc.incomplete');
  });

  it('a bad phone is caught before any file is chosen, and says whose phone it is', () => {
    const check = checkApplyForm({ ...applyFields, club_secrety_phone: '12' }, {});
    expect(errorsOf(check)[0]).toEqual({
      field: 'club_secrety_phone',
      message: 'applyNoc.invalid.clubSecretaryPhone',
    });
  });

  it('with everything there but a wrong ward and a wrong file, the summary is the generic title', () => {
    const check = checkApplyForm(
      { ...applyFields, ward_no: '30' },
      { ...allFiles, puja_budget: { name: 'x.exe', type: 'application/x-msdownload', size: 9 } },
    );
    expect(check).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [
        { field: 'ward_no', message: 'validation.wardRange' },
        { field: 'puja_budget', message: 'validation.fileType' },
      ],
    });
  });

  it('a renewal carrying over last season’s land document needs no land file, only the other four', () => {
    const { load_agreement_image: _land, ...fourFiles } = allFiles;
    expect(checkApplyForm(applyFields, fourFiles, { landDocumentCarried: true }).ok).toBe(true);
    expect(errorsOf(checkApplyForm(applyFields, fourFiles))).toEqual([
      { field: 'load_agreement_image', message: 'applyNoc.missing.land' },
    ]);
    const { puja_budget: _budget, ...threeFiles } = fourFiles;
    expect(
      errorsOf(checkApplyForm(applyFields, threeFiles, { landDocumentCarried: true })),
    ).toEqual([{ field: 'puja_budget', message: 'applyNoc.missing.pujaBudget' }]);
  });

  it('an unknown land type is reported on the land type', () => {
    expect(errorsOf(checkApplyForm({ ...applyFields, land_type: 'leased' }, allFiles))).toEqual([
      { field: 'land_type', message: 'validation.invalidRequest' },
    ]);
  });

  it('a complete application gives the same value as validateApplyNoc', () => {
    const check = checkApplyForm(applyFields, allFiles);
    const single = validateApplyNoc(applyFields, allFiles);
    expect(check.ok).toBe(true);
    expect(check.ok && check.value).toEqual(single.ok && single.value);
  });

  it('agrees with validateApplyNoc on whether any input is acceptable, in form order', () => {
    fc.assert(
      fc.property(
        fc.record({
          ward_no: fc.constantFrom('', '7', '26'),
          puja_location_address: fc.constantFrom('', 'Maidan'),
          club_president_phone: fc.constantFrom('', '12', '9830000001'),
          land_type: fc.constantFrom('', 'own', 'x'),
        }),
        fc.subarray([...APPLICATION_FILE_FIELDS]),
        (change, chosen) => {
          const fields = { ...applyFields, ...change };
          const files = Object.fromEntries(chosen.map((f) => [f, pdf]));
          const all = checkApplyForm(fields, files);
          expect(all.ok).toBe(validateApplyNoc(fields, files).ok);
          if (!all.ok) expectInFormOrder(all.errors, APPLY_ORDER);
        },
      ),
    );
  });
});

describe('checkUserForm', () => {
  it('an empty new user names every field at once', () => {
    expect(checkUserForm({}, 'create')).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [
        { field: 'name', message: 'validation.nameRequired' },
        { field: 'email', message: 'validation.emailRequired' },
        { field: 'phone', message: 'validation.phoneRequired' },
        { field: 'role', message: 'validation.roleRequired' },
        { field: 'password', message: 'validation.passwordRequired' },
      ],
    });
  });

  it('on edit a blank password keeps the current one; an admin role is refused', () => {
    expect(
      checkUserForm({ name: 'R', email: 'r@x.in', phone: '9830012345', role: 'admin' }, 'edit'),
    ).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [{ field: 'role', message: 'validation.roleNotAllowed' }],
    });
  });

  it.each(['create', 'edit'] as const)('a good %s form gives validateUserForm’s value', (mode) => {
    const input = { name: ' R ', email: 'R@x.in', phone: '9830012345', role: 'Store' };
    const withPassword = { ...input, password: 'long enough' };
    for (const form of [input, withPassword]) {
      const all = checkUserForm(form, mode);
      const first = validateUserForm(form, mode);
      expect(all.ok).toBe(first.ok);
      if (all.ok && first.ok) expect(all.value).toEqual(first.value);
    }
  });

  it('lists its fields in the dialog order', () => {
    expectInFormOrder(errorsOf(checkUserForm({ phone: '1', role: 'x' }, 'create')), USER_ORDER);
  });
});

describe('checkClubForm', () => {
  it.each([
    [{}, false],
    [{ clubname: ' \u200b ' }, false],
    [{ clubname: null }, false],
    [{ clubname: ' Sree\u00a0 Sangha ' }, true],
  ])('%j is acceptable: %s, as validateClubName says', (input, acceptable) => {
    const check = checkClubForm(input);
    expect(check.ok).toBe(acceptable);
    const single = validateClubName(input);
    if (check.ok && single.ok) expect(check.value.clubname).toBe(single.value);
    else
      expect(errorsOf(check)).toEqual([
        { field: 'clubname', message: 'validation.clubNameRequired' },
      ]);
  });
});

describe('checkPasswordChangeForm', () => {
  it('both empty fields are named at once when the current password is asked for', () => {
    expect(errorsOf(checkPasswordChangeForm({}, { requireCurrent: true }))).toEqual([
      { field: 'current_password', message: 'changePassword.currentRequired' },
      { field: 'new_password', message: 'validation.passwordRequired' },
    ]);
  });

  it('after a temporary password only the new one is needed', () => {
    expect(
      fieldsOf(checkPasswordChangeForm({ new_password: 'x' }, { requireCurrent: false })),
    ).toEqual(['new_password']);
  });

  it('a current password over the length limit is reported on its field', () => {
    expect(
      errorsOf(
        checkPasswordChangeForm(
          { current_password: 'x'.repeat(129), new_password: 'long enough' },
          { requireCurrent: true },
        ),
      ),
    ).toEqual([{ field: 'current_password', message: 'validation.textTooLong' }]);
  });

  it('a good change gives validatePasswordChange’s value', () => {
    const input = { current_password: 'old one', new_password: 'new one!' };
    const all = checkPasswordChangeForm(input, { requireCurrent: true });
    const first = validatePasswordChange(input, { requireCurrent: true });
    expect(all.ok && all.value).toEqual(first.ok && first.value);
  });
});

describe('checkLoginForm', () => {
  it('both empty fields are named at once', () => {
    expect(errorsOf(checkLoginForm({}))).toEqual([
      { field: 'email', message: 'validation.emailRequired' },
      { field: 'password', message: 'validation.passwordRequired' },
    ]);
  });

  it.each([
    { email: ' Club@Example.org ', password: ' secret ' },
    { email: 'a@b.in', password: 'x'.repeat(129) },
    { email: 'x'.repeat(255), password: 'p' },
  ])('agrees with validateLogin on %j', (input) => {
    const all = checkLoginForm(input);
    const first = validateLogin(input);
    expect(all.ok).toBe(first.ok);
    if (all.ok && first.ok) expect(all.value).toEqual(first.value);
    if (!all.ok && !first.ok)
      expect(all.errors[0]).toEqual({ field: first.field, message: first.message });
  });
});
