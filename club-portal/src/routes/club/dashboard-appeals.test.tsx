import type * as ApiClient from '@puja/api-client';
import {
  ApiError,
  configureApi,
  fileAppeal,
  getMyApplication,
  listSeasons,
  localeStore,
} from '@puja/api-client';
import type { Appeal } from '@puja/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../lib/app-config';
import { application, CLUB_SESSION, renderApp, testConfig } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => {
  const actual = await original<typeof ApiClient>();
  return {
    ...actual,
    getMyApplication: vi.fn(),
    fileAppeal: vi.fn(),
    listSeasons: vi.fn(actual.listSeasons),
  };
});

const CONFIG = testConfig({ filesBaseUrl: 'http://files.test/' });

beforeEach(() => {
  vi.clearAllMocks();
  setAppConfig(CONFIG);
  configureApi({ baseUrl: CONFIG.apiBaseUrl, filesBaseUrl: CONFIG.filesBaseUrl });
});

/** Every document approved, the chairman refused: the club may appeal until 31 Oct 2026. */
const refused = (fields: Parameters<typeof application>[0] = {}) =>
  application({
    acknowledgement: 'files/ack.pdf',
    acknowledgement_status: 'Approved',
    chairman_application_certificate_status: 'Approved',
    certificate_status: 'Approved',
    agreement_status: 'Approved',
    chairman_status: 'Rejected',
    chairman_reason: 'No land owner consent',
    ...fields,
  });
const opening = {
  ground: 'finalRejected' as const,
  referral_id: null,
  agency_name: null,
  until: '2026-10-31',
};
const filed: Appeal = {
  id: 4,
  application_id: 1,
  ground: 'finalRejected',
  referral_id: null,
  agency_name: null,
  step: 'final',
  status: 'pending',
  appealed_on: '2026-10-01',
  filed_on: '2026-10-05',
  due_on: '2026-10-26',
  decided_on: null,
  reason: 'The owner has consented',
  decision_reason: '',
  document: null,
  order_due_on: null,
};

