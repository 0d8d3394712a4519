/**
 * Every SMS the portal sends, as the templates a municipality registers on a TRAI DLT platform
 * (issue 23, docs/decisions 0031). An operator delivers only a message that matches a registered
 * template word for word, each `{#var#}` standing for at most 30 characters, so the texts live
 * here once, per language, and a message is rendered from them and nothing else.
 */
import { reasonOf, type Application } from './application';
import type { ClubMailEvent, ClubMailKind } from './club-mail';
import { formatRegNo } from './memo-number';
import { formatMessage, LOCALES, type Locale, type MessageKey } from './messages';
import { countSmsParts, type SmsSize } from './sms-encoding';

/** DLT allows at most 30 characters in one variable. */
export const SMS_VARIABLE_MAX = 30;
/** What a template's variable looks like in its registered text. */
export const SMS_VARIABLE = '{#var#}';

export type SmsTemplateKey = ClubMailKind | 'seasonOpen' | 'registrationCode' | 'temporaryPassword';

/** One `{#var#}` of a template: the value it carries and its own limit (≤ 30). */
export interface SmsVariable {
  name: string;
  max: number;
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
}

const REG_NO = { name: 'applicationNo', max: 10 } as const;
const REASON = { name: 'reason', max: SMS_VARIABLE_MAX } as const;

function template(
  key: SmsTemplateKey,
  purpose: string,
  variables: readonly SmsVariable[],
  text: Record<Locale, string>,
): SmsTemplate {
  const dltTemplateId = Object.fromEntries(
    LOCALES.map((locale) => [locale, `DLT_TEMPLATE_ID_${key}_${locale}`]),
  ) as Record<Locale, string>;
  return { key, purpose, variables, text, dltTemplateId };
}

/** The registry: every template the portal may send, in the order the README lists them. */
export const SMS_TEMPLATES: Readonly<Record<SmsTemplateKey, SmsTemplate>> = {
  applicationReceived: template(
    'applicationReceived',
    'A club applied for its Durga Puja NOC',
    [REG_NO],
    {
      en: 'Durga Puja NOC: application {#var#} is received. Print the acknowledgement, sign it and upload it on the portal.',
      bn: 'দুর্গাপুজো NOC: আবেদন {#var#} জমা পড়েছে। প্রাপ্তিস্বীকার ছাপিয়ে, সই করে পোর্টালে আপলোড করুন।',
    },
  ),
  acknowledgementAccepted: template(
    'acknowledgementAccepted',
    "The club's signed acknowledgement was accepted",
    [REG_NO],
    {
      en: 'Durga Puja NOC: the acknowledgement of application {#var#} is accepted. Your documents are now being reviewed.',
      bn: 'দুর্গাপুজো NOC: আবেদন {#var#}-এর প্রাপ্তিস্বীকার গৃহীত হয়েছে। এখন আপনার নথি যাচাই করা হচ্ছে।',
    },
  ),
  documentRejected: template(
    'documentRejected',
    "A document of the club's application was rejected, with the reason",
    [REG_NO, { name: 'document', max: SMS_VARIABLE_MAX }, REASON],
    {
      en: 'Puja NOC {#var#}: {#var#} rejected: {#var#}. Please upload it again on the portal.',
      bn: 'পুজো NOC {#var#}: {#var#} বাতিল: {#var#}। পোর্টালে আবার আপলোড করুন।',
    },
  ),
  nocIssued: template('nocIssued', "The club's NOC was issued", [REG_NO], {
    en: 'Durga Puja NOC: the NOC for application {#var#} is issued. Print it from the portal.',
    bn: 'দুর্গাপুজো NOC: আবেদন {#var#}-এর NOC দেওয়া হয়েছে। পোর্টাল থেকে ছাপিয়ে নিন।',
  }),
  finalRejected: template(
    'finalRejected',
    "The club's application was not approved, with the reason",
    [REG_NO, REASON],
    {
      en: 'Durga Puja NOC: application {#var#} was not approved: {#var#}. See the portal for details.',
      bn: 'দুর্গাপুজো NOC: আবেদন {#var#} অনুমোদিত হয়নি: {#var#}। বিস্তারিত পোর্টালে দেখুন।',
    },
  ),
  seasonOpen: template(
    'seasonOpen',
    'Applications for a new puja season are open',
    [{ name: 'year', max: 4 }],
    {
      en: 'Durga Puja {#var#}: NOC applications are open. Apply on the Puja NOC Portal.',
      bn: 'দুর্গাপুজো {#var#}: NOC-এর আবেদন শুরু হয়েছে। পুজো NOC পোর্টালে আবেদন করুন।',
    },
  ),
  registrationCode: template(
    'registrationCode',
    "One-time code confirming a club's registration (OTP)",
    [{ name: 'code', max: 6 }],
    {
      en: "{#var#} is your code to confirm your club's registration on the Puja NOC Portal. It expires in 10 minutes. Do not share it.",
      bn: '{#var#} পুজো NOC পোর্টালে আপনার ক্লাবের রেজিস্ট্রেশন নিশ্চিত করার কোড। ১০ মিনিটে মেয়াদ শেষ। কাউকে জানাবেন না।',
    },
  ),
  temporaryPassword: template(
    'temporaryPassword',
    'Temporary password after a forgotten password (works once, for one hour)',
    [{ name: 'password', max: 16 }],
    {
      en: '{#var#} is your temporary password for the Puja NOC Portal. It works once, within one hour. Do not share it.',
      bn: '{#var#} পুজো NOC পোর্টালে আপনার অস্থায়ী পাসওয়ার্ড। এক ঘণ্টার মধ্যে একবারই চলবে। কাউকে জানাবেন না।',
    },
  ),
};

