import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { StaffUser } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listUsers: vi.fn(),
  updateUser: vi.fn(),
  deleteUser: vi.fn(),
}));

const user = (id: number, name: string, role: StaffUser['role'], email: string): StaffUser =>
  ({
    id,
    name,
    email,
    phone: '9830012345',
    role,
    deptment: role,
  }) as StaffUser;

const users = [
  user(1, 'Asha Sen', 'admin', 'admin@example.org'),
  user(3, 'Bina Roy', 'chairman', 'chair@example.org'),
  user(4, 'Mou Das', 'store', 'store@example.org'),
];

beforeEach(() => vi.mocked(api.listUsers).mockResolvedValue(users.map((u) => ({ ...u }))));
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const edit = (email: string) => screen.getByRole('button', { name: `Edit ${email}` });
const remove = (email: string) => screen.getByRole('button', { name: `Delete ${email}` });

describe('Manage Users: who may be changed', () => {
  it('offers the chairman no change to an admin account, nor deleting their own', async () => {
    signIn('chairman', 'chair@example.org');
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Mou Das' });
    expect(edit('admin@example.org')).toBeDisabled();
    expect(remove('admin@example.org')).toBeDisabled();
    expect(edit('store@example.org')).toBeEnabled();
    expect(remove('store@example.org')).toBeEnabled();
  });

  it('offers an admin no Edit of an admin account, which the form would demote', async () => {
    signIn('admin', 'admin@example.org');
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Mou Das' });
    expect(edit('admin@example.org')).toBeDisabled();
    expect(edit('chair@example.org')).toBeEnabled();
  });

  it('deletes a user after confirming, and shows the list as the server now has it', async () => {
    vi.mocked(api.deleteUser).mockResolvedValue({
      message: 'User deleted successfully!',
      messageKey: 'users.deleteSuccess',
    });
    signIn('admin', 'admin@example.org');
    renderApp('/admin/manage-users');
    await screen.findByRole('cell', { name: 'Mou Das' });
    vi.mocked(api.listUsers).mockResolvedValue(users.slice(0, 2));
    await userEvent.click(remove('store@example.org'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.deleteUser).toHaveBeenCalledWith({ id: 4 });
    expect(await screen.findByText('User deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Mou Das' })).toBeNull());
  });
});
