import type { Application } from './application';
import { formatDate } from './dates';
import { isIssued } from './issued-nocs';
import { memoNumberOf } from './memo-number';
import {
  clearanceLines,
  remainingPermissionsSentence,
  type ClearanceLine,
  type ReferralState,
} from './referrals';
import { seasonYearOf } from './season';
import {
  DEFAULT_LOCALE,
  formatMessage,
  localiseDigits,
  type Locale,
  type MessageKey,
} from './messages';

/** SPEC §2 "Certificate print": the five conditions, in the order the letter lists them. */
export const CERTIFICATE_CONDITIONS: readonly MessageKey[] = [
  'certificate.condition.road',
  'certificate.condition.traffic',
  'certificate.condition.streetLight',
  'certificate.condition.pollution',
  'certificate.condition.stateGovernment',
];

/**
 * The languages a certificate prints in, one A4 sheet each: English alone, or the Bengali letter
 * followed by the same letter in English, so a police, fire or S.D.O. officer who does not read
 * Bengali can check it too (decision 0024).
 */
export const CERTIFICATE_LANGUAGES: Readonly<Record<Locale, readonly Locale[]>> = {
  en: ['en'],
  bn: ['bn', 'en'],
};

/** The certificate letter, every line already in words: both apps only lay it out. */
export interface CertificateLetter {
  /** The municipality the chairman writes for (the app's runtime config). */
  municipality: string;
  office: string;
  title: string;
  /** SPEC §9 memo number, e.g. '07/DURGAPUJA/2025'; the certificate reg number is the same. */
  memoNumber: string;
  memoLine: string;
  regLine: string;
  /** Chairman approval date, day/month/year (en-GB); 'N/A' when missing. */
  approvalDate: string;
  dateLine: string;
  salutation: string;
  addressee: string;
  pujaLocation: string;
  subject: string;
  body: string;
  /** The five conditions (SPEC §2), numbered by the layout. */
  conditions: string[];
  /**
   * The clearances of other departments (issue 29), each with its conditions; empty for an
   * application without referrals.
   */
  clearancesTitle: string | null;
  clearances: ClearanceLine[];
  /**
   * The police, fire and S.D.O. sentence: the spec's without referrals, else naming only the
   * kinds no referral cleared; null when all three are cleared.
   */
  otherPermissions: string | null;
  signature: string;
}

/**
 * The certificate letter of an issued application (SPEC §2, §9), or null while the NOC is not
 * issued (chairman_status not Approved), so no screen can print one too early.
 * With the application's referrals (issue 29: its rows carry them; given apart by a caller that
 * reads them elsewhere) it lists each clearance and names only the permissions still needed.
 * @example certificateLetter(app, 'Demo Municipality')?.memoLine // 'Memo No.: 07/DURGAPUJA/2025'
 */
export function certificateLetter(
  app: Application,
  municipality: string,
  locale: Locale = DEFAULT_LOCALE,
  referrals: readonly ReferralState[] = app.referrals ?? [],
): CertificateLetter | null {
  if (!isIssued(app)) return null;
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    formatMessage(key, params, locale);
  // A number, so a Bengali letter writes it in Bengali digits like its date.
  const year = seasonYearOf(app);
  const memoNumber = memoNumberOf(app);
  const approvalDate = formatDate(app.chairman_approved_date, locale);
  const notAvailable = t('date.notAvailable');
  const clearances = clearanceLines(referrals, locale);
  return {
    municipality,
    office: t('certificate.office'),
    title: t('certificate.title'),
    memoNumber,
    // In the letter's digits, as the verify page shows it (issue 27: the paper and the page match).
    memoLine: t('certificate.memoNo', { memo: localiseDigits(memoNumber, locale) || notAvailable }),
    regLine: t('certificate.regNo', { regNo: localiseDigits(memoNumber, locale) || notAvailable }),
    approvalDate,
    dateLine: t('certificate.date', { date: approvalDate }),
    salutation: t('certificate.to'),
    addressee: t('certificate.addressee', { club: app.club_name || notAvailable }),
    pujaLocation: t('certificate.pujaLocation', {
      location: app.puja_location_address || notAvailable,
      ward: app.puja_location_ward_no ?? notAvailable,
    }),
    subject: t('certificate.subject', { year }),
    body: t('certificate.body', { year }),
    conditions: CERTIFICATE_CONDITIONS.map((key) => t(key)),
    clearancesTitle: clearances.length > 0 ? t('certificate.clearancesTitle') : null,
    clearances,
    otherPermissions: remainingPermissionsSentence(referrals, locale),
    signature: t('certificate.signature'),
  };
}