describe('appealing a refusal (issue 30)', () => {
  it('offers the appeal with its last day; an empty reason is said and nothing is sent', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(refused({ appealable: [opening] }));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const card = await screen.findByRole('region', { name: 'Appeal' });
    expect(card).toHaveTextContent(
      'You may appeal the chairman’s final decision until 31 Oct 2026.',
    );
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please say why you appeal.');
    expect(screen.getByLabelText('Why do you appeal?')).toHaveAttribute('aria-invalid', 'true');
    expect(fileAppeal).not.toHaveBeenCalled();
    // Cancel closes the form and gives the focus back to its button.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Appeal' })).toHaveFocus();
  });

  it('says so in "What to do now": its Appeal link goes to the card’s Appeal button', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(refused({ appealable: [opening] }));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const banner = await screen.findByTestId('next-step');
    expect(banner).toHaveTextContent(
      'Your application was not approved. You may appeal the decision until 31 Oct 2026.',
    );
    await user.click(within(banner).getByRole('link', { name: 'Appeal' }));
    expect(screen.getByRole('button', { name: 'Appeal' })).toHaveFocus();
  });

  it('sends the reason and the document; the card then shows the appeal filed and due', async () => {
    vi.mocked(getMyApplication)
      .mockResolvedValueOnce(refused({ appealable: [opening] }))
      .mockResolvedValue(refused({ appeals: [filed] }));
    vi.mocked(fileAppeal).mockResolvedValue({
      message: 'Your appeal has been sent. The Appellate Officer will decide it.',
      messageKey: 'appeals.filed',
    });
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    await user.type(screen.getByLabelText('Why do you appeal?'), 'The owner has consented');
    const letter = new File(['%PDF-1.4 consent'], 'consent.pdf', { type: 'application/pdf' });
    await user.upload(
      screen.getByLabelText('Supporting document (optional, PDF or image)'),
      letter,
    );
    expect(await screen.findByText(/Chosen: consent\.pdf/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(
      await screen.findByText('Your appeal has been sent. The Appellate Officer will decide it.'),
    ).toBeVisible();
    const call = vi.mocked(fileAppeal).mock.calls[0]![0];
    expect(call).toMatchObject({
      application_id: 1,
      ground: 'finalRejected',
      reason: 'The owner has consented',
    });
    expect((call.document as File).name).toBe('consent.pdf');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Appeal' })).toHaveTextContent(
        'Your appeal against the chairman’s final decision was filed on 05 Oct 2026; it is to be decided by 26 Oct 2026.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Appeal' })).toHaveFocus();
  });

  it('offers a step kept waiting with the day it was due, and appeals it on the overdue ground', async () => {
    const waiting = application({ acknowledgement: 'files/ack.pdf' });
    const late = {
      ground: 'overdue' as const,
      referral_id: null,
      agency_name: null,
      until: null,
      step: 'acknowledgement',
      due_on: '2026-10-05',
    };
    vi.mocked(getMyApplication).mockResolvedValue({ ...waiting, appealable: [late] });
    vi.mocked(fileAppeal).mockResolvedValue({
      message: 'Your appeal has been sent. The Appellate Officer will decide it.',
      messageKey: 'appeals.filed',
    });
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const card = await screen.findByRole('region', { name: 'Appeal' });
    expect(card).toHaveTextContent(
      'You may appeal the delay in Acknowledgement review: it was due on 05 Oct 2026.',
    );
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await user.type(screen.getByLabelText('Why do you appeal?'), 'Nobody has looked at it');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(fileAppeal).toHaveBeenCalled());
    expect(vi.mocked(fileAppeal).mock.calls[0]![0]).toMatchObject({
      application_id: 1,
      ground: 'overdue',
      reason: 'Nobody has looked at it',
    });
  });

  it('a refusal is said by its key in the summary, the reason kept', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(refused({ appealable: [opening] }));
    vi.mocked(fileAppeal).mockRejectedValue(
      new ApiError('refused', 'The time to appeal this decision has passed.', {
        status: 422,
        messageKey: 'appeals.outOfTime',
      }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    await user.type(screen.getByLabelText('Why do you appeal?'), 'Please');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The time to appeal this decision has passed.',
    );
    expect(screen.getByLabelText('Why do you appeal?')).toHaveValue('Please');
  });

  it('shows a decided appeal in Bengali; nothing at all without appeals', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(
      refused({
        appeals: [
          {
            ...filed,
            status: 'dismissed',
            decided_on: '2026-10-09',
            decision_reason: 'নতুন তথ্য নেই',
          },
        ],
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const card = await screen.findByRole('region', { name: 'আপিল' });
    expect(card).toHaveTextContent('খারিজ');
    expect(card).toHaveTextContent('নতুন তথ্য নেই');
    await localeStore.getState().chooseLocale('en');
  });

  it('offers no appeal once the season’s review is closed, and says why in both languages', async () => {
    vi.mocked(listSeasons).mockResolvedValueOnce([
      {
        year: 2025,
        opens_on: '2025-01-01',
        closes_on: '2025-09-30',
        puja_starts_on: null,
        state: 'closed',
        review_closed_at: '2025-11-01T06:00:00.000Z',
      },
    ]);
    // Even an answer that still offers one (read before the closing) is not offered.
    vi.mocked(getMyApplication).mockResolvedValue(refused({ appealable: [opening] }));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const card = await screen.findByRole('region', { name: 'Appeal' });
    expect(card).toHaveTextContent(
      'The review of this season is closed: an appeal can no longer be filed or allowed.',
    );
    expect(card).not.toHaveTextContent('You may appeal');
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(
      await screen.findByText(
        'এই মরসুমের যাচাই বন্ধ হয়ে গেছে: আর আপিল করা বা আপিল মঞ্জুর করা যাবে না।',
      ),
    ).toBeVisible();
    await localeStore.getState().chooseLocale('en');
  });

  it('no card for an application without appeals or refusals to appeal', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(refused());
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText('Final Approval')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Appeal' })).toBeNull();
  });
});
