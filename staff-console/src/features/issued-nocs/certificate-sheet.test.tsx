import { certificateLetter, certificateVerification } from '@puja/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application } from '../../test-support/applications';
import { CertificateSheets } from './certificate-sheet';

const CODE = '01ABCDEFGHJKMNPQRSTVWXYZ23';
const issued = application(4, 'Milan Chakra', '11111', {
  chairman_approved_date: '2025-09-01T00:00:00Z',
  verification_code: CODE,
});

function renderSheet(portal: string | null) {
  const letter = certificateLetter(issued, 'Demo Municipality');
  if (!letter) throw new Error('not issued');
  render(
    <CertificateSheets
      sheets={[{ language: 'en', letter, verification: certificateVerification(issued, portal) }]}
      locale="en"
    />,
  );
  return screen.getByRole('article', { name: 'No Objection Certificate' });
}

describe('the certificate printed from Issued NOCs', () => {
  it('carries the QR code of the club portal verification page and the code under it', () => {
    const sheet = renderSheet('https://noc.example.gov.in');
    const qr = within(sheet).getByRole('img', { name: 'QR code of the verification address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
    expect(sheet).toHaveTextContent('https://noc.example.gov.in/verify');
  });

  it('without the club portal address in config.json prints the code alone', () => {
    const sheet = renderSheet(null);
    expect(within(sheet).queryByRole('img')).toBeNull();
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
  });
});
