/**
 * Every SMS the portal sends, as the templates a municipality registers on a TRAI DLT platform
 * (issue 23, docs/decisions 0031). An operator delivers only a message that matches a registered
 * template word for word, each `{#var#}` standing for at most 30 characters (`{#url#}`: the
 * registered link), and uses the app's own words (পূজা, এনওসি, নামঞ্জুর), so the texts live
 * here once, per language, and a message is rendered from them and nothing else.
 */
import type { NoticeKind } from './events';
import { LOCALES, type Locale } from './messages';
import { countSmsParts, type SmsSize } from './sms-encoding';

/** DLT allows at most 30 characters in one variable. */
export const SMS_VARIABLE_MAX = 30;
/**
 * A template's variables as they stand in its registered text: `{#var#}`, or DLT's URL type
 * `{#url#}`, the portal's short link, registered (whitelisted) with the template; sent whole,
 * never cut (configuration keeps it within 30 characters).
 */
const ANY_VARIABLE = /\{#(?:var|url)#\}/g;

/** The notices that go by SMS too (a closed review is mailed only). */
export type SmsNoticeKind = Exclude<NoticeKind, 'reviewClosed' | 'referralApprovedWithConditions'>;

export type SmsTemplateKey = SmsNoticeKind | 'registrationCode' | 'temporaryPassword';

/** One `{#var#}` (or `{#url#}`) of a template: the value it carries and its own limit (≤ 30). */
export interface SmsVariable {
  name: string;
  max: number;
  /** A URL variable (`{#url#}`): the portal's link, sent whole. */
  url?: true;
}

/** A registered template: its variables in order and, per language, its text and DLT id. */
export interface SmsTemplate {
  key: SmsTemplateKey;
  /** What the template is for, in the words the DLT registration form asks for. */
  purpose: string;
  variables: readonly SmsVariable[];
  text: Readonly<Record<Locale, string>>;
  /**
   * Placeholder of the id the DLT platform gives the registered template (19 digits), one per
   * language; the real ids are configuration (`SMS_TEMPLATE_IDS`), never code.
   */
  dltTemplateId: Readonly<Record<Locale, string>>;
  /**
   * The most SMS parts the message may take with every variable full, even of Bengali (UCS-2:
   * 67 units a part): 2, but 3 for a rejected document, whose five variables (municipality,
   * number, document, reason, link) alone fill two Unicode parts (issue 27).
   */
  maxParts: 2 | 3;
}

const REG_NO = { name: 'applicationNo', max: 10 } as const;
const REASON = { name: 'reason', max: SMS_VARIABLE_MAX } as const;
/** The portal's short link, in every SMS that asks the club to do something (issue 27). */
const LINK = { name: 'link', max: SMS_VARIABLE_MAX, url: true } as const;
/**
 * The municipality that sends the SMS, by name (issue 27: never "your municipality"), from the
 * server's MUNICIPALITY_NAME; a longer name ends at a word with "…".
 */
const MUNICIPALITY = { name: 'municipality', max: SMS_VARIABLE_MAX } as const;
/** The department an application was referred to (issue 29). */
const DEPARTMENT = { name: 'department', max: SMS_VARIABLE_MAX } as const;

function template(
  key: SmsTemplateKey,
  purpose: string,
  variables: readonly SmsVariable[],
  text: Record<Locale, string>,
  maxParts: 2 | 3 = 2,
): SmsTemplate {
  const dltTemplateId = Object.fromEntries(
    LOCALES.map((locale) => [locale, `DLT_TEMPLATE_ID_${key}_${locale}`]),
  ) as Record<Locale, string>;
  return { key, purpose, variables, text, dltTemplateId, maxParts };
}

/** The registry: every template the portal may send, in the order the README lists them. */
export const SMS_TEMPLATES: Readonly<Record<SmsTemplateKey, SmsTemplate>> = {
  applicationReceived: template(
    'applicationReceived',
    'A club applied for its Durga Puja NOC',
    [MUNICIPALITY, REG_NO, LINK],
    {
      en: '{#var#}: NOC application {#var#} received. Upload the signed acknowledgement: {#url#}',
      bn: '{#var#}: এনওসি আবেদন {#var#} জমা পড়েছে। সই করা প্রাপ্তিস্বীকার আপলোড করুন: {#url#}',
    },
  ),
  acknowledgementAccepted: template(
    'acknowledgementAccepted',
    "The club's signed acknowledgement was accepted",
    [MUNICIPALITY, REG_NO],
    {
      en: '{#var#}: NOC application {#var#}: the acknowledgement is accepted. Your documents are now being reviewed.',
      bn: '{#var#}: এনওসি আবেদন {#var#}-এর প্রাপ্তিস্বীকার গৃহীত হয়েছে। এখন আপনার নথি যাচাই করা হচ্ছে।',
    },
  ),
  documentRejected: template(
    'documentRejected',
    "A document of the club's application was rejected, with the reason",
    [MUNICIPALITY, REG_NO, { name: 'document', max: SMS_VARIABLE_MAX }, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#}: {#var#} rejected: {#var#}. Re-upload at {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#} নামঞ্জুর: {#var#}। আবার আপলোড: {#url#}',
    },
    3,
  ),
  nocIssued: template('nocIssued', "The club's NOC was issued", [MUNICIPALITY, REG_NO, LINK], {
    en: '{#var#}: the NOC for application {#var#} is issued. Print it at {#url#}',
    bn: '{#var#}: আবেদন {#var#}-এর এনওসি দেওয়া হয়েছে। প্রিন্ট করুন: {#url#}',
  }),
  finalRejected: template(
    'finalRejected',
    "The club's application was not approved, with the reason",
    [MUNICIPALITY, REG_NO, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#} not approved: {#var#}. Details: {#url#}',
      bn: '{#var#}: এনওসি {#var#} নামঞ্জুর: {#var#}। বিস্তারিত: {#url#}',
    },
  ),
  seasonOpened: template(
    'seasonOpened',
    'Applications for a new puja season are open',
    [MUNICIPALITY, { name: 'year', max: 4 }, LINK],
    {
      en: '{#var#}: Durga Puja {#var#} NOC applications are open. Apply at {#url#}',
      bn: '{#var#}: দুর্গাপূজা {#var#}-এর এনওসির আবেদন শুরু হয়েছে। আবেদন করুন: {#url#}',
    },
  ),
  registrationCode: template(
    'registrationCode',
    "One-time code confirming a club's registration (OTP)",
    [{ name: 'code', max: 6 }, MUNICIPALITY],
    {
      en: '{#var#} is your code to register your club on the Puja NOC Portal of {#var#}. Valid 10 minutes. Do not share it.',
      bn: '{#var#}: {#var#} পূজা এনওসি পোর্টালে ক্লাবের নথিভুক্তির কোড। ১০ মিনিটে মেয়াদ শেষ। কাউকে জানাবেন না।',
    },
  ),
  temporaryPassword: template(
    'temporaryPassword',
    'Temporary password after a forgotten password (works once, for one hour)',
    [{ name: 'password', max: 16 }, MUNICIPALITY],
    {
      en: '{#var#} is your one-time password for the Puja NOC Portal of {#var#}, valid 1 hour. Do not share it.',
      bn: '{#var#}: {#var#} পূজা এনওসি পোর্টালে অস্থায়ী পাসওয়ার্ড, এক ঘণ্টায় একবার চলবে। কাউকে জানাবেন না।',
    },
  ),
  // —— Referrals to other departments (issue 29) ——
  referralApproved: template(
    'referralApproved',
    "A department approved the club's application (with or without conditions)",
    [MUNICIPALITY, REG_NO, DEPARTMENT, LINK],
    {
      en: '{#var#}: NOC {#var#}: {#var#} has approved. Details and any conditions: {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#} অনুমোদন করেছে। বিস্তারিত ও শর্ত: {#url#}',
    },
    3,
  ),
  referralObjected: template(
    'referralObjected',
    "A department objected to the club's application, with the reason",
    [MUNICIPALITY, REG_NO, DEPARTMENT, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#}: {#var#} objects: {#var#}. Answer at {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#}-এর আপত্তি: {#var#}। উত্তর দিন: {#url#}',
    },
    3,
  ),
  referralRejected: template(
    'referralRejected',
    "A department rejected the club's application, with the reason",
    [MUNICIPALITY, REG_NO, DEPARTMENT, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#}: {#var#} rejected: {#var#}. Details: {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#} নামঞ্জুর: {#var#}। দেখুন: {#url#}',
    },
    3,
  ),
  referralDeemed: template(
    'referralDeemed',
    'A department did not reply in time: its approval is deemed given',
    [MUNICIPALITY, REG_NO, DEPARTMENT, LINK],
    {
      en: '{#var#}: NOC {#var#}: no reply from {#var#} in time, so it is deemed approved. See {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#} সময়ে উত্তর দেয়নি, অনুমোদিত বলে গণ্য। দেখুন: {#url#}',
    },
    3,
  ),
  referralWithdrawn: template(
    'referralWithdrawn',
    "The municipality withdrew the referral of the club's application to a department",
    [MUNICIPALITY, REG_NO, DEPARTMENT, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#}: {#var#} withdrawn: {#var#}. See {#url#}',
      bn: '{#var#}: এনওসি {#var#}: {#var#} প্রত্যাহৃত: {#var#}। দেখুন: {#url#}',
    },
    3,
  ),
  // —— Appeals (issue 30) ——
  appealFiled: template(
    'appealFiled',
    "The club's appeal was received, with the day it is to be decided by",
    [MUNICIPALITY, REG_NO, { name: 'due', max: SMS_VARIABLE_MAX }, LINK],
    {
      en: '{#var#}: NOC {#var#}: your appeal is received and will be decided by {#var#}. See {#url#}',
      bn: '{#var#}: এনওসি {#var#}: আপনার আপিল গৃহীত, {#var#}-এর মধ্যে নিষ্পত্তি হবে। দেখুন: {#url#}',
    },
    3,
  ),
  appealAllowed: template(
    'appealAllowed',
    "The club's appeal was allowed: the decision appealed against is set aside",
    [MUNICIPALITY, REG_NO, LINK],
    {
      en: '{#var#}: NOC {#var#}: appeal allowed, to be decided again. See {#url#}',
      bn: '{#var#}: এনওসি {#var#}: আপিল মঞ্জুর, আবার সিদ্ধান্ত হবে। দেখুন: {#url#}',
    },
  ),
  appealDismissed: template(
    'appealDismissed',
    "The club's appeal was dismissed, with the reason",
    [MUNICIPALITY, REG_NO, REASON, LINK],
    {
      en: '{#var#}: NOC {#var#}: your appeal is dismissed: {#var#}. See {#url#}',
      bn: '{#var#}: এনওসি {#var#}: আপনার আপিল খারিজ: {#var#}। দেখুন: {#url#}',
    },
    3,
  ),
};

/** Bengali signs that must not end a cut value: the virama (hasanta) and the joiners. */
const DANGLING = /[\u09CD\u200C\u200D]$/;

/** What a value cut short ends with. */
const CUT_MARK = '…';

/** The first graphemes of a line that fit in `max` UTF-16 units, never ending on a virama or joiner. */
function graphemesWithin(line: string, max: number): string[] {
  const segmenter = new Intl.Segmenter('bn', { granularity: 'grapheme' });
  const kept: string[] = [];
  let length = 0;
  for (const { segment } of segmenter.segment(line)) {
    if (length + segment.length > max) break;
    kept.push(segment);
    length += segment.length;
  }
  while (kept.length > 0 && DANGLING.test(kept[kept.length - 1] ?? '')) kept.pop();
  return kept;
}

/**
 * A variable's value as it may go into a template: one line (any run of white space becomes
 * one space), at most `max` UTF-16 units. A longer one ends at a word boundary with "…" (issue
 * 27: never half a word); a first word longer than the whole limit is cut between grapheme
 * clusters, never after a virama or joiner, so a Bengali conjunct or vowel sign is kept whole or
 * dropped whole.
 * @example truncateSmsValue('Rejected because the land deed is not signed', 30)
 *   // 'Rejected because the land…'
 */
export function truncateSmsValue(value: string, max: number = SMS_VARIABLE_MAX): string {
  const line = value.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const kept = graphemesWithin(line, max - CUT_MARK.length);
  // Cut at the last space inside the room, unless the room ends exactly at a word's end.
  const atWordEnd = line[kept.join('').length] === ' ';
  // A space may carry a stray combining mark (one grapheme): it is still a word's end.
  const lastSpace = kept.findLastIndex((grapheme) => grapheme.startsWith(' '));
  const words = atWordEnd ? kept : lastSpace > 0 ? kept.slice(0, lastSpace) : kept;
  const text = words.join('').trimEnd();
  return text === '' ? '' : `${text}${CUT_MARK}`;
}

/** A rendered SMS: the template it follows (key and language), its text and its size. */
export interface RenderedSms {
  template: SmsTemplateKey;
  locale: Locale;
  text: string;
  size: SmsSize;
}

/**
 * The message of a template in a language, each `{#var#}` filled in order with its value cut
 * to the variable's limit (truncateSmsValue). Throws for a value missing.
 * @example renderSms('nocIssued', { municipality: 'Bally Municipality', applicationNo: '07', link: 'https://noc.bally.in' }, 'en').text
 *   // 'Bally Municipality: the NOC for application 07 is issued. Print it at https://noc.bally.in'
 */
export function renderSms(
  key: SmsTemplateKey,
  values: Readonly<Record<string, string | number>>,
  locale: Locale,
): RenderedSms {
  const { variables, text: texts } = SMS_TEMPLATES[key];
  let index = 0;
  const text = texts[locale].replace(ANY_VARIABLE, () => {
    const variable = variables[index++];
    const value = variable ? values[variable.name] : undefined;
    if (variable === undefined || value === undefined) {
      throw new Error(`SMS template ${key}: no value for variable ${index}`);
    }
    return variable.url ? String(value).trim() : truncateSmsValue(String(value), variable.max);
  });
  return { template: key, locale, text, size: countSmsParts(text) };
}

/**
 * Whether a value names a registered template (for keys read back from the outbox).
 * @example isSmsTemplateKey('nocIssued') // true; isSmsTemplateKey('toString') // false
 */
export function isSmsTemplateKey(value: unknown): value is SmsTemplateKey {
  return typeof value === 'string' && Object.hasOwn(SMS_TEMPLATES, value);
}
