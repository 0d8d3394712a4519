import type * as ApiClient from '@puja/api-client';
import {
  ApiError,
  changeEmail,
  changePhone,
  confirmPhoneChange,
  localeStore,
  readClubAccount,
  resendEmailConfirmation,
} from '@puja/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLUB_SESSION, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(async () => null),
  readClubAccount: vi.fn(),
  changeEmail: vi.fn(),
  changePhone: vi.fn(),
  confirmPhoneChange: vi.fn(),
  resendEmailConfirmation: vi.fn(),
}));

const ACCOUNT = {
  email: 'sree@example.org',
  phone: '9830012345',
  phoneVerified: false,
  emailVerified: true,
  pendingEmail: null,
  phoneBySms: false,
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(readClubAccount).mockResolvedValue(ACCOUNT);
});

const refused = (status: number, code: string, messageKey?: ApiClient.ApiError['messageKey']) =>
  new ApiError('refused', 'English text', { status, code, messageKey });

describe('the Account page (issue 27)', () => {
  it('is linked from the club menu and shows the address and number now', async () => {
    const { user, router } = await renderApp('/club/dashboard', CLUB_SESSION);
    const menu = screen.getAllByRole('navigation', { name: 'Menu' })[0]!;
    await user.click(within(menu).getByRole('link', { name: 'Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    expect(screen.getByText('Now: sree@example.org')).toBeVisible();
    expect(screen.getByText('Now: 9830012345')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/club/change-password',
    );
  });

  it('says every problem of the e-mail form at once and sends nothing', async () => {
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    await user.click(await screen.findByRole('button', { name: 'Send confirmation link' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Email is required.');
    expect(summary).toHaveTextContent('Please enter your current password.');
    expect(changeEmail).not.toHaveBeenCalled();
  });

  it('mails the link to a new address and says the old one stays until it is opened', async () => {
    vi.mocked(changeEmail).mockResolvedValue({ message: 'm', messageKey: undefined });
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    await user.type(await screen.findByLabelText('New e-mail address'), ' New@Club.in ');
    const emailForm = screen.getByRole('region', { name: 'E-mail address' });
    await user.type(within(emailForm).getByLabelText(/Your current password/), 'Secret#2025');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(changeEmail).toHaveBeenCalledWith({
      new_email: 'new@club.in',
      current_password: 'Secret#2025',
    });
    expect(await within(emailForm).findByRole('status')).toHaveTextContent(
      'We sent a link to new@club.in. The new address takes over when the link is opened; until then the old one stays.',
    );
  });

  it('shows a refusal of the account catalogue in Bengali', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(changeEmail).mockRejectedValue(refused(422, 'account.email.same'));
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    await user.type(await screen.findByLabelText('নতুন ই-মেল ঠিকানা'), 'sree@example.org');
    const emailForm = screen.getByRole('region', { name: 'ই-মেল ঠিকানা' });
    await user.type(within(emailForm).getByLabelText(/আপনার বর্তমান পাসওয়ার্ড/), 'Secret#2025');
    await user.click(screen.getByRole('button', { name: 'নিশ্চিত করার লিঙ্ক পাঠান' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'এটিই অ্যাকাউন্টের বর্তমান ই-মেল ঠিকানা।',
    );
  });

  it('a wrong current password reads as the main catalogue says', async () => {
    vi.mocked(changeEmail).mockRejectedValue(
      refused(422, 'changePassword.currentWrong', 'changePassword.currentWrong'),
    );
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    await user.type(await screen.findByLabelText('New e-mail address'), 'new@club.in');
    const emailForm = screen.getByRole('region', { name: 'E-mail address' });
    await user.type(within(emailForm).getByLabelText(/Your current password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is not correct.',
    );
  });

  it('by SMS: sends a code to the new number, then the code changes it', async () => {
    vi.mocked(readClubAccount).mockResolvedValue({ ...ACCOUNT, phoneBySms: true });
    vi.mocked(changePhone).mockResolvedValue({
      changed: false,
      code: { phone: '+91 ••••••• 456', expiresIn: 600, resendAfter: 60, tries: 5 },
    });
    vi.mocked(confirmPhoneChange).mockResolvedValueOnce(undefined);
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    const phoneForm = await screen.findByRole('region', { name: 'Mobile number' });
    await user.type(within(phoneForm).getByLabelText(/New mobile number/), '97001 23456');
    await user.type(within(phoneForm).getByLabelText('Your current password'), 'Secret#2025');
    await user.click(within(phoneForm).getByRole('button', { name: 'Send code by SMS' }));
    expect(changePhone).toHaveBeenCalledWith({
      new_phone: '97001 23456',
      current_password: 'Secret#2025',
    });
    expect(await within(phoneForm).findByRole('status')).toHaveTextContent(
      'We sent a 6-digit code to +91 ••••••• 456. It works for 10 minutes.',
    );
    await user.click(within(phoneForm).getByRole('button', { name: 'Confirm mobile number' }));
    expect(await within(phoneForm).findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from the SMS.',
    );
    expect(confirmPhoneChange).not.toHaveBeenCalled();
    await user.type(within(phoneForm).getByLabelText('6-digit code'), '১২৩৪৫৬');
    await user.click(within(phoneForm).getByRole('button', { name: 'Confirm mobile number' }));
    expect(confirmPhoneChange).toHaveBeenCalledWith({ code: '123456' });
    expect(await within(phoneForm).findByText('The mobile number has been changed.')).toBeVisible();
  });

  it('without SMS the number changes at once', async () => {
    vi.mocked(changePhone).mockResolvedValue({ changed: true });
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    const phoneForm = await screen.findByRole('region', { name: 'Mobile number' });
    await user.type(within(phoneForm).getByLabelText(/New mobile number/), '9830099999');
    await user.type(within(phoneForm).getByLabelText('Your current password'), 'Secret#2025');
    await user.click(within(phoneForm).getByRole('button', { name: 'Change mobile number' }));
    expect(await within(phoneForm).findByRole('status')).toHaveTextContent(
      'The mobile number has been changed.',
    );
    expect(readClubAccount).toHaveBeenCalledTimes(2);
  });

  it('is for clubs only: no session goes to the login', async () => {
    const { router } = await renderApp('/club/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a proved address shows no confirmation to do', async () => {
    await renderApp('/club/account', CLUB_SESSION);
    expect(await screen.findByText('Now: sree@example.org')).toBeVisible();
    expect(screen.queryByText('E-mail not yet confirmed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('an address registered by SMS says it is not confirmed and sends its link again (issue 26, L4)', async () => {
    vi.mocked(readClubAccount).mockResolvedValue({ ...ACCOUNT, emailVerified: false });
    vi.mocked(resendEmailConfirmation)
      .mockResolvedValueOnce({ email: 'sree@example.org', hours: 24 })
      .mockRejectedValueOnce(refused(429, 'account.verifyEmail.wait'));
    const { user } = await renderApp('/club/account', CLUB_SESSION);
    const emailPart = await screen.findByRole('region', { name: 'E-mail address' });
    expect(within(emailPart).getByText('E-mail not yet confirmed')).toBeVisible();
    expect(
      within(emailPart).getByText(
        'We mailed a link to sree@example.org. Open it to confirm the address: until then the portal mails nothing else to it (SMS still come).',
      ),
    ).toBeVisible();
    await user.click(within(emailPart).getByRole('button', { name: 'Send the link again' }));
    expect(await within(emailPart).findByRole('status')).toHaveTextContent(
      'We sent the link again to sree@example.org. It works for 24 hours.',
    );
    await user.click(within(emailPart).getByRole('button', { name: 'Send the link again' }));
    expect(await within(emailPart).findByRole('alert')).toHaveTextContent(
      'A link was sent less than a minute ago. Please wait a little.',
    );
    expect(resendEmailConfirmation).toHaveBeenCalledTimes(2);
    // A language switch rewords what the button did.
    await act(() => localeStore.getState().chooseLocale('bn'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'এক মিনিটের কম আগে একটি লিঙ্ক পাঠানো হয়েছে। একটু অপেক্ষা করুন।',
    );
  });

  it('says it in Bengali too', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(readClubAccount).mockResolvedValue({ ...ACCOUNT, emailVerified: false });
    await renderApp('/club/account', CLUB_SESSION);
    expect(await screen.findByText('ই-মেল এখনও নিশ্চিত হয়নি')).toBeVisible();
    expect(screen.getByRole('button', { name: 'লিঙ্কটি আবার পাঠান' })).toBeVisible();
    // One script of digits on the screen: the number now in Bengali digits.
    expect(screen.getByText('এখন: ৯৮৩০০১২৩৪৫')).toBeVisible();
  });
});
