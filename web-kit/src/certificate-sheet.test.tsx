import {
  certificateLetter,
  certificateVerification,
  loadCatalogue,
  type Application,
  type Referral,
} from '@puja/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CertificateSheet } from './certificate-sheet';

const CODE = '01ABCDEFGHJKMNPQRSTVWXYZ23';

/** An issued NOC with only what the letter reads filled in. */
const issued = {
  id: 4,
  reg_no: '4',
  apply_year: '2025',
  club_name: 'Milan Chakra',
  puja_location_address: 'Maidan',
  puja_location_ward_no: 3,
  chairman_status: 'Approved',
  chairman_approved_date: '2025-09-01T00:00:00Z',
  verification_code: CODE,
} as unknown as Application;

function renderSheet(portal: string | null, app: Application = issued, locale: 'en' | 'bn' = 'en') {
  const letter = certificateLetter(app, 'Demo Municipality', locale);
  if (!letter) throw new Error('not issued');
  render(
    <CertificateSheet letter={letter} verification={certificateVerification(issued, portal)} />,
  );
  return screen.getByRole('article', { name: letter.title });
}

const SPEC_SENTENCE =
  'This NOC does not replace the permissions of the police, the fire service and the Sub-Divisional Officer (S.D.O.), which must still be obtained.';

const referral = (id: number, fields: Partial<Referral>): Referral => ({
  id,
  agency_id: id,
  agency_name: `Department ${id}`,
  kind: 'other',
  status: 'approved',
  due_on: '2025-08-30',
  decided_on: '2025-08-20',
  reference_no: null,
  conditions: [],
  reason: null,
  response: null,
  round: 1,
  ...fields,
});
const police = referral(1, {
  agency_name: 'Police Station (wards 1–12)',
  kind: 'police',
  status: 'conditions',
  reference_no: 'PS/114',
  decided_on: '2025-08-21',
  conditions: ['No loudspeaker after 22:00', 'Volunteers at the gate'],
});
const fire = referral(2, { agency_name: 'Fire & Emergency Services', kind: 'fire' });
const power = referral(3, { agency_name: 'WBSEDCL', kind: 'electricity', status: 'deemed' });
const sdo = referral(4, { agency_name: 'S.D.O.', kind: 'sdo', reference_no: 'SDO/9' });
const withReferrals = (referrals: Referral[]) => ({ ...issued, referrals }) as Application;

describe('the certificate sheet', () => {
  it('lays out the letter with the QR code of the verification page and the code under it', () => {
    const sheet = renderSheet('https://noc.example.gov.in');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('Demo Municipality');
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(5);
    const qr = within(sheet).getByRole('img', { name: 'QR code of the verification address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
    expect(sheet).toHaveTextContent('https://noc.example.gov.in/verify');
  });

  it('without the club portal address prints the code alone', () => {
    const sheet = renderSheet(null);
    expect(within(sheet).queryByRole('img')).toBeNull();
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
  });
});

describe('the certificate with other departments (issue 29)', () => {
  it('lists each clearance: department, reference no., date and its conditions', () => {
    const sheet = renderSheet(null, withReferrals([police, fire, power]));
    const section = within(sheet).getByRole('region', { name: 'Clearances of other departments' });
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Clearances of other departments',
    );
    const [first, second, third] = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === section);
    expect(first).toHaveTextContent(
      'Cleared by Police Station (wards 1–12) on 21/08/2025 (ref. PS/114).Conditions of Police Station (wards 1–12):',
    );
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No loudspeaker after 22:00', 'Volunteers at the gate']);
    expect(second).toHaveTextContent('Cleared by Fire & Emergency Services on 20/08/2025.');
    expect(third).toHaveTextContent(
      'Deemed approved by WBSEDCL on 20/08/2025: no reply within the time allowed.',
    );
  });

  it('the spec’s sentence names only what no department cleared, and goes once all three did', () => {
    expect(renderSheet(null, withReferrals([police, fire, power]))).toHaveTextContent(
      'This NOC does not replace the permission of the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
    );
    cleanup();
    const all = renderSheet(null, withReferrals([police, fire, sdo]));
    expect(all).not.toHaveTextContent('does not replace');
    expect(all).toHaveTextContent('Cleared by S.D.O. on 20/08/2025 (ref. SDO/9).');
  });

  it('without referrals it is the letter as before: the spec’s sentence, no clearances', () => {
    const sheet = renderSheet(null);
    expect(sheet).toHaveTextContent(SPEC_SENTENCE);
    expect(within(sheet).queryByRole('region')).toBeNull();
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(5);
    // A referral withdrawn counts as none.
    cleanup();
    const withdrawn = renderSheet(null, withReferrals([{ ...fire, status: 'withdrawn' }]));
    expect(withdrawn).toHaveTextContent(SPEC_SENTENCE);
    expect(within(withdrawn).queryByRole('region')).toBeNull();
  });

  it('in Bengali: the clearances, their dates in Bengali digits, and the sentence', async () => {
    await loadCatalogue('bn');
    const sheet = renderSheet(null, withReferrals([police, power]), 'bn');
    const section = within(sheet).getByRole('region', { name: 'অন্যান্য দপ্তরের ছাড়পত্র' });
    expect(section).toHaveTextContent(
      'Police Station (wards 1–12) ২১/০৮/২০২৫ তারিখে ছাড়পত্র দিয়েছে (সূত্র PS/১১৪)।',
    );
    expect(section).toHaveTextContent('Police Station (wards 1–12)-এর শর্ত:');
    expect(section).toHaveTextContent(
      'WBSEDCL নির্ধারিত সময়ে উত্তর দেয়নি, তাই ২০/০৮/২০২৫ তারিখে অনুমোদিত বলে গণ্য।',
    );
    expect(sheet).toHaveTextContent(
      'এই এনওসি দমকল ও মহকুমা শাসক (এসডিও)-এর অনুমতির বিকল্প নয়; সেই অনুমতিগুলি আলাদাভাবে নিতে হবে।',
    );
  });
});
