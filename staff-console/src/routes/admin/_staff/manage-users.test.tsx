import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listUsers: vi.fn(),
  addUser: vi.fn(),
  updateUser: vi.fn(),
  deleteUser: vi.fn(),
}));

const users = [
  {
    id: 1,
    name: 'Admin',
    email: 'admin@example.org',
    phone: '1',
    role: 'admin',
    deptment: 'admin',
  },
  {
    id: 2,
    name: 'Rina Paul',
    email: 'rina@example.org',
    phone: '9830012345',
    role: 'store',
    deptment: 'store',
  },
] as const;

beforeEach(() => {
  signIn('chairman');
  vi.mocked(api.listUsers).mockResolvedValue(users.map((u) => ({ ...u })));
});
afterEach(() => vi.clearAllMocks());

describe('Manage Users', () => {
  it('lists users and searches by name or e-mail, with "No users found"', async () => {
    renderApp('/admin/manage-users');
    expect(await screen.findByRole('cell', { name: 'Rina Paul' })).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'Search by name or email' });
    await userEvent.type(search, 'rina@');
    expect(screen.queryByRole('cell', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('writes each phone in বাংলা digits once the language is switched', async () => {
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Rina Paul' });
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    expect(await screen.findByRole('cell', { name: '৯৮৩০০১২৩৪৫' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '9830012345' })).not.toBeInTheDocument();
    await act(() => api.localeStore.getState().chooseLocale('en'));
  });

  it('names every missing field of an empty form at once, in a focused summary linking to each', async () => {
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Rina Paul' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Name is required.',
      'Email is required.',
      'Phone is required.',
      'Role is required.',
      'Password is required.',
    ]);
    expect(within(dialog).getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(links[2]!);
    expect(within(dialog).getByLabelText(/Phone/)).toHaveFocus();
    expect(api.addUser).not.toHaveBeenCalled();
  });

  it('requires a password on creation and sends deptment equal to the role', async () => {
    vi.mocked(api.addUser).mockResolvedValue({
      message: 'User added or updated successfully!',
      messageKey: 'users.saveSuccess',
    });
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Rina Paul' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Mou Das');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'mou@example.org');
    await userEvent.type(within(dialog).getByLabelText(/Phone/), '9830012346');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // In the summary and beside the field.
    expect(await within(dialog).findAllByText('Password is required.')).toHaveLength(2);
    expect(api.addUser).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'Store#Pass2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.addUser).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Mou Das',
        role: 'store',
        deptment: 'store',
        password: 'Store#Pass2025',
      }),
    );
    expect(await screen.findByText('User added or updated successfully!')).toBeInTheDocument();
  });
});
