import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { ServiceStandard } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listServiceStandards: vi.fn(),
  updateServiceStandard: vi.fn(),
  listUsers: vi.fn(),
}));

const municipal = (step: ServiceStandard['step'], days: number): ServiceStandard => ({
  step,
  agency_id: null,
  agency_name: null,
  days,
  designated_role: step === 'final' ? 'chairman' : 'store',
  appellate_user_id: null,
  appellate_name: null,
});
const standards: ServiceStandard[] = [
  municipal('acknowledgement', 2),
  { ...municipal('final', 5), appellate_user_id: 3, appellate_name: 'Rina Paul' },
  {
    step: 'referral',
    agency_id: 4,
    agency_name: 'Fire & Emergency Services',
    days: 1,
    designated_role: 'agency',
    appellate_user_id: null,
    appellate_name: null,
  },
];
const user = (id: number, name: string, role: 'admin' | 'store' | 'chairman' | 'agency') => ({
  id,
  name,
  email: `${id}@example.org`,
  phone: '9830000000',
  role,
  deptment: role,
});

beforeEach(() => {
  signIn('admin');
  vi.mocked(api.listServiceStandards).mockImplementation(async () =>
    standards.map((s) => ({ ...s })),
  );
  vi.mocked(api.listUsers).mockResolvedValue([
    user(1, 'Admin', 'admin'),
    user(2, 'Sujit Store', 'store'),
    user(3, 'Rina Paul', 'chairman'),
    user(5, 'Fire Officer', 'agency'),
  ]);
});
afterEach(() => vi.clearAllMocks());

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('Service standards (issue 30)', () => {
  it('lists every step with its working days, who decides and who hears appeals', async () => {
    renderApp('/admin/service-standards');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Service standards' }),
    ).toBeInTheDocument();
    const ack = await rowOf('Acknowledgement review');
    expect(within(ack).getByText('2 working days')).toBeInTheDocument();
    expect(within(ack).getByText('Store')).toBeInTheDocument();
    expect(within(ack).getByText('The chairman')).toBeInTheDocument();
    const final = await rowOf('Final decision');
    expect(within(final).getByText('Rina Paul')).toBeInTheDocument();
    const fire = await rowOf('Referral to Fire & Emergency Services');
    expect(within(fire).getByText('1 working day')).toBeInTheDocument();
    expect(within(fire).getByText('Department officer')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Service standards/));
  });

  it('says when there are none', async () => {
    vi.mocked(api.listServiceStandards).mockResolvedValue([]);
    renderApp('/admin/service-standards');
    expect(await screen.findByText('No service standards yet.')).toBeInTheDocument();
  });

  it('names every problem of an edit before sending, then saves the days and the Appellate Officer', async () => {
    vi.mocked(api.updateServiceStandard).mockResolvedValue({
      message: 'Service standard saved.',
      messageKey: 'standards.updated',
    });
    renderApp('/admin/service-standards');
    await rowOf('Acknowledgement review');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Acknowledgement review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit: Acknowledgement review' });
    const days = within(dialog).getByRole('textbox', { name: /^Working days/ });
    await userEvent.clear(days);
    await userEvent.type(days, '61');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(
      'Enter a whole number of working days from 1 to 60.',
    );
    expect(api.updateServiceStandard).not.toHaveBeenCalled();

    await userEvent.clear(days);
    await userEvent.type(days, '4');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Appeals heard by/ }));
    // Department officers do not hear the municipality's appeals.
    expect(screen.queryByRole('option', { name: /Fire Officer/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Sujit Store (Store)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateServiceStandard).toHaveBeenCalledWith({
        step: 'acknowledgement',
        agency_id: null,
        days: 4,
        appellate_user_id: 2,
      }),
    );
    expect(await screen.findByText('Service standard saved.')).toBeInTheDocument();
    await waitFor(() => expect(api.listServiceStandards).toHaveBeenCalledTimes(2));
  });

  it("edits a department's referral by its department, and shows the server's refusal", async () => {
    vi.mocked(api.updateServiceStandard).mockRejectedValue(
      Object.assign(new Error('refused'), {
        messageKey: 'standards.appellateNotStaff',
        status: 400,
      }),
    );
    renderApp('/admin/service-standards');
    await rowOf('Referral to Fire & Emergency Services');
    await userEvent.click(
      screen.getByRole('button', { name: 'Edit Referral to Fire & Emergency Services' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateServiceStandard).toHaveBeenCalledWith({
        step: 'referral',
        agency_id: 4,
        days: 1,
        appellate_user_id: null,
      }),
    );
    expect(
      await screen.findByText(/could not be saved|must be an active staff user/),
    ).toBeInTheDocument();
  });

  it('reads in Bengali', async () => {
    renderApp('/admin/service-standards');
    await rowOf('Acknowledgement review');
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    try {
      expect(
        await screen.findByRole('heading', { level: 1, name: 'পরিষেবার সময়সীমা' }),
      ).toBeInTheDocument();
      const ack = await rowOf('প্রাপ্তিস্বীকার যাচাই');
      expect(within(ack).getByText('২ কর্মদিবস')).toBeInTheDocument();
    } finally {
      await act(() => api.localeStore.getState().chooseLocale('en'));
    }
  });

  it('is offered to admin only', async () => {
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Service standards' })).toBeInTheDocument();
    signIn('chairman');
    renderApp('/admin/service-standards');
    expect(await screen.findByText('Unauthorized Access')).toBeInTheDocument();
  });
});
