/**
 * Indian mobile numbers (TRAI numbering plan): ten digits starting 6, 7, 8 or 9. People write
 * them with the country code (+91 or 91), a trunk 0, spaces or dashes; they all mean the same
 * phone, kept as its ten digits.
 */
import { asciiDigits } from './digits';

/** Separators people put inside a number: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The ten digits of an Indian mobile number, or null for anything else (a landline, a foreign
 * number, too few or too many digits).
 * @example normaliseIndianMobile('+91 98300-12345') // '9830012345'
 * @example normaliseIndianMobile('09830012345') // '9830012345'
 * @example normaliseIndianMobile('৯৮৩০০ ১২৩৪৫') // '9830012345'
 * @example normaliseIndianMobile('033 2345 6789') // null
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = asciiDigits(input.trim()).replace(SEPARATORS, '');
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return match?.[1] ?? null;
}

/**
 * A mobile number shown to its owner without giving it away: the last three digits.
 * @example maskMobile('9830012345') // '+91 ••••••• 345'
 */
export function maskMobile(mobile: string): string {
  return `+91 ${'•'.repeat(7)} ${mobile.slice(-3)}`;
}
