import type * as ApiClient from '@puja/api-client';
import { ApiError, listClubs, registerClub } from '@puja/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@puja/domain';
import { PICKER_CLOSE_DELAY_MS } from '../features/registration/club-picker';
import { setAppConfig } from '../lib/app-config';
import { focusedSummaryLinks, renderApp } from '../test-support/render-app';

const TEST_CONFIG = {
  apiBaseUrl: 'http://api.test/',
  filesBaseUrl: 'http://api.test/',
  municipality: 'Test Municipality',
  bodyEncoding: 'json' as const,
  tutorialVideoUrl: undefined,
  clubPortalUrl: undefined,
  pujaStartDate: undefined,
  contact: { name: 'Test Municipality', phone: '033 2654 0000', hours: 'Mon–Fri 10:30–17:00' },
};

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  listClubs: vi.fn(),
  registerClub: vi.fn(),
  readPrivacyNotice: vi.fn(async () => ({ version: '2026-11-27', retentionSeasons: 4 })),
}));

const CLUBS = [
  { id: 1, clubname: 'Sree Sangha', status: 'A' as const },
  { id: 2, clubname: 'Nabin Sangha', status: 'I' as const },
  { id: 3, clubname: 'Agradoot Club', status: 'A' as const },
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listClubs).mockResolvedValue(CLUBS);
  setAppConfig(TEST_CONFIG);
});

async function fillTheRest(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(screen.getByLabelText('Email'), 'sree@example.org');
  await user.type(screen.getByLabelText('Phone'), '9830012345');
  await user.type(screen.getByLabelText('Full Address'), '12 Park Street');
  await user.selectOptions(screen.getByLabelText('Ward No.'), '7');
  await user.type(screen.getByLabelText('Password'), 'Secret#2025');
}

describe('the club picker', () => {
  it('offers only active clubs matching the text, case-insensitively', async () => {
    const { user } = await renderApp('/register');
    const picker = await screen.findByRole('combobox', { name: 'Club Name' });
    await user.type(picker, 'SANGHA');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sree Sangha']);
    await user.clear(picker);
    await user.type(picker, 'zzz');
    expect(screen.getByText('Club not found. Please contact the authority.')).toBeVisible();
    // Issue 27: whom to contact, beside the spec's text.
    expect(screen.getByRole('link', { name: 'Contact the municipality' })).toHaveAttribute(
      'href',
      '#contact',
    );
  });

  it('is operable by keyboard: arrows move, Enter chooses, Escape closes', async () => {
    const { user } = await renderApp('/register');
    const picker = await screen.findByRole('combobox', { name: 'Club Name' });
    await user.click(picker);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(picker).toHaveAttribute('aria-activedescendant', expect.stringMatching(/-1$/));
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('Agradoot Club');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes 200 ms after losing focus', async () => {
    const { user } = await renderApp('/register');
    const picker = await screen.findByRole('combobox', { name: 'Club Name' });
    await user.click(picker);
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByLabelText('Email'));
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await act(() => new Promise((resolve) => setTimeout(resolve, PICKER_CLOSE_DELAY_MS + 50)));
    expect(picker).toHaveAttribute('aria-expanded', 'false');
  });

  it('forgets the chosen club when the text is edited', async () => {
    const { user } = await renderApp('/register');
    const picker = await screen.findByRole('combobox', { name: 'Club Name' });
    await user.type(picker, 'sree');
    await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await user.type(picker, 'x');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(focusedSummaryLinks()).toEqual(['Please select a club from the list.']);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(registerClub).not.toHaveBeenCalled();
  });
});

