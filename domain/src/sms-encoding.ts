/**
 * How an SMS travels (3GPP TS 23.038): in the GSM 7-bit alphabet when every character is in it
 * (160 septets in one SMS, 153 per part of a concatenated one; a character of the extension
 * table takes two), otherwise as UCS-2 (70 UTF-16 units in one, 67 per part). Bengali is always
 * UCS-2.
 */

/** The GSM 03.38 default alphabet (one septet each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape septet and the character (two septets each). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** What one message costs: its encoding, its length in septets or UTF-16 units, its parts. */
export interface SmsSize {
  encoding: SmsEncoding;
  units: number;
  parts: number;
}

/** The limits of one SMS and of each part of a concatenated one, per encoding. */
export const SMS_LIMITS: Readonly<Record<SmsEncoding, { single: number; part: number }>> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/**
 * GSM-7 when every character is in the GSM alphabet or its extension, else UCS-2.
 * @example smsEncodingOf('NOC issued') // 'GSM-7'; smsEncodingOf('পুজো') // 'UCS-2'
 */
export function smsEncodingOf(text: string): SmsEncoding {
  for (const char of text) {
    if (!GSM_BASIC.has(char) && !GSM_EXTENSION.has(char)) return 'UCS-2';
  }
  return 'GSM-7';
}

/** Each character's cost in the encoding: septets (extension characters two) or UTF-16 units. */
function costsOf(text: string, encoding: SmsEncoding): number[] {
  return [...text].map((char) =>
    encoding === 'GSM-7' ? (GSM_EXTENSION.has(char) ? 2 : 1) : char.length,
  );
}

/**
 * The encoding, length and number of SMS parts of a message. A concatenated message's parts are
 * filled in order and never split a character (an extension character's escape and its
 * septet, or a surrogate pair, stay in one part).
 * @example countSmsParts('a'.repeat(161)) // { encoding: 'GSM-7', units: 161, parts: 2 }
 */
export function countSmsParts(text: string): SmsSize {
  const encoding = smsEncodingOf(text);
  const costs = costsOf(text, encoding);
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const limit = SMS_LIMITS[encoding];
  if (units <= limit.single) return { encoding, units, parts: 1 };
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limit.part) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, parts };
}
