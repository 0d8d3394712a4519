/**
 * Verification codes of issued NOCs (issue 12, docs/decisions/0022): 128 random bits written in
 * Crockford's base32 (digits and capitals without I, L, O, U), so a code read off paper can be
 * typed back without confusing 0/O or 1/I/L, in any case, with spaces or dashes.
 */
import { asciiDigits } from './digits';

export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 128 bits in base32: 26 characters. */
export const VERIFICATION_CODE_LENGTH = 26;

const CODE_PATTERN = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);

/** Longer input is not a code at all (and is not worth normalising). */
const MAX_TYPED_LENGTH = 64;

/**
 * The canonical form of a typed or scanned code, or null when it cannot be one: case, spaces
 * and dashes are ignored, O reads as 0 and I or L as 1, Bengali digits as digits.
 * @example parseVerificationCode('7k2m-9q…') // '7K2M9Q…' (26 characters)
 * @example parseVerificationCode('abc') // null
 */
export function parseVerificationCode(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > MAX_TYPED_LENGTH) return null;
  const code = asciiDigits(text)
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return CODE_PATTERN.test(code) ? code : null;
}

/**
 * A new code from 16 random bytes (the caller's CSPRNG: the server's crypto).
 * @example encodeVerificationCode(randomBytes(16)) // '3ZQ…' (26 characters)
 */
export function encodeVerificationCode(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('a verification code takes exactly 16 random bytes');
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += VERIFICATION_CODE_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return code + VERIFICATION_CODE_ALPHABET[(value << (5 - bits)) & 31];
}

/**
 * The public verification address printed (as a QR code) on the certificate.
 * @example verificationUrl('https://noc.example.gov.in/', 'ABC…') // 'https://noc.example.gov.in/verify/ABC…'
 */
export function verificationUrl(clubPortalOrigin: string, code: string): string {
  return `${clubPortalOrigin.replace(/\/+$/, '')}/verify/${encodeURIComponent(code)}`;
}
