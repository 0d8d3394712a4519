import type * as ApiClient from '@puja/api-client';
import { ApiError, loginClub, requestPasswordReset, sessionStore } from '@puja/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLUB_SESSION, focusedSummaryLinks, renderApp } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  loginClub: vi.fn(),
  requestPasswordReset: vi.fn(),
  getMyApplication: vi.fn(async () => null),
}));

beforeEach(() => vi.clearAllMocks());

describe('club login', () => {
  it('names both empty fields at once in a focused summary, each linking to its field', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(focusedSummaryLinks()).toEqual(['Email is required.', 'Password is required.']);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    await user.click(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Email is required.' }),
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(loginClub).not.toHaveBeenCalled();
  });

  it('shows the server message when the login fails, and keeps what was typed', async () => {
    vi.mocked(loginClub).mockRejectedValue(new ApiError('refused', 'Invalid email or password.'));
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.in');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // Once, in the summary: no toast repeats it (issue 27).
    expect(await screen.findAllByText('Invalid email or password.')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('status')).not.toHaveTextContent('Invalid email or password.');
    expect(screen.getByLabelText('Email')).toHaveValue('a@b.in');
  });

  it('a field’s error goes as soon as the field is fixed; the other stays until it is', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(focusedSummaryLinks()).toEqual(['Email is required.', 'Password is required.']);
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription('Email is required.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Password is required.']);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes to the dashboard after a successful login', async () => {
    vi.mocked(loginClub).mockImplementation(async () => {
      sessionStore.getState().setSession(CLUB_SESSION);
      return CLUB_SESSION;
    });
    const { user, router } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    expect(loginClub).toHaveBeenCalledWith({ email: 'a@b.in', password: 'secret' });
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
  });
  it('comes back to the page a link asked for, and never leaves the portal', async () => {
    vi.mocked(loginClub).mockImplementation(async () => {
      sessionStore.getState().setSession(CLUB_SESSION);
      return CLUB_SESSION;
    });
    // A mail's link opened without a session: the guard sends the club to log in first.
    const { user, router } = await renderApp('/club/change-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/club/change-password' });
    await user.type(await screen.findByLabelText('Email'), 'a@b.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/change-password'));

    // A redirect to another site is ignored: the dashboard, as after any login.
    act(() => sessionStore.getState().clearSession());
    await act(() =>
      router.navigate({ to: '/login', search: { redirect: '//evil.example/club/dashboard' } }),
    );
    await user.type(await screen.findByLabelText('Email'), 'a@b.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
  });
});

describe('the forgot-password dialog', () => {
  it('requires the email, then shows "Request Sent!", and forgets it all 300 ms after closing', async () => {
    vi.mocked(requestPasswordReset).mockResolvedValue({
      message: 'Password has been sent to your email!',
      messageKey: undefined,
    });
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    // Its own chunk (issue 27): it appears once loaded.
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(screen.getByRole('button', { name: 'Send Password' }));
    expect(dialog).toHaveTextContent('Please enter your email address.');
    await user.type(screen.getByLabelText('Email or mobile number'), 'sree@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Password' }));
    expect(await screen.findByRole('heading', { name: 'Request Sent!' })).toBeInTheDocument();
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'sree@example.org' });

    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(screen.queryByText('Request Sent!')).toBeNull();
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('');
  });

  it('takes the registered mobile number instead and shows the answer for it', async () => {
    vi.mocked(requestPasswordReset).mockResolvedValue({
      message: 'sent by SMS',
      messageKey: 'forgotPassword.sentByPhone',
    });
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    await user.type(await screen.findByLabelText('Email or mobile number'), '98300 12345');
    await user.click(screen.getByRole('button', { name: 'Send Password' }));
    expect(await screen.findByRole('heading', { name: 'Request Sent!' })).toBeInTheDocument();
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: '98300 12345' });
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toHaveTextContent(
      'If this mobile number belongs to a club account, a new password has been sent to it by SMS',
    );
  });
});