/** Bengali signs that must not end a cut value: the virama (hasanta) and the joiners. */
const DANGLING = /[\u09CD\u200C\u200D]$/;

/**
 * A variable's value as it may go into a template: one line (any run of white space becomes
 * one space), at most `max` UTF-16 units, cut only between grapheme clusters and never after a
 * virama or joiner, so a Bengali conjunct or vowel sign is kept whole or dropped whole.
 * @example truncateSmsValue('Rejected because the land deed is not signed', 30)
 *   // 'Rejected because the land deed'
 */
export function truncateSmsValue(value: string, max: number = SMS_VARIABLE_MAX): string {
  const line = value.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const segmenter = new Intl.Segmenter('bn', { granularity: 'grapheme' });
  const kept: string[] = [];
  let length = 0;
  for (const { segment } of segmenter.segment(line)) {
    if (length + segment.length > max) break;
    kept.push(segment);
    length += segment.length;
  }
  while (kept.length > 0 && DANGLING.test(kept[kept.length - 1] ?? '')) kept.pop();
  return kept.join('').trimEnd();
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
 * @example renderSms('nocIssued', { applicationNo: '07' }, 'en').text
 *   // 'Durga Puja NOC: the NOC for application 07 is issued. Print it from the portal.'
 */
export function renderSms(
  key: SmsTemplateKey,
  values: Readonly<Record<string, string | number>>,
  locale: Locale,
): RenderedSms {
  const { variables, text: texts } = SMS_TEMPLATES[key];
  let index = 0;
  const text = texts[locale].replaceAll(SMS_VARIABLE, () => {
    const variable = variables[index++];
    const value = variable ? values[variable.name] : undefined;
    if (variable === undefined || value === undefined) {
      throw new Error(`SMS template ${key}: no value for variable ${index}`);
    }
    return truncateSmsValue(String(value), variable.max);
  });
  return { template: key, locale, text, size: countSmsParts(text) };
}

/**
 * The SMS a club is owed beside a club mail (domain clubMailOfChange), in its language: the
 * application number and, for a rejection, the document and the reason.
 * @example renderClubSms(app, { kind: 'nocIssued', item: 'chairman' }, 'bn').template // 'nocIssued'
 */
export function renderClubSms(app: Application, event: ClubMailEvent, locale: Locale): RenderedSms {
  const { item } = event;
  const reason = item === 'application' ? '' : reasonOf(app, item).trim();
  const document =
    item === 'application' || item === 'chairman'
      ? ''
      : formatMessage(`document.${item}` satisfies MessageKey, {}, locale);
  return renderSms(
    event.kind,
    {
      applicationNo: formatRegNo(app.reg_no),
      document,
      reason: reason || formatMessage('tracker.noReason', {}, locale),
    },
    locale,
  );
}

/**
 * Whether a value names a registered template (for keys read back from the outbox).
 * @example isSmsTemplateKey('nocIssued') // true; isSmsTemplateKey('toString') // false
 */
export function isSmsTemplateKey(value: unknown): value is SmsTemplateKey {
  return typeof value === 'string' && Object.hasOwn(SMS_TEMPLATES, value);
}
