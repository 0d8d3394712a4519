import { describe, expect, it } from 'vitest';
import { APPLICATION_FILE_FIELDS } from './application';
import { asciiDigits } from './digits';
import {
  checkApplyForm,
  checkRegistrationForm,
  validateApplyNoc,
  validateRegistration,
  validateUserForm,
} from './form-check';
import { normaliseIndianMobile } from './indian-mobile';
import { localiseDigits } from './messages';
import { validateRegistrationCode } from './registration-code';
import { APPLY_FORM_INPUT } from './test-support/application';
import { type ApplyNocFiles } from './validation';
import { parseVerificationCode } from './verification-code';

describe('asciiDigits: Bengali digits typed are the same numbers (issue 27)', () => {
  it('writes every Bengali digit as its Latin digit', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
  });

  it('leaves every other character as it is: separators, letters, Bengali words, Latin digits', () => {
    expect(asciiDigits('+৯১ ৯৮৩০০-১২৩৪৫')).toBe('+91 98300-12345');
    expect(asciiDigits('ওয়ার্ড ৭, 12 নং')).toBe('ওয়ার্ড 7, 12 নং');
    expect(asciiDigits('WB/১২৩/2024')).toBe('WB/123/2024');
    expect(asciiDigits('')).toBe('');
  });

  it('undoes localiseDigits', () => {
    const memo = '13/DURGAPUJA/2025';
    expect(asciiDigits(localiseDigits(memo, 'bn'))).toBe(memo);
  });
});

describe('every typed number accepts Bengali digits and is kept in Latin digits', () => {
  const pdf = { name: 'x.pdf', type: 'application/pdf', size: 100 };
  const files: ApplyNocFiles = Object.fromEntries(APPLICATION_FILE_FIELDS.map((f) => [f, pdf]));
  const registration = {
    club_id: '9',
    govt_register_no: 'S/১২৩৪/২০১৯',
    email: 'club@example.org',
    phone: '৯৮৩০০ ১২৩৪৫',
    address: '১২ লেক রোড',
    ward_no: '১২',
    password: 'Puja@2025',
  };
  const expected = {
    club_id: 9,
    govt_register_no: 'S/1234/2019',
    email: 'club@example.org',
    phone: '98300 12345',
    // An address is words: its digits stay as typed.
    address: '১২ লেক রোড',
    ward_no: 12,
    password: 'Puja@2025',
  };

  it('registration: phone, ward and reg. no., by the form and by the server', () => {
    expect(checkRegistrationForm(registration)).toEqual({ ok: true, value: expected });
    expect(validateRegistration(registration)).toEqual({ ok: true, value: expected });
  });

  it('apply form: the ward and the four phones', () => {
    const typed = {
      ...APPLY_FORM_INPUT,
      ward_no: '২৫',
      club_president_phone: '৯৮৩০০০০০০১',
      puja_secretary_phone: '+৯১ ৯৮৩০০-০০০০৪',
    };
    for (const result of [checkApplyForm(typed, files), validateApplyNoc(typed, files)]) {
      expect(result).toMatchObject({
        ok: true,
        value: {
          ward_no: 25,
          club_president_phone: '9830000001',
          puja_secretary_phone: '+91 98300-00004',
        },
      });
    }
  });

  it('a Bengali number is held to the same rules: ward ২৬ and a five-digit phone are refused', () => {
    const typed = { ...APPLY_FORM_INPUT, ward_no: '২৬', club_president_phone: '১২৩৪৫' };
    expect(validateApplyNoc(typed, files)).toMatchObject({ ok: false, field: 'ward_no' });
    expect(checkApplyForm(typed, files)).toMatchObject({
      ok: false,
      errors: [
        { field: 'ward_no', message: 'validation.wardRange' },
        { field: 'club_president_phone', message: 'applyNoc.invalid.clubPresidentPhone' },
      ],
    });
  });

  it('a staff member’s phone, an SMS mobile, the SMS code and a certificate’s code', () => {
    expect(
      validateUserForm(
        { name: 'R', email: 'r@x.in', phone: '০৩৩ ২৩৪৫ ৬৭৮৯', role: 'store' },
        'edit',
      ),
    ).toMatchObject({ ok: true, value: { phone: '033 2345 6789' } });
    expect(normaliseIndianMobile('০৯৮৩০০১২৩৪৫')).toBe('9830012345');
    expect(validateRegistrationCode('১২৩ ৪৫৬')).toEqual({ ok: true, value: '123456' });
    expect(parseVerificationCode('৭K২M৯Q৭K২M৯Q৭K২M৯Q৭K২M৯Q৭K')).toBe('7K2M9Q7K2M9Q7K2M9Q7K2M9Q7K');
  });
});
