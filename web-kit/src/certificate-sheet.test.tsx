import { certificateLetter, certificateVerification, type Application } from '@puja/domain';
import { render, screen, within } from '@testing-library/react';
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

function renderSheet(portal: string | null) {
  const letter = certificateLetter(issued, 'Demo Municipality');
  if (!letter) throw new Error('not issued');
  render(
    <CertificateSheet letter={letter} verification={certificateVerification(issued, portal)} />,
  );
  return screen.getByRole('article', { name: 'No Objection Certificate' });
}

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
