import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_CODE,
  formatRegistrationCode,
  registrationCodeBlocker,
  resendWaitSeconds,
  triesLeftAfterWrong,
  validateRegistrationCode,
} from './registration-code';

const MINUTE = 60_000;

describe('the registration code (issue 23)', () => {
  it('is six digits, ten minutes, five tries, a new one after a minute', () => {
    expect(REGISTRATION_CODE).toEqual({
      digits: 6,
      ttlSeconds: 600,
      maxTries: 5,
      resendAfterSeconds: 60,
    });
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['০১২৩৪৫', '012345'],
    [987654, '987654'],
  ])('reads %j as %s', (typed, code) => {
    expect(validateRegistrationCode(typed)).toEqual({ ok: true, value: code });
  });

  it.each([[''], ['12345'], ['1234567'], ['12a456'], [null], [undefined], [{}]])(
    'refuses %j with a clear message',
    (typed) => {
      expect(validateRegistrationCode(typed)).toEqual({
        ok: false,
        message: 'registration.codeFormat',
      });
    },
  );

  it('writes a drawn number as six digits, leading zeros kept', () => {
    expect(formatRegistrationCode(0)).toBe('000000');
    expect(formatRegistrationCode(42)).toBe('000042');
    expect(formatRegistrationCode(999_999)).toBe('999999');
  });

  it('may be checked until its ten minutes are over', () => {
    const sent = { sentAtMs: 0, wrongTries: 0 };
    expect(registrationCodeBlocker(sent, 10 * MINUTE - 1)).toBeNull();
    expect(registrationCodeBlocker(sent, 10 * MINUTE)).toBe('registration.codeExpired');
  });

  it('is used up by five wrong tries, whatever the time', () => {
    expect(registrationCodeBlocker({ sentAtMs: 0, wrongTries: 4 }, 0)).toBeNull();
    expect(registrationCodeBlocker({ sentAtMs: 0, wrongTries: 5 }, 0)).toBe(
      'registration.codeTooManyTries',
    );
    expect([0, 1, 2, 3, 4].map(triesLeftAfterWrong)).toEqual([4, 3, 2, 1, 0]);
    expect(triesLeftAfterWrong(9)).toBe(0);
  });

  it('counts down the wait before a new code, in whole seconds', () => {
    expect(resendWaitSeconds(0, 0)).toBe(60);
    expect(resendWaitSeconds(0, 45_000)).toBe(15);
    expect(resendWaitSeconds(0, 59_001)).toBe(1);
    expect(resendWaitSeconds(0, 60_000)).toBe(0);
    expect(resendWaitSeconds(0, 10 * MINUTE)).toBe(0);
  });
});
