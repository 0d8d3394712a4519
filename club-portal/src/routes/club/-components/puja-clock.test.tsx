import type * as ApiClient from '@puja/api-client';
import { getMyApplication } from '@puja/api-client';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../lib/app-config';
import { application, CLUB_SESSION, renderApp } from '../../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
}));

function configure(pujaStartDate: string | undefined) {
  setAppConfig({
    apiBaseUrl: 'http://api.test/',
    filesBaseUrl: 'http://api.test/',
    municipality: 'Bally',
    bodyEncoding: 'json',
    tutorialVideoUrl: undefined,
    clubPortalUrl: undefined,
    pujaStartDate,
    contact: { name: 'Bally' },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  // Only the clock is fixed: 1 October 2027, 11:30 in the municipality.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-10-01T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  configure(undefined);
});

describe('the puja clock on the club dashboard', () => {
  it('says how many days remain, under what the club must do now', async () => {
    configure('2027-10-10');
    vi.mocked(getMyApplication).mockResolvedValue(application());
    await renderApp('/club/dashboard', CLUB_SESSION);
    const clock = await screen.findByRole('region', { name: 'Before the puja' });
    expect(clock).toHaveTextContent('9 days left until the puja starts on 10 Oct 2027.');
    // Issue 27: what is left is the banner's, above the clock.
    const banner = screen.getByTestId('next-step');
    expect(banner).toHaveTextContent('Upload your signed acknowledgement');
    expect(banner.compareDocumentPosition(clock) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names the step an application waits at while the municipality reviews it', async () => {
    configure('2027-10-02');
    vi.mocked(getMyApplication).mockResolvedValue(
      application({
        acknowledgement: 'files/ack.pdf',
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Approved',
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const clock = await screen.findByTestId('puja-clock');
    expect(clock).toHaveTextContent('1 day left until the puja starts on 02 Oct 2027.');
    expect(screen.getByTestId('next-step')).toHaveTextContent(
      'Nothing for now: your application waits at the step “SDO certificate”.',
    );
  });

  it('is hidden when config.json sets no puja date', async () => {
    configure(undefined);
    vi.mocked(getMyApplication).mockResolvedValue(null);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
    expect(screen.queryByTestId('puja-clock')).not.toBeInTheDocument();
  });

  it('after the first day, wishes a good puja', async () => {
    configure('2027-09-28');
    vi.mocked(getMyApplication).mockResolvedValue(null);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const clock = await screen.findByTestId('puja-clock');
    expect(clock).toHaveTextContent('The puja began on 28 Sept 2027. Shubho Durga Puja!');
  });

  it('on the first day itself says the puja starts today', async () => {
    configure('2027-10-01');
    vi.mocked(getMyApplication).mockResolvedValue(null);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByTestId('puja-clock')).toHaveTextContent(
      'The puja starts today, 01 Oct 2027. Shubho Durga Puja!',
    );
  });
});
