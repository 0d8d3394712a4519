import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './validation';
import {
  validateForgotPassword,
  validateLogin,
  validateRegistration,
  validateUserForm,
} from './form-check';

describe('normaliseEmail', () => {
  it('gives one spelling per address, Greek and Turkish capitals included', () => {
    expect(normaliseEmail(' Club@Example.ORG ')).toBe('club@example.org');
    expect(normaliseEmail('ΟΔΟΣ@example.org')).toBe(normaliseEmail('οδος@example.org'));
    expect(normaliseEmail('İnci@example.org')).toBe(normaliseEmail('i\u0307nci@example.org'));
    // Composed and decomposed accents are one address.
    expect(normaliseEmail('Jose\u0301@example.org')).toBe(normaliseEmail('JOSÉ@example.org'));
    for (const value of ['ΟΔΟΣ@example.org', 'İnci@example.org', 'JOSÉ@example.org']) {
      expect(normaliseEmail(normaliseEmail(value))).toBe(normaliseEmail(value));
    }
  });

  it('is what every form that takes an e-mail gives the server', () => {
    const typed = ' İnci@Example.org ';
    const key = normaliseEmail(typed);
    expect(validateLogin({ email: typed, password: 'secret-pass' })).toMatchObject({
      ok: true,
      value: { email: key },
    });
    expect(validateForgotPassword({ email: typed })).toMatchObject({ value: { email: key } });
    expect(
      validateRegistration({
        club_id: 4,
        email: typed,
        phone: '9830012345',
        address: 'Lane 1',
        ward_no: 7,
        govt_register_no: 'R-1',
        password: 'Secret#2025',
      }),
    ).toMatchObject({ value: { email: key } });
    expect(
      validateUserForm({ name: 'R', email: typed, phone: '9830012345', role: 'store' }, 'edit'),
    ).toMatchObject({ value: { email: key } });
  });
});
