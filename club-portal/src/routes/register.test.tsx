import type * as ApiClient from '@puja/api-client';
import { ApiError, listClubs, registerClub } from '@puja/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
};

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  listClubs: vi.fn(),
  registerClub: vi.fn(),
}));

const CLUBS = [
  { id: 1, clubname: 'Sree Sangha', status: 'A' as const },
  { id: 2, clubname: 'Nabin Sangha', status: 'I' as const },
  { id: 3, clubname: 'Agradoot Club', status: 'A' as const },
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listClubs).mockResolvedValue(CLUBS);
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
    expect(registerClub).toHaveBeenCalledWith({
      club_id: 1,
      govt_register_no: '',
      phone: '9830012345',
      email: 'sree@example.org',
      address: '12 Park Street',
      ward_no: 7,
      password: 'Secret#2025',
    });
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
