import type * as ApiClient from '@puja/api-client';
import { ApiError, confirmEmail, localeStore } from '@puja/api-client';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  confirmEmail: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the page the link proving a registered address opens (issue 26, L4)', () => {
  it('says the address is confirmed and leads to the login', async () => {
    vi.mocked(confirmEmail).mockResolvedValue({ clubname: 'Agrani', email: 'sec@agrani.in' });
    const { user, router } = await renderApp('/confirm-email?token=tok-1');
    expect(
      await screen.findByText(
        'The e-mail address sec@agrani.in of Agrani is confirmed. The portal’s mails now come to it.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(confirmEmail).toHaveBeenCalledWith({ token: 'tok-1' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Confirm the e-mail address' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    [
      404,
      'account.verifyEmail.invalid',
      'This link is not valid. Log in and send the link again from the Account page.',
    ],
    [
      410,
      'account.verifyEmail.expired',
      'This link has expired. Log in and send the link again from the Account page.',
    ],
  ] as const)('a %i says why, by its key', async (status, code, text) => {
    vi.mocked(confirmEmail).mockRejectedValue(new ApiError('refused', 'x', { status, code }));
    await renderApp(`/confirm-email?token=tok-${status}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('in Bengali', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(confirmEmail).mockResolvedValue({ clubname: 'অগ্রণী', email: 'sec@agrani.in' });
    await renderApp('/confirm-email?token=tok-bn');
    expect(
      await screen.findByText(
        'অগ্রণী-এর ই-মেল ঠিকানা sec@agrani.in নিশ্চিত হয়েছে। পোর্টালের মেল এখন থেকে এই ঠিকানায় আসবে।',
      ),
    ).toHaveAttribute('role', 'status');
  });
});
