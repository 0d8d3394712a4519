import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CONDITIONS, certificateLetter } from './certificate';
import { loadCatalogue } from './messages';
import { acknowledgedApplication } from './test-support/application';

const issued = acknowledgedApplication({
  reg_no: '123',
  apply_year: '2025',
  club_name: 'Sree Sangha',
  puja_location_address: 'Maidan',
  puja_location_ward_no: 9,
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
  chairman_status: 'Approved',
  // 20:00 UTC on 30 September is 1 October in the municipality (IST)
  chairman_approved_date: '2025-09-30T20:00:00Z',
});

describe('certificateLetter', () => {
  it('is null while the NOC is not issued', () => {
    expect(certificateLetter({ ...issued, chairman_status: 'Pending' }, 'X')).toBeNull();
    expect(certificateLetter({ ...issued, chairman_status: 'Rejected' }, 'X')).toBeNull();
  });

  it('carries the memo and reg number of SPEC §9 and the approval date en-GB', () => {
    const letter = certificateLetter(issued, 'Demo Municipality');
    expect(letter?.memoNumber).toBe('23/DURGAPUJA/2025');
    expect(letter?.memoLine).toBe('Memo No.: 23/DURGAPUJA/2025');
    expect(letter?.regLine).toBe('Reg. No.: 23/DURGAPUJA/2025');
    expect(letter?.approvalDate).toBe('01/10/2025');
    expect(letter?.dateLine).toBe('Date: 01/10/2025');
    expect(letter?.municipality).toBe('Demo Municipality');
  });

  it('accords the NOC for the year and lists the five conditions in order', () => {
    const letter = certificateLetter(issued, 'M');
    expect(letter?.body).toContain('NOC is accorded for holding Durga Puja for the year 2025');
    expect(CERTIFICATE_CONDITIONS).toHaveLength(5);
    expect(letter?.conditions).toEqual([
      'No road shall be occupied for the pandal or for any puja activity.',
      'Traffic shall not be interrupted at any time.',
      'No street light shall be disconnected.',
      'The guidelines of the Pollution Control Board shall be followed.',
      'The guidelines of the State Government shall be followed.',
    ]);
  });

  it('says police, fire and S.D.O. permissions are still needed', () => {
    const text = certificateLetter(issued, 'M')?.otherPermissions ?? '';
    for (const word of ['police', 'fire', 'Sub-Divisional Officer']) expect(text).toContain(word);
  });

  it('addresses the club at its puja location', () => {
    const letter = certificateLetter(issued, 'M');
    expect(letter?.addressee).toBe('The Secretary, Sree Sangha');
    expect(letter?.pujaLocation).toBe('Puja Location: Maidan, Ward No. 9');
  });

  it('shows N/A for a missing approval date, club name or ward', () => {
    const letter = certificateLetter(
      { ...issued, chairman_approved_date: null, club_name: '', puja_location_ward_no: null },
      'M',
    );
    expect(letter?.approvalDate).toBe('N/A');
    expect(letter?.addressee).toBe('The Secretary, N/A');
    expect(letter?.pujaLocation).toBe('Puja Location: Maidan, Ward No. N/A');
  });

  it('uses the first season (2025) when the application has no apply year (a PHP host)', () => {
    const letter = certificateLetter({ ...issued, apply_year: ' ' }, 'M');
    expect(letter?.memoNumber).toBe('23/DURGAPUJA/2025');
    expect(letter?.subject).toBe('Sub: No Objection Certificate for holding Durga Puja 2025');
  });

  it('reads in Bengali with Bengali digits for the year, date, ward and memo number (as the verify page shows it)', async () => {
    await loadCatalogue('bn');
    const letter = certificateLetter(issued, 'ডেমো পৌরসভা', 'bn');
    expect(letter?.title).toBe('অনাপত্তি শংসাপত্র (NOC)');
    expect(letter?.memoLine).toBe('স্মারক নং: ২৩/DURGAPUJA/২০২৫');
    expect(letter?.regLine).toContain('২৩/DURGAPUJA/২০২৫');
    // The number itself stays as issued (what staff search and the export read).
    expect(letter?.memoNumber).toBe('23/DURGAPUJA/2025');
    expect(letter?.dateLine).toBe('তারিখ: ০১/১০/২০২৫');
    expect(letter?.subject).toBe('বিষয়: দুর্গাপূজা ২০২৫ অনুষ্ঠানের জন্য অনাপত্তি শংসাপত্র');
    expect(letter?.pujaLocation).toBe('পূজাস্থল: Maidan, ওয়ার্ড নং ৯');
    expect(letter?.conditions).toHaveLength(5);
  });
});
