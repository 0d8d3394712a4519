import type { Application } from './application';
import { isIssued } from './issued-nocs';
import { formatRegNo, memoNumberOf } from './memo-number';
import { clearancesOf, type Clearance, type ReferralState } from './referrals';
import { seasonYearOf } from './season';
import { DEFAULT_LOCALE, formatMessage, type Locale } from './messages';
import { verificationUrl } from './verification-code';

/**
 * Whether an application keeps a verification code: only while its NOC is issued (chairman
 * Approved). Withdrawing the approval ends the code for good; a new approval gets a new one.
 * @example holdsVerificationCode({ chairman_status: 'Rejected' }) // false
 */
export function holdsVerificationCode(app: Pick<Application, 'chairman_status'>): boolean {
  return isIssued(app);
}

/** The facts printed on a valid certificate, as the public verification call answers them. */
export interface VerifiedNoc {
  valid: true;
  club_name: string;
  /** The certificate's reg. no. (SPEC §9: padded to two digits). */
  reg_no: string;
  memo_number: string;
  /** The chairman's approval, as the server stores it (display with formatDate). */
  approval_date: string | null;
  puja_location_ward_no: number | null;
  puja_location_address: string;
  /** The season the certificate is for (a host without seasons: 2025). */
  season_year: number;
  /** The departments that cleared it, with their conditions (issue 29); empty without referrals. */
  clearances: Clearance[];
}

/** A code that is unknown, malformed or withdrawn: nothing more is said. */
export interface UnverifiedNoc {
  valid: false;
}

export type NocVerification = VerifiedNoc | UnverifiedNoc;

/** The one answer to every code that does not verify (identical whatever the reason). */
export const NOT_VALID: UnverifiedNoc = Object.freeze({ valid: false });

/**
 * What the verification call tells about an application: the certificate's facts while it is
 * issued, otherwise the same "not valid" as an unknown code.
 * @example verificationOf(app).valid // true only while chairman_status is Approved
 */
export function verificationOf(
  app: Application,
  referrals: readonly ReferralState[] = [],
): NocVerification {
  if (!isIssued(app)) return NOT_VALID;
  return {
    valid: true,
    club_name: app.club_name,
    reg_no: formatRegNo(app.reg_no),
    memo_number: memoNumberOf(app),
    approval_date: app.chairman_approved_date,
    puja_location_ward_no: app.puja_location_ward_no,
    puja_location_address: app.puja_location_address,
    season_year: seasonYearOf(app),
    clearances: clearancesOf(referrals),
  };
}

/** What a printed certificate carries to be verified: the QR code's address and the code. */
export interface CertificateVerification {
  code: string;
  /** The public verification page of this code (the QR code); null without the portal address. */
  url: string | null;
  /** 'Verification code: …', printed under the QR code. */
  codeLine: string;
  /** Where to check by hand; null without the portal address. */
  scanLine: string | null;
}

/**
 * The verification block of an issued NOC's certificate, or null while it has no code.
 * @example certificateVerification(app, 'https://noc.example.gov.in')?.url // 'https://noc.example.gov.in/verify/7K2M…'
 */
export function certificateVerification(
  app: Pick<Application, 'chairman_status' | 'verification_code'>,
  clubPortalOrigin: string | null,
  locale: Locale = DEFAULT_LOCALE,
): CertificateVerification | null {
  const code = app.verification_code;
  if (!holdsVerificationCode(app) || !code) return null;
  const origin = clubPortalOrigin?.trim().replace(/\/+$/, '') || null;
  return {
    code,
    url: origin ? verificationUrl(origin, code) : null,
    codeLine: formatMessage('certificate.verifyCode', { code }, locale),
    scanLine: origin
      ? formatMessage('certificate.verifyScan', { address: `${origin}/verify` }, locale)
      : null,
  };
}
