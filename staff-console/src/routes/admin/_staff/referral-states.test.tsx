import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { Referral } from '@puja/domain';
import { application } from '../../../test-support/applications';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
  decideFinal: vi.fn(),
  getApplicationHistory: vi.fn(async () => []),
  listSeasons: vi.fn(async () => []),
  listHolidays: vi.fn(async () => []),
  getDashboardStats: vi.fn(async () => ({ total: 2, approved: 0, rejected: 0, pending: 2 })),
}));

const referral = (id: number, fields: Partial<Referral>): Referral => ({
  id,
  agency_id: id,
  agency_name: 'Police Station (wards 1–12)',
  kind: 'police',
  status: 'pending',
  due_on: '2025-08-18',
  decided_on: null,
  reference_no: null,
  conditions: [],
  reason: null,
  response: null,
  round: 1,
  ...fields,
});
const REFERRALS = [
  referral(1, {
    status: 'conditions',
    decided_on: '2025-08-10',
    reference_no: 'PS/114',
    conditions: ['No fireworks after 10 pm'],
  }),
  referral(3, {
    agency_name: 'Fire & Emergency Services',
    kind: 'fire',
    status: 'objected',
    reason: 'One exit only',
    round: 1,
  }),
];
const apps = [
  { ...application(3, 'Agradoot Sangha', '11110'), referrals: REFERRALS },
  application(4, 'Milan Chakra', '11110'),
];

beforeEach(() => {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: apps,
    etag: '"v1"',
  });
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

describe('referral states for the final decision (issue 29)', () => {
  it("the detail lists each department's state; the chairman's approval is held back and refused", async () => {
    signIn('chairman');
    vi.mocked(api.decideFinal).mockRejectedValue(
      new api.ApiError('refused', 'x', { status: 422, messageKey: 'review.referralsOpen' }),
    );
    renderApp('/admin/noc-applications/3');
    const states = await screen.findByRole('region', { name: 'Other departments' });
    expect(within(states).getByText('Approved with conditions')).toBeInTheDocument();
    expect(within(states).getByText('Reference no. PS/114')).toBeInTheDocument();
    expect(within(states).getByText('No fireworks after 10 pm')).toBeInTheDocument();
    expect(within(states).getByText('Objection: One exit only')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Final Chairman Review' });
    const open =
      'Every department must reply before the final approval: some referrals are still open.';
    expect(within(panel).getByText(open)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /Approve/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, issue the NOC' }));
    await waitFor(() => expect(api.decideFinal).toHaveBeenCalled());
    expect(await screen.findAllByText(open)).toHaveLength(2);
  });

  it('an application without referrals shows no departments (the spec flow looks as before)', async () => {
    signIn('chairman');
    renderApp('/admin/noc-applications/4');
    await screen.findByRole('region', { name: 'Final Chairman Review' });
    expect(screen.queryByRole('region', { name: 'Other departments' })).not.toBeInTheDocument();
  });

  it("the Chairman Review panel shows each department's state under the club", async () => {
    signIn('chairman');
    renderApp('/admin/chairman/review');
    const row = (await screen.findByRole('link', { name: 'Agradoot Sangha' })).closest('tr')!;
    expect(within(row).getByText(/^Fire & Emergency Services:/)).toHaveTextContent('Objected');
    expect(within(row).getByText(/some referrals are still open/)).toBeInTheDocument();
  });
});

describe('departments in the staff lists and the dashboard (issue 29)', () => {
  it('the list gains With departments and a department filter only when applications were referred', async () => {
    signIn('store');
    const router = renderApp('/admin/noc-applications');
    await userEvent.click(await screen.findByRole('tab', { name: 'With departments' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ tab: 'withDepartments' }),
    );
    expect(await screen.findByRole('link', { name: 'Agradoot Sangha' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Milan Chakra' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'All NOCs' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fire & Emergency Services' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ department: 3 }));
    expect(screen.queryByRole('link', { name: 'Milan Chakra' })).not.toBeInTheDocument();
  });

  it('without referrals the list looks as before', async () => {
    vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
      changed: true,
      applications: [apps[1]!],
      etag: '"v2"',
    });
    signIn('admin');
    renderApp('/admin/noc-applications');
    await screen.findByRole('tab', { name: 'All NOCs' });
    expect(screen.queryByRole('tab', { name: 'With departments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Department' })).not.toBeInTheDocument();
  });

  it('the dashboard counts open and overdue referrals per department', async () => {
    signIn('admin');
    renderApp('/admin/dashboard');
    const counts = await screen.findByRole('region', { name: 'Other departments' });
    const fire = within(counts)
      .getByRole('link', { name: 'Fire & Emergency Services' })
      .closest('tr')!;
    // Objected: open, not overdue (the club has the ball).
    expect(
      within(fire)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fire & Emergency Services', '1', '0']);
  });
});
