import type * as ApiClient from '@puja/api-client';
import { ApiError, changePassword, getMyApplication, sessionStore } from '@puja/api-client';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLUB_SESSION, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(async () => null),
  changePassword: vi.fn(),
}));

beforeEach(() => vi.clearAllMocks());

const TEMPORARY = { ...CLUB_SESSION, must_change_password: true as const };

describe('change password', () => {
  it('a session opened with a temporary password is sent here from any club page', async () => {
    const { router } = await renderApp('/club/dashboard', TEMPORARY);
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/change-password'));
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeVisible();
    expect(screen.getByText('Please choose a new password before you continue.')).toBeVisible();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(getMyApplication).not.toHaveBeenCalled();
  });

  it('sends only the new password, then the dashboard opens', async () => {
    vi.mocked(changePassword).mockImplementation(async () => {
      sessionStore.getState().setSession(CLUB_SESSION);
      return { message: 'Your password has been changed.', messageKey: 'changePassword.success' };
    });
    const { user, router } = await renderApp('/club/change-password', TEMPORARY);
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Durga#2025new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    expect(changePassword).toHaveBeenCalledWith({ new_password: 'Durga#2025new' });
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });

  it('an ordinary session must give its current password, and hears when it is wrong', async () => {
    vi.mocked(changePassword).mockRejectedValue(
      new ApiError('refused', 'The current password is not correct.', {
        status: 400,
        messageKey: 'changePassword.currentWrong',
      }),
    );
    const { user } = await renderApp('/club/change-password', CLUB_SESSION);
    await user.type(await screen.findByLabelText('New password'), 'Durga#2025new');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your current password.');
    await user.type(screen.getByLabelText('Current password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is not correct.',
    );
    expect(changePassword).toHaveBeenCalledWith({
      current_password: 'guess',
      new_password: 'Durga#2025new',
    });
  });
});
