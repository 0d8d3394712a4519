import type * as ApiClient from '@puja/api-client';
import {
  ApiError,
  confirmRegistrationCode,
  listClubs,
  localeStore,
  registerClub,
  resendRegistrationCode,
} from '@puja/api-client';
import { formatMessage } from '@puja/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  listClubs: vi.fn(),
  registerClub: vi.fn(),
  confirmRegistrationCode: vi.fn(),
  resendRegistrationCode: vi.fn(),
}));

const REQUEST = {
  registration: 'tok-1',
  phone: '+91 ••••••• 345',
  expiresIn: 600,
  resendAfter: 60,
  tries: 5,
};

const refused = (key: string, status: number) =>
  new ApiError('refused', key, { status, messageKey: key as never });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listClubs).mockResolvedValue([{ id: 1, clubname: 'Sree Sangha', status: 'A' }]);
  vi.mocked(registerClub).mockResolvedValue({
    message: 'We have sent a 6-digit code by SMS to your phone.',
    messageKey: 'registration.checkPhone',
    code: REQUEST,
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => localeStore.getState().chooseLocale('en'));
});

/** Registers Sree Sangha: the server answers that a code went by SMS. */
async function registered() {
  const app = await renderApp('/register');
  const { user } = app;
  await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'sree');
  await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
  await user.type(screen.getByLabelText('Email'), 'sree@example.org');
  await user.type(screen.getByLabelText('Phone'), '9830012345');
  await user.type(screen.getByLabelText('Full Address'), '12 Park Street');
  await user.selectOptions(screen.getByLabelText('Ward No.'), '7');
  await user.type(screen.getByLabelText('Password'), 'Secret#2025');
  await user.click(screen.getByRole('button', { name: 'Register Now' }));
  expect(await screen.findByRole('heading', { name: 'Enter the code from the SMS' })).toHaveFocus();
  return app;
}

describe('the registration code screen (issue 23)', () => {
  it('names the masked phone and the club; the right code confirms, then login', async () => {
    vi.mocked(confirmRegistrationCode).mockResolvedValue({
      message: 'Your registration is confirmed. You can now log in.',
      messageKey: 'registration.confirmed',
      clubname: 'Sree Sangha',
    });
    const { user, router } = await registered();
    expect(
      screen.getByText(
        'We have sent a 6-digit code by SMS to +91 ••••••• 345. Enter it to finish registering Sree Sangha: until then the club is not registered.',
      ),
    ).toBeVisible();
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(confirmRegistrationCode).toHaveBeenCalledWith({ registration: 'tok-1', code: '123456' });
    expect(
      await screen.findByText('Your registration is confirmed. You can now log in.'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a malformed code is named at the field and not sent', async () => {
    const { user } = await registered();
    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription(
      /Enter the 6-digit code from the SMS\./,
    );
    expect(confirmRegistrationCode).not.toHaveBeenCalled();
  });

  it('a wrong code says the tries left; the last wrong one leaves only a new code', async () => {
    vi.mocked(confirmRegistrationCode).mockRejectedValue(refused('registration.codeWrong', 422));
    const { user } = await registered();
    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is not right. Tries left: 4.',
    );
    for (let i = 0; i < 4; i++) {
      await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    }
    expect(await screen.findByRole('alert')).toHaveTextContent('Tries left: 0.');
    expect(screen.queryByRole('button', { name: 'Confirm registration' })).toBeNull();
  });

  it('an expired code asks for a new one; the resend waits 60 s, counting down', async () => {
    vi.mocked(confirmRegistrationCode).mockRejectedValue(refused('registration.codeExpired', 410));
    vi.mocked(resendRegistrationCode).mockResolvedValue({
      message: 'A new code has been sent by SMS.',
      messageKey: 'registration.codeResent',
      code: REQUEST,
    });
    const { user } = await registered();
    expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. Ask for a new code.',
    );
    // A minute later the button asks for a new code.
    const later = Date.now() + 61_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(
      await screen.findByRole('button', { name: 'Send a new code' }, { timeout: 3000 }),
    ).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(resendRegistrationCode).toHaveBeenCalledWith({ registration: 'tok-1' });
    expect(await screen.findAllByText('A new code has been sent by SMS.')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm registration' })).toBeEnabled();
  });

  it('a refusal and a field error shown in English read in বাংলা once it is chosen', async () => {
    vi.mocked(confirmRegistrationCode).mockRejectedValue(refused('registration.codeWrong', 422));
    const { user } = await registered();
    const field = screen.getByLabelText('6-digit code');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tries left: 4.');
    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm registration' }));
    expect(field).toHaveAccessibleDescription(/Enter the 6-digit code from the SMS\./);
    await act(() => localeStore.getState().chooseLocale('bn'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(formatMessage('registration.codeWrong', {}, 'bn'));
    expect(alert).toHaveTextContent(
      formatMessage('registration.codeTriesLeft', { tries: 4 }, 'bn'),
    );
    expect(alert).not.toHaveTextContent(/[A-Za-z0-9]/);
    expect(screen.getByLabelText('৬ অঙ্কের কোড')).not.toHaveAccessibleDescription(/[A-Za-z]/);
  });

  it('in বাংলা', async () => {
    await act(() => localeStore.getState().chooseLocale('bn'));
    const app = await renderApp('/register');
    await app.user.type(await screen.findByRole('combobox', { name: 'ক্লাবের নাম' }), 'sree');
    await app.user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await app.user.type(screen.getByLabelText('ইমেল'), 'sree@example.org');
    await app.user.type(screen.getByLabelText('ফোন'), '9830012345');
    await app.user.type(screen.getByLabelText('সম্পূর্ণ ঠিকানা'), '12 Park Street');
    await app.user.selectOptions(screen.getByLabelText('ওয়ার্ড নং'), '7');
    await app.user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Secret#2025');
    await app.user.click(screen.getByRole('button', { name: 'এখনই নথিভুক্ত করুন' }));
    expect(await screen.findByRole('heading', { name: 'এসএমএসে আসা কোডটি লিখুন' })).toBeVisible();
    expect(screen.getByLabelText('৬ অঙ্কের কোড')).toBeVisible();
    // The masked number in Bengali digits too: one script of digits on the screen.
    expect(screen.getByText(/\+৯১ ••••••• ৩৪৫/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'নথিভুক্তি নিশ্চিত করুন' })).toBeVisible();
  });
});
