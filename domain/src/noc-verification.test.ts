import { describe, expect, it } from 'vitest';
import {
  NOT_VALID,
  certificateVerification,
  holdsVerificationCode,
  verificationOf,
} from './noc-verification';
import { acknowledgedApplication } from './test-support/application';

const issued = acknowledgedApplication({
  reg_no: '7',
  apply_year: '2025',
  club_name: 'Sree Sangha',
  address: '12 Park Street',
  email: 'club@example.org',
  puja_location_address: 'Maidan',
  puja_location_ward_no: 9,
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
  chairman_status: 'Approved',
  chairman_approved_date: '2025-09-20T08:00:00Z',
  verification_code: '01ABCDEFGHJKMNPQRSTVWXYZ23',
});

describe('what a verification tells', () => {
  it('an issued NOC answers the facts printed on its certificate and nothing more', () => {
    expect(verificationOf(issued)).toEqual({
      valid: true,
      club_name: 'Sree Sangha',
      reg_no: '07',
      memo_number: '07/DURGAPUJA/2025',
      approval_date: '2025-09-20T08:00:00Z',
      puja_location_ward_no: 9,
      puja_location_address: 'Maidan',
      season_year: 2025,
      clearances: [],
    });
  });

  it('names the season of the certificate, years after it was issued', () => {
    const verified = verificationOf({ ...issued, apply_year: '2026', reg_no: '3' });
    expect(verified).toMatchObject({ season_year: 2026, memo_number: '03/DURGAPUJA/2026' });
  });

  it.each(['Pending', 'Rejected'] as const)(
    'a NOC whose chairman status is %s is not valid, said exactly as for an unknown code',
    (chairman_status) => {
      expect(verificationOf({ ...issued, chairman_status })).toBe(NOT_VALID);
      expect(NOT_VALID).toEqual({ valid: false });
    },
  );

  it('only an issued NOC holds a verification code', () => {
    expect(holdsVerificationCode(issued)).toBe(true);
    expect(holdsVerificationCode({ chairman_status: 'Rejected' })).toBe(false);
    expect(holdsVerificationCode({ chairman_status: 'Pending' })).toBe(false);
  });
});

describe('the verification block of a certificate', () => {
  it('carries the QR address on the club portal and the code in words', () => {
    expect(certificateVerification(issued, 'https://noc.example.gov.in/')).toEqual({
      code: '01ABCDEFGHJKMNPQRSTVWXYZ23',
      url: 'https://noc.example.gov.in/verify/01ABCDEFGHJKMNPQRSTVWXYZ23',
      codeLine: 'Verification code: 01ABCDEFGHJKMNPQRSTVWXYZ23',
      scanLine:
        'Scan the QR code, or enter the code at https://noc.example.gov.in/verify, to check this certificate.',
    });
  });

  it('without the portal address only the code is printed', () => {
    expect(certificateVerification(issued, null)).toMatchObject({ url: null, scanLine: null });
    expect(certificateVerification(issued, ' ')).toMatchObject({ url: null, scanLine: null });
  });

  it('a NOC that is not issued, or has no code, prints none', () => {
    expect(
      certificateVerification({ ...issued, chairman_status: 'Rejected' }, 'https://x'),
    ).toBeNull();
    expect(certificateVerification({ ...issued, verification_code: null }, 'https://x')).toBeNull();
  });
});