describe('registration', () => {
  it('confirmed by mail (our server): says to check the e-mail, names the address and the club, and nothing else to do here', async () => {
    vi.mocked(registerClub).mockResolvedValue({
      message:
        'Check your e-mail: we have sent a link to confirm the registration. The club is registered once you open it.',
      messageKey: 'registration.checkEmail',
    });
    const { user, router } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'sree');
    await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'We have sent a confirmation link to sree@example.org. Open it to finish registering Sree Sangha: until then the club is not registered.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Register Now' })).toBeNull();
    expect(router.state.location.pathname).toBe('/register');
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a PHP host registers at once: sends the checked payload and goes to the login with the success message', async () => {
    vi.mocked(registerClub).mockResolvedValue({
      message: 'Registration successful! Please login.',
      messageKey: undefined,
    });
    const { user, router } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'sree');
    await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(registerClub).toHaveBeenCalledWith(
      {
        club_id: 1,
        govt_register_no: '',
        phone: '9830012345',
        email: 'sree@example.org',
        address: '12 Park Street',
        ward_no: 7,
        password: 'Secret#2025',
      },
      // Issue 27: the privacy notice the page showed goes with it.
      { privacyNotice: PRIVACY_NOTICE_VERSION },
    );
    expect(screen.getByText('Registration successful! Please login.')).toBeInTheDocument();
  });

  it('says "This club is already registered." on a 409 and stays', async () => {
    vi.mocked(registerClub).mockRejectedValue(
      new ApiError('refused', 'This club is already registered.', { status: 409 }),
    );
    const { user, router } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'sree');
    await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This club is already registered.');
    expect(router.state.location.pathname).toBe('/register');
    // Issue 27: the link goes to the footer's contact, which names the phone and the hours.
    await user.click(screen.getByRole('link', { name: 'Contact the municipality' }));
    const contact = await screen.findByRole('region', { name: 'Contact Test Municipality' });
    expect(contact).toHaveFocus();
    expect(within(contact).getByRole('link', { name: '033 2654 0000' })).toHaveAttribute(
      'href',
      'tel:03326540000',
    );
    expect(contact).toHaveTextContent('Mon–Fri 10:30–17:00');
  });

  it('offers no contact link beside a message that does not send the club to the municipality', async () => {
    vi.mocked(registerClub).mockRejectedValue(
      new ApiError('refused', 'An unknown error occurred.', { status: 500 }),
    );
    const { user } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'sree');
    await user.click(screen.getByRole('option', { name: 'Sree Sangha' }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
    expect(screen.queryByRole('link', { name: 'Contact the municipality' })).toBeNull();
  });

  it('names every empty field at once, each beside its field too', async () => {
    const { user } = await renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(focusedSummaryLinks()).toEqual([
      'Please select a club from the list.',
      'Email is required.',
      'Phone is required.',
      'Address is required.',
      'Ward No. is required.',
      'Password is required.',
    ]);
    // The hint says the rule first; the error follows it.
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      '10-digit mobile number, e.g. 98300 12345 Phone is required.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters Password is required.',
    );
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(
      within(screen.getByRole('alert')).getByRole('link', {
        name: 'Please enter a valid phone number.',
      }),
    ).toHaveAttribute('href', '#register-phone');
  });

  it('links the tutorial video of config.json and lists the five documents', async () => {
    setAppConfig({ ...TEST_CONFIG, tutorialVideoUrl: 'https://video.example/noc' });
    await renderApp('/register');
    expect(await screen.findByRole('link', { name: 'Watch the tutorial video' })).toHaveAttribute(
      'href',
      'https://video.example/noc',
    );
    expect(screen.getByText('Land-Related Document (Deed or Agreement)')).toBeVisible();
  });

  it('hides the tutorial link when config.json names no video', async () => {
    setAppConfig({ ...TEST_CONFIG, tutorialVideoUrl: undefined });
    await renderApp('/register');
    expect(await screen.findByText('Land-Related Document (Deed or Agreement)')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Watch the tutorial video' })).toBeNull();
  });
});

describe('a club already registered (issue 27)', () => {
  const TAKEN = [
    { id: 1, clubname: 'Sree Sangha', status: 'A' as const, registered: true },
    { id: 3, clubname: 'Agradoot Club', status: 'A' as const, registered: false },
  ];

  it('the picker marks it, the page says so as soon as it is picked, and it is not sent', async () => {
    vi.mocked(listClubs).mockResolvedValue(TAKEN);
    const { user } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'Sree');
    const option = within(screen.getByRole('listbox')).getByRole('option');
    expect(option).toHaveTextContent(
      'Sree Sangha' + 'registered — contact the municipality to take it over',
    );
    await user.click(option);
    expect(screen.getByText(/Sree Sangha is already registered\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByText(/Sree Sangha is already registered\./)).toHaveTextContent(
      'Sree Sangha is already registered. If the account belongs to last year’s secretary',
    );
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    expect(focusedSummaryLinks()).toEqual(['This club is already registered.']);
    expect(registerClub).not.toHaveBeenCalled();
  });

  it('a free club registers with the privacy notice it showed', async () => {
    vi.mocked(listClubs).mockResolvedValue(TAKEN);
    vi.mocked(registerClub).mockResolvedValue({
      message: 'Registration successful! Please login.',
      messageKey: 'registration.success',
    });
    const { user } = await renderApp('/register');
    await user.type(await screen.findByRole('combobox', { name: 'Club Name' }), 'Agra');
    await user.click(within(screen.getByRole('listbox')).getByRole('option'));
    expect(screen.queryByText(/is already registered/)).toBeNull();
    await user.click(screen.getByText(/By registering you agree/));
    expect(screen.getByRole('heading', { name: 'What the portal keeps' })).toBeVisible();
    expect(await screen.findByText(/kept for 4 seasons/)).toBeVisible();
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Register Now' }));
    await waitFor(() =>
      expect(registerClub).toHaveBeenCalledWith(expect.objectContaining({ club_id: 3 }), {
        privacyNotice: PRIVACY_NOTICE_VERSION,
      }),
    );
  });
});
