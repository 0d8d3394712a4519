import type * as ApiClient from '@puja/api-client';
import { configureApi, getMyApplication, localeStore } from '@puja/api-client';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../lib/app-config';
import { application, CLUB_SESSION, renderApp, testConfig } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
}));

// No puja date: the banner never needs one.
const BALLY = testConfig({ filesBaseUrl: 'http://files.test/' });

beforeEach(() => {
  vi.clearAllMocks();
  setAppConfig(BALLY);
  configureApi({ baseUrl: BALLY.apiBaseUrl, filesBaseUrl: BALLY.filesBaseUrl });
});

const acknowledged = (overrides = {}) =>
  application({ acknowledgement: 'files/ack.pdf', ...overrides });
const approved = {
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
} as const;

/** The banner: the first thing in the page, before any heading. */
async function banner() {
  const found = await screen.findByTestId('next-step');
  const main = screen.getByRole('main');
  expect(main.firstElementChild).toBe(found);
  return found;
}

describe('the next-step banner (issue 27), without a puja date', () => {
  it('no acknowledgement: says to upload it, its button focuses the picker; the number shows', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application({ reg_no: '7' }));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await banner();
    expect(within(found).getByText('Upload your signed acknowledgement')).toBeVisible();
    await user.click(within(found).getByRole('link', { name: 'Choose the signed file' }));
    expect(screen.getByLabelText('Signed acknowledgement (image or pdf)')).toHaveFocus();
    const action = screen.getByRole('region', { name: 'Action Required' });
    expect(action).toHaveTextContent('Application No: 07');
  });

  it('a rejected document: names it, and its Re-upload goes to that document’s picker', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Approved',
        certificate_status: 'Rejected',
        certificate_reason: 'Stamp missing',
      }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await banner();
    expect(found).toHaveTextContent(
      '1 document needs your attention: Previous Year S.D.O Permission',
    );
    await user.click(within(found).getByRole('link', { name: 'Re-upload' }));
    expect(
      screen.getByLabelText('New file for Previous year SDO Certificate Review'),
    ).toHaveFocus();
  });

  it('the NOC issued: the spec’s "Your NOC Certificate is Ready!" first, with Print Certificate', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ ...approved, chairman_status: 'Approved' }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await banner();
    expect(found).toHaveTextContent('Your NOC Certificate is Ready!');
    expect(within(found).getByRole('link', { name: 'Print Certificate' })).toHaveAttribute(
      'href',
      '/club/print-certificate',
    );
    expect(screen.getAllByText('Your NOC Certificate is Ready!')).toHaveLength(1);
  });

  it('after the final rejection: contact the municipality, which the footer names', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ ...approved, chairman_status: 'Rejected', chairman_reason: 'Too close' }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await banner();
    expect(found).toHaveTextContent(
      'Your application was not approved. Please contact the municipality.',
    );
    await user.click(within(found).getByRole('link', { name: 'Contact the municipality' }));
    const contact = await screen.findByRole('region', { name: 'Contact Bally Municipality' });
    expect(contact).toHaveFocus();
    expect(contact).toHaveTextContent('Puja Cell, Town Hall');
    expect(within(contact).getByRole('link', { name: 'puja@bally.gov.in' })).toHaveAttribute(
      'href',
      'mailto:puja@bally.gov.in',
    );
  });

  it('while staff review: the step it waits at, and no button', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ acknowledgement_status: 'Approved' }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await banner();
    expect(found).toHaveTextContent('Nothing for now: your application waits at the step');
    expect(within(found).queryByRole('link')).toBeNull();
  });

  it('in Bengali', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ acknowledgement_status: 'Rejected', agreement_status: 'Rejected' }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await banner()).toHaveTextContent('২টি নথিতে আপনার মনোযোগ দরকার');
    expect(
      await screen.findByRole('region', { name: 'Bally Municipality-র সঙ্গে যোগাযোগ' }),
    ).toHaveTextContent('ফোন');
  });
});

describe('the tracker and the documents (issue 27)', () => {
  it('dates each completed step', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        acknowledgement_approved_at: '2025-03-07T05:00:00Z',
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const tracker = await screen.findByRole('region', { name: 'Application Progress' });
    const [submitted, acknowledgement, next] = within(tracker).getAllByRole('listitem');
    expect(submitted).toHaveTextContent('Completed on 05 Mar 2025');
    expect(acknowledgement).toHaveTextContent('Completed on 07 Mar 2025');
    expect(next).not.toHaveTextContent(' on ');
  });

  it('opens every uploaded document, the rejected one included, by its signed link', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Rejected',
        chairman_application_certificate: 'files/1/3f2a.pdf?expires=9&sig=s',
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const card = await screen.findByRole('region', { name: 'Your documents' });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Open Chairman Application',
      'Open Previous Year S.D.O Permission',
      'Open Puja Committee List',
      'Open Puja Budget',
      'Open Holding / Khatian / Land Deed',
      'Open Acknowledgement',
    ]);
    expect(links[0]).toHaveAttribute('href', 'http://files.test/files/1/3f2a.pdf?expires=9&sig=s');
    expect(links[0]?.closest('li')).toHaveTextContent('(rejected)');
  });
});

describe('the current step’s due date (issue 30)', () => {
  const steps = [
    {
      step: 'acknowledgement',
      started_on: '2026-10-16',
      due_on: '2026-10-21',
      paused_on: null,
      decided_on: '2026-10-19',
      overdue: false,
      escalated_to: null,
    },
    {
      step: 'chairman_application_certificate',
      started_on: '2026-10-19',
      due_on: '2026-10-23',
      paused_on: null,
      decided_on: null,
      overdue: false,
      escalated_to: null,
    },
  ] as const;

  it('says by when the current step is decided, on that step only', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ acknowledgement_status: 'Approved', steps: [...steps] }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const tracker = await screen.findByRole('region', { name: 'Application Progress' });
    const items = within(tracker).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('Decision due by 23 Oct 2026');
    expect(within(tracker).getAllByText(/Decision due by/)).toHaveLength(1);
  });

  it('in Bengali, with Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({ acknowledgement_status: 'Approved', steps: [...steps] }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText(/-এর মধ্যে সিদ্ধান্ত/)).toHaveTextContent('২৩');
    await localeStore.getState().chooseLocale('en');
  });
});
