import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { localeStore } from '@puja/api-client';
import { setAppConfig } from '../../lib/app-config';
import { application } from '../../test-support/applications';
import { renderScreen } from '../../test-support/render';
import { CertificateDialog } from './certificate-dialog';

const CODE = '01ABCDEFGHJKMNPQRSTVWXYZ23';
const issued = application(4, 'Milan Chakra', '11111', {
  chairman_approved_date: '2025-09-01T00:00:00Z',
  verification_code: CODE,
});

function configure(clubPortalUrl: string | null) {
  setAppConfig({
    apiBaseUrl: 'http://api.test/',
    municipality: 'Demo Municipality',
    clubPortalUrl,
  } as Parameters<typeof setAppConfig>[0]);
}

beforeEach(() => configure('https://noc.example.gov.in'));

const sheets = () => within(screen.getByRole('dialog')).getAllByRole('article');

describe('the certificate printed from Issued NOCs', () => {
  it('carries the letter, the QR code of the club portal verification page and the code', async () => {
    renderScreen(<CertificateDialog app={issued} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'No Objection Certificate' });
    const [sheet] = sheets();
    expect(sheet).toHaveAccessibleName('No Objection Certificate');
    expect(sheet).toHaveTextContent('Demo Municipality');
    expect(sheet).toHaveTextContent('Milan Chakra');
    const qr = within(sheet!).getByRole('img', { name: 'QR code of the verification address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
    expect(sheet).toHaveTextContent('https://noc.example.gov.in/verify');
  });

  it('without the club portal address in config.json prints the code alone', async () => {
    configure(null);
    renderScreen(<CertificateDialog app={issued} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    const [sheet] = sheets();
    expect(within(sheet!).queryByRole('img')).toBeNull();
    expect(sheet).toHaveTextContent(`Verification code: ${CODE}`);
  });

  it('in বাংলা prints the Bengali letter, then the same letter in English', async () => {
    await act(() => localeStore.getState().chooseLocale('bn'));
    renderScreen(<CertificateDialog app={issued} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    const [bengali, english] = sheets();
    expect(bengali).not.toHaveAttribute('lang');
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveAccessibleName('No Objection Certificate');
  });

  it('keeps a copy of the sheets outside the dialog for the printer', async () => {
    renderScreen(<CertificateDialog app={issued} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    const printed = document.body.querySelector(':scope > .certificate-print');
    expect(printed).not.toBeNull();
    expect(within(printed as HTMLElement).getAllByRole('article', { hidden: true })).toHaveLength(
      1,
    );
  });

  it('says so for an application that is not issued', async () => {
    renderScreen(
      <CertificateDialog app={application(5, 'Ekata Club', '11110')} onClose={() => undefined} />,
    );
    expect(await screen.findByText('The NOC has not been issued yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print Certificate' })).toBeNull();
  });
});
