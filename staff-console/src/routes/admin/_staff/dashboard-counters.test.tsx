import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(async () => ({ changed: true, applications: [], etag: null })),
  getDashboardStats: vi.fn(),
}));

beforeEach(() => signIn('admin'));
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const counterLink = (label: string) =>
  screen.getAllByRole('link').find((link) => within(link).queryByText(label) !== null);

describe('the dashboard counters', () => {
  it('each opens the NOC list at the tab of the same meaning', async () => {
    vi.mocked(api.getDashboardStats).mockResolvedValue({
      total: 9,
      approved: 2,
      rejected: 3,
      pending: 4,
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('counter-pending')).toHaveTextContent('4');
    expect(counterLink('Total Applications')).toHaveAttribute('href', '/admin/noc-applications');
    expect(counterLink('Approved NOC')).toHaveAttribute(
      'href',
      '/admin/noc-applications?tab=approved',
    );
    expect(counterLink('Pending Review')).toHaveAttribute(
      'href',
      '/admin/noc-applications?tab=pending',
    );
    expect(counterLink('Rejected')).toHaveAttribute('href', '/admin/noc-applications?tab=rejected');
  });

  it("each says what it counts in the tabs' terms, and the awaiting ones open their tab", async () => {
    vi.mocked(api.getDashboardStats).mockResolvedValue({
      total: 14,
      approved: 2,
      rejected: 3,
      pending: 9,
      awaiting: 1,
      returned: 2,
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('counter-total-hint')).toHaveTextContent(
      '13 in All NOCs + 1 awaiting acknowledgement',
    );
    expect(screen.getByTestId('counter-pending-hint')).toHaveTextContent(
      '8 in review + 1 awaiting acknowledgement',
    );
    expect(screen.getByTestId('counter-approved-hint')).toHaveTextContent('The Approved tab');
    expect(screen.getByTestId('counter-rejected-hint')).toHaveTextContent(
      '2 of them wait for a new document and show under Pending too',
    );
    expect(screen.getByRole('link', { name: 'Awaiting acknowledgement: 1' })).toHaveAttribute(
      'href',
      '/admin/noc-applications?tab=awaitingAcknowledgement',
    );
  });

  it('stay at 0 when the counts cannot be fetched (SPEC §7: only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(api.getDashboardStats).mockRejectedValue(new Error('offline'));
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('0');
    expect(log).toHaveBeenCalledWith('Failed to fetch dashboard stats.', expect.any(Error));
    log.mockRestore();
  });
});
