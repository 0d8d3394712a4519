import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { Agency } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn, signInOfficer } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listAgencies: vi.fn(),
  addAgency: vi.fn(),
  updateAgency: vi.fn(),
}));

const agency = (fields: Partial<Agency>): Agency => ({
  id: 1,
  name: 'Police Station (wards 1–12)',
  kind: 'police',
  wards: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  mode: 'online',
  days: 7,
  deemed_approval: false,
  email: 'police1@example.org',
  phone: '9830000001',
  active: false,
  ...fields,
});
const agencies = [
  agency({}),
  agency({ id: 3, name: 'Fire & Emergency Services', kind: 'fire', wards: [], email: null }),
  agency({
    id: 5,
    name: 'WB Pollution Control Board',
    kind: 'pollution',
    mode: 'offline',
    wards: [],
    deemed_approval: true,
    active: true,
  }),
];

beforeEach(() => {
  signIn('admin');
  vi.mocked(api.listAgencies).mockImplementation(async () => agencies.map((a) => ({ ...a })));
});
afterEach(() => vi.clearAllMocks());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Departments (issue 29)', () => {
  it('lists every department: kind, wards or "All wards", how it replies, days, deemed, active', async () => {
    renderApp('/admin/departments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Departments' }),
    ).toBeInTheDocument();
    const police = await rowOf('Police Station (wards 1–12)');
    expect(within(police).getByText('1–12')).toBeInTheDocument();
    expect(within(police).getByText('Online')).toBeInTheDocument();
    expect(within(police).getByRole('button', { name: /^Activate Police/ })).toBeInTheDocument();
    const board = await rowOf('WB Pollution Control Board');
    expect(within(board).getByText('All wards')).toBeInTheDocument();
    expect(within(board).getByText('By letter')).toBeInTheDocument();
    expect(within(board).getByRole('button', { name: /^Deactivate WB/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Departments/));
  });

  it('says when there are none', async () => {
    vi.mocked(api.listAgencies).mockResolvedValueOnce([]);
    renderApp('/admin/departments');
    expect(await screen.findByText('No departments yet.')).toBeInTheDocument();
  });

  it('shows the failure of the list', async () => {
    vi.mocked(api.listAgencies).mockRejectedValue(new Error('down'));
    renderApp('/admin/departments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the departments.');
  });

  it("adds one after domain's checks, and keeps the server's refusal in the dialog", async () => {
    vi.mocked(api.addAgency)
      .mockRejectedValueOnce(
        new api.ApiError('refused', 'x', { status: 422, messageKey: 'agencies.nameTaken' }),
      )
      .mockResolvedValueOnce({ message: 'Department added.', messageKey: 'agencies.added' });
    renderApp('/admin/departments');
    await rowOf('Fire & Emergency Services');
    await userEvent.click(screen.getByRole('button', { name: 'Add department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add department' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter the department name.'),
    ).toBeInTheDocument();

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Name/ }),
      'Fire & Emergency Services',
    );
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Kind/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fire service' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Wards/ }), '1-3, 30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Please enter wards from 1 to 25/)).toBeInTheDocument();
    expect(api.addAgency).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Wards/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Wards/ }), '1-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A department with this name already exists.',
    );
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Fire Station 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.addAgency).toHaveBeenLastCalledWith({
        name: 'Fire Station 2',
        kind: 'fire',
        wards: [1, 2, 3],
        mode: 'online',
        days: 7,
        deemed_approval: false,
        email: null,
        phone: null,
        active: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a department and switches one on after asking', async () => {
    vi.mocked(api.updateAgency).mockResolvedValue({
      message: 'Department saved.',
      messageKey: 'agencies.updated',
    });
    renderApp('/admin/departments');
    const police = await rowOf('Police Station (wards 1–12)');
    await userEvent.click(within(police).getByRole('button', { name: /^Edit Police/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit department' });
    expect(within(dialog).getByRole('textbox', { name: /^Wards/ })).toHaveValue('1–12');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Days allowed/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Days allowed/ }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateAgency).toHaveBeenCalledWith(
        1,
        expect.objectContaining({ days: 10, wards: agencies[0]!.wards }),
      ),
    );

    await userEvent.click(
      within(await rowOf('Police Station (wards 1–12)')).getByRole('button', { name: /^Activate/ }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Activate Police Station (wards 1–12)?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(api.updateAgency).toHaveBeenLastCalledWith(
        1,
        expect.objectContaining({ active: true, name: 'Police Station (wards 1–12)' }),
      ),
    );
  });

  it('is for admin only: store and an agency officer are sent to /unauthorized', async () => {
    signIn('store');
    const router = renderApp('/admin/departments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    signInOfficer(1);
    await router.navigate({ to: '/admin/departments' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(api.listAgencies).not.toHaveBeenCalled();
  });
});
