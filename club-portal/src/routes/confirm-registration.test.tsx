import type * as ApiClient from '@puja/api-client';
import { ApiError, confirmRegistration, localeStore } from '@puja/api-client';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  confirmRegistration: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
});

const refused = (
  status: number,
  messageKey: 'registration.confirmExpired' | 'registration.confirmInvalid',
) => new ApiError('refused', 'x', { status, messageKey });

describe('the page a confirmation link opens (decision 0028)', () => {
  it('says it is confirming, then done, and leads to the login', async () => {
    let answer: (value: Awaited<ReturnType<typeof confirmRegistration>>) => void = () => {};
    vi.mocked(confirmRegistration).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, router } = await renderApp('/confirm-registration?token=tok-1');
    expect(screen.getByRole('heading', { name: 'Confirm your registration' })).toBeVisible();
    expect(screen.getByText('Confirming your registration...')).toHaveAttribute('role', 'status');
    expect(confirmRegistration).toHaveBeenCalledWith({ token: 'tok-1' });
    answer({
      message: 'Your registration is confirmed. You can now log in.',
      messageKey: 'registration.confirmed',
      clubname: 'Sree Sangha',
    });
    expect(
      await screen.findByText('Your registration is confirmed. You can now log in.'),
    ).toBeVisible();
    expect(screen.getByText('Sree Sangha')).toBeVisible();
    // The result moves focus to the heading once it is drawn (an effect after the render).
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Confirm your registration' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(confirmRegistration).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      410,
      'registration.confirmExpired',
      'This confirmation link has expired. Please register again.',
    ],
    [
      404,
      'registration.confirmInvalid',
      'This confirmation link is not valid. Open the link from your e-mail exactly as it came, or register again.',
    ],
  ] as const)('a %i says %s and offers to register again', async (status, key, text) => {
    vi.mocked(confirmRegistration).mockRejectedValue(refused(status, key));
    const { user, router } = await renderApp(`/confirm-registration?token=tok-${status}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await user.click(screen.getByRole('link', { name: 'Register again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('a link without a token is not valid, and nothing is asked of the server', async () => {
    await renderApp('/confirm-registration');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is not valid.',
    );
    expect(confirmRegistration).not.toHaveBeenCalled();
  });

  it('another refusal (the club was registered meanwhile) is said as the server says it', async () => {
    vi.mocked(confirmRegistration).mockRejectedValue(
      new ApiError('refused', 'This club is already registered.', {
        status: 409,
        messageKey: 'registration.alreadyRegistered',
      }),
    );
    await renderApp('/confirm-registration?token=tok-409');
    expect(await screen.findByRole('alert')).toHaveTextContent('This club is already registered.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeVisible();
  });

  it('in Bengali', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(confirmRegistration).mockResolvedValue({
      message: 'x',
      messageKey: 'registration.confirmed',
      clubname: 'শ্রী সংঘ',
    });
    await renderApp('/confirm-registration?token=tok-bn');
    expect(
      await screen.findByText('আপনার নথিভুক্তি নিশ্চিত হয়েছে। এখন লগইন করতে পারেন।'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'নথিভুক্তি নিশ্চিত করুন' })).toBeVisible();
  });
});
