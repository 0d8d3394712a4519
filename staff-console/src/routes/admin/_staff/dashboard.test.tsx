import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../test-support/app';
import { application } from '../../../test-support/applications';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
  getDashboardStats: vi.fn(),
}));

// Wards: application(id) is in club ward id % 25 and puja ward 1.
const apps = [
  application(1, 'Sree Sangha', '00000'), // acknowledgement
  application(2, 'Tarun Club', '11000'), // SDO certificate
  application(3, 'Agradoot Sangha', '11110'), // final decision
  application(4, 'Milan Chakra', '11110'), // final decision
  application(5, 'Ekata Club', '12000'), // rejected: waits for the club
  application(7, 'Nabin Sangha', '11111', { chairman_approved_date: '2025-08-03T06:00:00Z' }),
];

function answer(list: typeof apps) {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: list,
    etag: '"v1"',
  });
}

beforeEach(() => {
  vi.mocked(api.getDashboardStats).mockResolvedValue({
    total: 6,
    approved: 1,
    rejected: 1,
    pending: 4,
  });
  answer(apps);
  signIn('admin');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('staff dashboard: the season at a glance', () => {
  it('shows the counters and how many wait at each review step, each linking to its list', async () => {
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('6');
    const step = (id: string) => screen.findByTestId(`queue-${id}`);
    expect(await step('acknowledgement')).toHaveAccessibleName(/^Acknowledgement\s*1$/);
    expect(await step('chairman_application_certificate')).toHaveTextContent(
      'Chairman application0',
    );
    expect(await step('certificate')).toHaveTextContent('SDO certificate1');
    expect(await step('agreement')).toHaveTextContent('Land agreement0');
    expect(await step('chairman')).toHaveTextContent('Final decision2');
    expect(hrefOf(await step('chairman'))).toBe('/admin/noc-applications?step=chairman');
    expect(hrefOf(await step('certificate'))).toBe('/admin/noc-applications?step=certificate');
  });

  it('lists every ward with its count and a link to the ward filter', async () => {
    renderApp('/admin/dashboard');
    const wards = await screen.findByRole('region', { name: 'Applications per ward' });
    const rows = within(wards).getAllByRole('row');
    expect(rows).toHaveLength(26); // header + wards 1..25
    const row = (ward: number) => rows[ward]!;
    // Puja ward 1 of every application: all six counted there.
    expect(row(1)).toHaveTextContent('Ward 16');
    expect(row(2)).toHaveTextContent('Ward 21');
    expect(row(6)).toHaveTextContent('Ward 60');
    expect(hrefOf(screen.getByTestId('ward-7'))).toBe('/admin/noc-applications?ward=7');
  });

  it('lists submissions and issued NOCs per day', async () => {
    renderApp('/admin/dashboard');
    const days = await screen.findByRole('region', {
      name: 'Submissions and issued NOCs per day',
    });
    const rows = within(days)
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(rows).toEqual([
      'DaySubmittedNOCs issued',
      '01 Aug 202560',
      '02 Aug 202500',
      '03 Aug 202501',
    ]);
  });

  it('a step opens the NOC list filtered to the applications waiting there', async () => {
    const router = renderApp('/admin/dashboard');
    await userEvent.click(await screen.findByTestId('queue-chairman'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/noc-applications'));
    expect(router.state.location.search).toEqual({ step: 'chairman' });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('application-cards'))
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Agradoot Sangha', 'Milan Chakra']),
    );
    expect(screen.getByRole('textbox', { name: 'Waiting at review step' })).toHaveValue(
      'Final decision',
    );
  });

  it('says so when the season has no application yet', async () => {
    answer([]);
    renderApp('/admin/dashboard');
    expect(await screen.findByText('No applications yet this season.')).toBeInTheDocument();
    expect(screen.queryByTestId('queue-chairman')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the list loads', async () => {
    vi.mocked(api.listApplicationsIfChanged).mockReturnValue(new Promise(() => undefined));
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('season-loading')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again on request', async () => {
    vi.mocked(api.listApplicationsIfChanged).mockRejectedValueOnce(new Error('offline'));
    renderApp('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The season figures could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('queue-chairman')).toHaveTextContent('Final decision2');
  });
});
