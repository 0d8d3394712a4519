import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogue } from './messages';
import { countSmsParts, smsEncodingOf } from './sms-encoding';
import {
  SMS_TEMPLATES,
  SMS_VARIABLE_MAX,
  isSmsTemplateKey,
  renderSms,
  truncateSmsValue,
  type SmsTemplate,
} from './sms-templates';
import { renderNotice, type ChangeEvent } from './events';
import type { Application } from './application';
import type { Locale } from './messages';
import { acknowledgedApplication } from './test-support/application';

beforeAll(() => loadCatalogue('bn'));

const TEMPLATES = Object.values(SMS_TEMPLATES);
const LINK = 'https://noc.wbmuni.in';
const SENDER = { municipality: 'Bally Municipality', link: LINK };
const CASES = TEMPLATES.flatMap((t) => LOCALES.map((locale) => [t.key, locale, t] as const));

/** Every variable filled to its limit with the given character. */
function filled(t: SmsTemplate, char: string): Record<string, string> {
  return Object.fromEntries(t.variables.map((v) => [v.name, char.repeat(v.max)]));
}

describe('the SMS template registry', () => {
  it.each(CASES)(
    '%s (%s) has one {#var#} per variable, {#url#} for the link',
    (_key, locale, t) => {
      const text = t.text[locale];
      expect(text.split('{#var#}').length - 1).toBe(t.variables.filter((v) => !v.url).length);
      expect(text.split('{#url#}').length - 1).toBe(t.variables.filter((v) => v.url).length);
    },
  );

  // Issue 27: a club asked to act finds the portal in the SMS itself.
  it.each([
    'applicationReceived',
    'documentRejected',
    'nocIssued',
    'finalRejected',
    'seasonOpened',
  ] as const)(
    '%s asks the club to act, so it carries the portal’s link in both languages',
    (key) => {
      for (const locale of LOCALES) {
        const values = {
          municipality: 'M',
          applicationNo: '07',
          document: 'd',
          reason: 'r',
          year: 2026,
        };
        const sms = renderSms(key, { ...values, link: 'https://noc.wbmuni.in' }, locale);
        expect(sms.text).toContain('https://noc.wbmuni.in');
      }
    },
  );

  it('the Bengali texts use the app’s words: পূজা, এনওসি, নামঞ্জুর (never পুজো, বাতিল)', () => {
    for (const t of TEMPLATES) {
      expect(t.text.bn).not.toMatch(/পুজো|বাতিল|NOC/);
    }
    expect(SMS_TEMPLATES.documentRejected.text.bn).toContain('নামঞ্জুর');
    expect(SMS_TEMPLATES.finalRejected.text.bn).toContain('নামঞ্জুর');
  });

  it('a link is sent whole, never cut', () => {
    const link = 'https://noc.example-municipality.gov.in/'; // longer than 30: configuration's job
    const values = { municipality: 'Bally Municipality', applicationNo: '07', link };
    expect(renderSms('nocIssued', values, 'en').text).toContain(link);
  });

  // Issue 27: every SMS names the municipality that sends it, never "your municipality".
  it.each(CASES)('%s (%s) names the municipality', (_key, locale, t) => {
    const values = { ...filled(t, 'W'), municipality: 'Bally Municipality' };
    const sms = renderSms(t.key, values, locale);
    expect(sms.text).toContain('Bally Municipality');
    expect(t.text[locale]).not.toMatch(/your municipality|আপনার পৌরসভা/i);
  });

  it('a municipality’s name longer than 30 characters ends at a word with "…"', () => {
    const municipality = 'Kolkata Municipal Corporation Puja Cell';
    const values = { municipality, applicationNo: '07', link: LINK };
    expect(renderSms('nocIssued', values, 'en').text).toBe(
      'Kolkata Municipal Corporation…: the NOC for application 07 is issued. Print it at https://noc.wbmuni.in',
    );
    expect(renderSms('nocIssued', { ...values, municipality: 'বালি পৌরসভা' }, 'bn').text).toBe(
      'বালি পৌরসভা: আবেদন 07-এর এনওসি দেওয়া হয়েছে। প্রিন্ট করুন: https://noc.wbmuni.in',
    );
  });

  it.each(TEMPLATES.map((t) => [t.key, t] as const))(
    '%s: every variable carries at most 30 characters',
    (_key, t) => {
      for (const variable of t.variables) {
        expect(variable.max).toBeGreaterThan(0);
        expect(variable.max).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
      }
    },
  );

  it.each(CASES)(
    '%s (%s) stays within its parts (2; 3 for a rejected document) with every variable full, even of Bengali',
    (key, locale, t) => {
      // A Bengali name or reason turns even an English message into UCS-2: the worst case.
      const worst = renderSms(key, filled(t, 'ক'), locale);
      expect(worst.size.encoding).toBe('UCS-2');
      expect(worst.size.parts).toBeLessThanOrEqual(t.maxParts);
      // In Latin letters an English message is GSM-7 (153 a part): two parts at most.
      const latin = renderSms(key, filled(t, 'W'), locale);
      expect(latin.size.parts).toBeLessThanOrEqual(locale === 'en' ? 2 : t.maxParts);
    },
  );

  it('only a rejected document, the department notices and the appeal notices with four variables may take a third part: four or more variables, full, fill two Unicode parts', () => {
    expect(TEMPLATES.filter((t) => t.maxParts > 2).map((t) => t.key)).toEqual([
      'documentRejected',
      'referralApproved',
      'referralObjected',
      'referralRejected',
      'referralDeemed',
      'referralWithdrawn',
      'appealFiled',
      'appealDismissed',
    ]);
    for (const template of TEMPLATES.filter((t) => t.maxParts > 2)) {
      expect(template.variables.length).toBeGreaterThanOrEqual(4);
      expect(template.variables.reduce((sum, v) => sum + v.max, 0)).toBeGreaterThanOrEqual(100);
    }
    const t = SMS_TEMPLATES.documentRejected;
    expect(t.variables.reduce((sum, v) => sum + v.max, 0)).toBeGreaterThan(2 * 67 - 34);
    // With a usual name and link, the rejection in Bengali still fits in two parts.
    const usual = renderClubSms(
      acknowledgedApplication({
        reg_no: '7',
        agreement_status: 'Rejected',
        agreement_reason: 'মালিকের সই নেই',
      }),
      { type: 'documentRejected', item: 'agreement', reason: 'মালিকের সই নেই' },
      'bn',
      { municipality: 'বালি পৌরসভা', link: 'https://noc.bally.in' },
    );
    expect(usual.size.parts).toBe(2);
  });

  it.each(TEMPLATES.map((t) => [t.key, t] as const))(
    '%s: the English text is plain GSM-7 (no curly quote turns it into UCS-2)',
    (_key, t) => {
      expect(smsEncodingOf(t.text.en)).toBe('GSM-7');
    },
  );

  it('every template and language has its own DLT id placeholder', () => {
    const ids = CASES.map(([, locale, t]) => t.dltTemplateId[locale]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names read back from storage are checked against the registry', () => {
    expect(isSmsTemplateKey('nocIssued')).toBe(true);
    expect(isSmsTemplateKey('toString')).toBe(false);
    expect(isSmsTemplateKey(7)).toBe(false);
  });

  it('a missing value is refused rather than sent as a gap', () => {
    expect(() => renderSms('documentRejected', { applicationNo: '07' }, 'en')).toThrow();
    expect(() => renderSms('registrationCode', { code: '123456' }, 'en')).toThrow();
  });

  it('renders the values in order and reports the size', () => {
    const sms = renderSms(
      'documentRejected',
      {
        municipality: 'Bally Municipality',
        applicationNo: '07',
        document: 'Land Agreement',
        reason: 'Not signed',
        link: 'noc.in',
      },
      'en',
    );
    expect(sms.text).toBe(
      'Bally Municipality: NOC 07: Land Agreement rejected: Not signed. Re-upload at noc.in',
    );
    expect(sms.size).toEqual(countSmsParts(sms.text));
    expect(sms.size.parts).toBe(1);
  });
});

/** The SMS a club gets beside the mail of an event (domain renderNotice). */
function renderClubSms(
  app: Application,
  event: ChangeEvent,
  locale: Locale,
  sender: { municipality: string; link: string },
) {
  const notice = renderNotice(event, app, locale, {
    portalUrl: 'https://x',
    smsLink: sender.link,
    municipality: { name: sender.municipality },
  });
  if (!notice?.sms) throw new Error('no SMS');
  return notice.sms;
}

describe('a club SMS beside a club mail', () => {
  const app = acknowledgedApplication({
    reg_no: '7',
    agreement_status: 'Rejected',
    agreement_reason: 'The land deed is not signed by the owner of the land',
  });

  it('a rejected document names it and the reason, cut to 30 characters', () => {
    const sms = renderClubSms(
      app,
      { type: 'documentRejected', item: 'agreement', reason: app.agreement_reason },
      'en',
      SENDER,
    );
    expect(sms.template).toBe('documentRejected');
    expect(sms.text).toBe(
      'Bally Municipality: NOC 07: Land Agreement rejected: The land deed is not signed…. Re-upload at https://noc.wbmuni.in',
    );
  });

  it('in Bengali, with the document named in Bengali', () => {
    const sms = renderClubSms(
      app,
      { type: 'documentRejected', item: 'agreement', reason: app.agreement_reason },
      'bn',
      SENDER,
    );
    expect(sms.locale).toBe('bn');
    expect(sms.text).toMatch(
      /^Bally Municipality: এনওসি 07: \S.* নামঞ্জুর: .*। আবার আপলোড: https:\/\/noc\.wbmuni\.in$/,
    );
    expect(sms.size.encoding).toBe('UCS-2');
    expect(sms.size.parts).toBeLessThanOrEqual(3);
  });

  it('a rejection without a reason says so', () => {
    const bare = { ...app, chairman_status: 'Rejected' as const, chairman_reason: '' };
    const sms = renderClubSms(
      bare,
      { type: 'finalRejected', previous: 'Pending', reason: '' },
      'en',
      SENDER,
    );
    expect(sms.text).not.toContain(': .');
  });
});

describe('truncating a variable: never half a word (issue 27)', () => {
  it('keeps a short value as it is, on one line', () => {
    expect(truncateSmsValue('  Sree  Sangha\nClub ', 30)).toBe('Sree Sangha Club');
    expect(truncateSmsValue('The land deed is not signed ok', 30)).toBe(
      'The land deed is not signed ok',
    );
  });

  it('ends a longer value at a word boundary with "…", within the limit', () => {
    expect(truncateSmsValue('Rejected because the land deed is not signed', 30)).toBe(
      'Rejected because the land…',
    );
    // The room ends exactly at a word's end: that word stays.
    expect(truncateSmsValue('abcde fghij', 6)).toBe('abcde…');
    expect(truncateSmsValue('জমির দলিলে মালিকের সই নেই, আবার পাঠান', 30)).toBe(
      'জমির দলিলে মালিকের সই নেই,…',
    );
  });

  it('a first word longer than the limit is cut between whole graphemes, never in a conjunct', () => {
    expect(truncateSmsValue('Supercalifragilistic', 10)).toBe('Supercali…');
    // "ক্ষ" is three code points; "ত্রি" four: a cut inside either would leave a hasanta or
    // a bare consonant that changes the word.
    const word = 'ক্ষত্রিয়ক্ষত্রিয়';
    expect(truncateSmsValue(word, 4)).toBe('ক্ষ…');
    expect(truncateSmsValue(word, 7)).toBe('ক্ষ…');
    expect(truncateSmsValue(word, 8)).toBe('ক্ষত্রি…');
    expect(truncateSmsValue('শ্রী শ্রী দুর্গা', 2)).toBe('');
  });

  it('drops a cluster that would end on a hasanta or a joiner', () => {
    // A lone consonant with a hasanta and a zero-width joiner (the khanda-ta spelling).
    expect(truncateSmsValue('ত্\u200Dআমি', 4)).toBe('');
  });

  it('any value comes out within its limit: whole words (or whole graphemes of the first), then "…"', () => {
    const segmenter = new Intl.Segmenter('bn', { granularity: 'grapheme' });
    const text = fc.string({
      unit: fc.constantFrom('ক', '্', 'ষ', 'ি', 'a', ' ', '\u200D', 'ো', '👍', '\n'),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 30 }), (value, max) => {
        const cut = truncateSmsValue(value, max);
        const line = value.replace(/\s+/g, ' ').trim();
        expect(cut.length).toBeLessThanOrEqual(max);
        if (cut === line) return;
        if (cut === '') return;
        expect(cut.endsWith('…')).toBe(true);
        const kept = cut.slice(0, -1);
        expect(line.startsWith(kept)).toBe(true);
        const whole = [...segmenter.segment(line)].map((s) => s.segment);
        const parts = [...segmenter.segment(kept)].map((s) => s.segment);
        expect(whole.slice(0, parts.length)).toEqual(parts);
        // A word is never split, unless the first word alone is longer than the room.
        const next = line[kept.length];
        if (kept.includes(' ')) expect(next).toBe(' ');
      }),
    );
  });
});
