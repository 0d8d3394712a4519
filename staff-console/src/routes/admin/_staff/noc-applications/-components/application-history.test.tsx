import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { localeStore, type HistoryEntry } from '@puja/api-client';
import { renderScreen } from '../../../../../test-support/render';
import { ApplicationHistory } from './application-history';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  getApplicationHistory: vi.fn(),
  resendLastSms: vi.fn(),
}));

afterEach(() => vi.clearAllMocks());

const step = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  at: '2025-08-01T04:30:00Z',
  user_id: 2,
  role: 'store',
  action: 'approve',
  item: 'acknowledgement',
  from: 'Pending',
  to: 'Approved',
  reason: '',
  from_link: null,
  to_link: null,
  notification: null,
  sms: null,
  ...overrides,
});

const mail = { kind: 'x', to: 'club@example.org', attempts: 1, last_error: '' };

describe('ApplicationHistory', () => {
  it('shows beside each step whether the club was e-mailed: sent, waiting or retrying with the error', async () => {
    vi.mocked(api.getApplicationHistory).mockResolvedValue([
      step({
        role: 'club',
        action: 'apply',
        item: 'application',
        notification: {
          ...mail,
          status: 'sent',
          sent_at: '2025-08-01T04:30:05Z',
          next_attempt_at: null,
        },
      }),
      step({ role: 'club', action: 'upload' }),
      step({
        action: 'reject',
        item: 'certificate',
        reason: 'Stamp missing',
        notification: {
          ...mail,
          status: 'retrying',
          attempts: 2,
          last_error: '451 try again later',
          sent_at: null,
          next_attempt_at: '2025-08-01T05:00:00Z',
        },
      }),
      step({
        notification: {
          ...mail,
          status: 'waiting',
          attempts: 0,
          sent_at: null,
          next_attempt_at: null,
        },
      }),
    ]);
    renderScreen(<ApplicationHistory id={7} version="1" />);
    expect(await screen.findByRole('columnheader', { name: 'E-mail to club' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    const mailCell = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)?.textContent;
    expect(rows.map(mailCell)).toEqual([
      'Sent 01/08/2025 10:00',
      '',
      'Not sent yet: attempt 2 failed (451 try again later); trying again 01/08/2025 10:30',
      'Waiting to be sent',
    ]);
    expect(within(rows[0] as HTMLElement).getByTitle('club@example.org')).toBeInTheDocument();
  });

  it('says how many pages of a document came from the camera, in the chosen language (issue 31)', async () => {
    vi.mocked(api.getApplicationHistory).mockResolvedValue([
      step({
        role: 'club',
        action: 'apply',
        item: 'application',
        reason: 'puja_budget: 3 pages from the camera',
      }),
      step({
        role: 'club',
        action: 'upload',
        item: 'agreement',
        reason: '2 pages from the camera',
      }),
    ]);
    renderScreen(<ApplicationHistory id={7} version="1" />);
    expect(await screen.findByText('Puja Budget: 3 pages from the camera')).toBeInTheDocument();
    expect(screen.getByText('2 pages from the camera')).toBeInTheDocument();
    await act(() => localeStore.getState().chooseLocale('bn'));
    expect(await screen.findByText('পূজার বাজেট: ক্যামেরা থেকে ৩টি পৃষ্ঠা')).toBeInTheDocument();
    expect(screen.getByText('ক্যামেরা থেকে ২টি পৃষ্ঠা')).toBeInTheDocument();
    await act(() => localeStore.getState().chooseLocale('en'));
  });

  it('names a step found late by the sweep and whom it was escalated to, in the chosen language (issue 30)', async () => {
    const late = { role: 'system', action: 'overdue', from: 'due 2025-08-01', to: 'overdue' };
    vi.mocked(api.getApplicationHistory).mockResolvedValue([
      step({ ...late, item: 'final', reason: 'escalated to the chairman' }),
      step({ ...late, item: 'Fire & Emergency Services', reason: 'escalated to Ratan Pal' }),
    ]);
    renderScreen(<ApplicationHistory id={7} version="1" />);
    expect(
      await screen.findByText('Final decision: Overdue: told the officer who hears appeals'),
    ).toBeInTheDocument();
    expect(screen.getByText('Escalated to the chairman')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Referral to Fire & Emergency Services: Overdue: told the officer who hears appeals',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Escalated to Ratan Pal')).toBeInTheDocument();
    await act(() => localeStore.getState().chooseLocale('bn'));
    expect(await screen.findByText('চেয়ারম্যান-এর কাছে পাঠানো হয়েছে')).toBeInTheDocument();
    expect(screen.getByText('Ratan Pal-এর কাছে পাঠানো হয়েছে')).toBeInTheDocument();
    expect(screen.queryByText(/escalated to/i)).toBeNull();
    await act(() => localeStore.getState().chooseLocale('en'));
  });

  it('shows each SMS under its mail and sends the last one again on request', async () => {
    const sms = { ...mail, to: '9830012345' };
    vi.mocked(api.getApplicationHistory).mockResolvedValue([
      step({
        action: 'reject',
        notification: {
          ...mail,
          status: 'sent',
          sent_at: '2025-08-01T04:30:05Z',
          next_attempt_at: null,
        },
        sms: {
          ...sms,
          status: 'retrying',
          attempts: 3,
          last_error: 'SMS gateway answered 503: busy',
          sent_at: null,
          next_attempt_at: '2025-08-01T05:00:00Z',
        },
      }),
    ]);
    vi.mocked(api.resendLastSms).mockResolvedValue({
      message: "The last SMS will be sent again to the club's phone.",
      messageKey: 'sms.resendQueued',
    });
    const user = userEvent.setup();
    renderScreen(<ApplicationHistory id={7} version="1" />);
    const state = await screen.findByTitle('9830012345');
    expect(state).toHaveTextContent(
      'SMS: Not sent yet: attempt 3 failed (SMS gateway answered 503: busy); trying again 01/08/2025 10:30',
    );
    await user.click(screen.getByRole('button', { name: 'Resend last SMS' }));
    expect(api.resendLastSms).toHaveBeenCalledWith({ id: 7 });
    expect(
      await screen.findByText("The last SMS will be sent again to the club's phone."),
    ).toBeInTheDocument();
    // The history is asked again: the new SMS shows beside its entry.
    await vi.waitFor(() => expect(api.getApplicationHistory).toHaveBeenCalledTimes(2));
  });

  it('says why a resend was refused (issue 26: the limit, a stale message)', async () => {
    const sms = {
      ...mail,
      to: '9830012345',
      status: 'sent' as const,
      sent_at: null,
      next_attempt_at: null,
    };
    vi.mocked(api.getApplicationHistory).mockResolvedValue([step({ action: 'reject', sms })]);
    vi.mocked(api.resendLastSms)
      .mockRejectedValueOnce(
        new api.ApiError('refused', 'x', { status: 429, messageKey: 'sms.resendTooSoon' }),
      )
      .mockRejectedValueOnce(
        new api.ApiError('refused', 'x', { status: 409, messageKey: 'sms.resendStale' }),
      );
    const user = userEvent.setup();
    renderScreen(<ApplicationHistory id={7} version="1" />);
    await user.click(await screen.findByRole('button', { name: 'Resend last SMS' }));
    expect(
      await screen.findByText(
        "This application's SMS was sent again less than 10 minutes ago. Please try again later.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend last SMS' }));
    expect(
      await screen.findByText(
        'The application has changed since its last SMS, so that SMS is no longer true and is not sent again.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no resend while the application has no SMS', async () => {
    vi.mocked(api.getApplicationHistory).mockResolvedValue([step({ action: 'apply' })]);
    renderScreen(<ApplicationHistory id={7} version="1" />);
    expect(await screen.findByRole('columnheader', { name: 'E-mail to club' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend last SMS' })).toBeNull();
  });
});
