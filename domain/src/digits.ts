/**
 * Numbers as people type them: a Bengali keyboard writes ০–৯ (U+09E6–U+09EF), and a phone,
 * ward, code, date or reg. no. typed so means the same number as one typed in Latin digits
 * (issue 27). The reverse, for display, is `localiseDigits` (messages.ts).
 */

const BENGALI_DIGIT = /[\u09e6-\u09ef]/g;
const BENGALI_ZERO = 0x09e6;

/**
 * The text with its Bengali digits written as Latin digits; every other character unchanged.
 * Forms and the server both read every typed number through it before checking it.
 * @example asciiDigits('৯৮৩০০-১২৩৪৫') // '98300-12345'
 * @example asciiDigits('ওয়ার্ড ৭') // 'ওয়ার্ড 7'
 */
export function asciiDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}
