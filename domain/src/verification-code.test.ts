import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  encodeVerificationCode,
  parseVerificationCode,
  verificationUrl,
} from './verification-code';

const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 });

describe('verification codes', () => {
  it('16 bytes become 26 characters of the alphabet, and a code parses as itself', () => {
    fc.assert(
      fc.property(bytes16, (bytes) => {
        const code = encodeVerificationCode(bytes);
        expect(code).toHaveLength(VERIFICATION_CODE_LENGTH);
        expect([...code].every((c) => VERIFICATION_CODE_ALPHABET.includes(c))).toBe(true);
        expect(parseVerificationCode(code)).toBe(code);
      }),
    );
  });

  it('different bytes give different codes (all 128 bits are kept)', () => {
    fc.assert(
      fc.property(bytes16, bytes16, (a, b) => {
        const same = a.every((byte, i) => byte === b[i]);
        expect(encodeVerificationCode(a) === encodeVerificationCode(b)).toBe(same);
      }),
    );
  });

  it('encodes known bytes the Crockford way', () => {
    expect(encodeVerificationCode(new Uint8Array(16))).toBe('0'.repeat(26));
    expect(encodeVerificationCode(new Uint8Array(16).fill(255))).toBe(`${'Z'.repeat(25)}W`);
  });

  it('refuses anything but 16 bytes', () => {
    expect(() => encodeVerificationCode(new Uint8Array(15))).toThrow();
  });

  it('a typed code may use lower case, spaces, dashes, O for 0 and I or L for 1', () => {
    const code = '01ABCDEFGHJKMNPQRSTVWXYZ23';
    expect(parseVerificationCode(' o1abcd-efgh jkmn-pqrs tvwx-yz23 ')).toBe(code);
    expect(parseVerificationCode('0iABCDEFGHJKMNPQRSTVWXYZ23')).toBe(code);
    expect(parseVerificationCode('0LABCDEFGHJKMNPQRSTVWXYZ23')).toBe(code);
  });

  it.each([
    ['too short', '01ABCDEFGHJKMNPQRSTVWXYZ2'],
    ['too long', '01ABCDEFGHJKMNPQRSTVWXYZ234'],
    ['a U (not in the alphabet)', '01ABCDEFGHJKMNPQRSTVWXYZ2U'],
    ['punctuation', '01ABCDEFGHJKMNPQRSTVWXYZ2%'],
    ['empty', ''],
    ['very long', 'A'.repeat(10_000)],
    ['not text', 42],
    ['absent', undefined],
  ])('%s is not a code', (_name, text) => {
    expect(parseVerificationCode(text)).toBeNull();
  });

  it('the verification address is the club portal origin, /verify/ and the code', () => {
    expect(verificationUrl('https://noc.example.gov.in/', 'ABC')).toBe(
      'https://noc.example.gov.in/verify/ABC',
    );
    expect(verificationUrl('http://localhost:4173', 'ABC')).toBe(
      'http://localhost:4173/verify/ABC',
    );
  });
});
