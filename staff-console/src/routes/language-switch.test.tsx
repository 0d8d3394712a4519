import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { LOCALE_STORAGE_KEY, localeStore } from '@puja/api-client';
import { renderApp } from '../test-support/app';
import { signIn } from '../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  getDashboardStats: vi.fn(async () => ({ total: 1234, approved: 2, rejected: 1, pending: 3 })),
  listUsers: vi.fn(async () => [
    {
      id: 2,
      name: 'Rina Paul',
      email: 'rina@example.org',
      phone: '9830012345',
      role: 'store',
      deptment: 'store',
    },
  ]),
}));

afterEach(() => vi.clearAllMocks());

describe('the language switch', () => {
  it('turns the Official Login into Bengali without a reload, keeping what was typed', async () => {
    api.sessionStore.getState().clearSession();
    renderApp('/admin/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.org');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(group).getByRole('button', { name: 'বাংলা' }));

    expect(await screen.findByRole('heading', { name: 'আধিকারিক লগইন' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'লগইন' })).toBeVisible();
    expect(screen.getByLabelText(/ইমেল/)).toHaveValue('admin@example.org');
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('bn');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Official Login' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('shows the staff panel, its links and the counters in Bengali', async () => {
    signIn('admin');
    await localeStore.getState().chooseLocale('bn');
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'অ্যাডমিন প্যানেল' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'সব এনওসি' })).toBeVisible();
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('১,২৩৪');
  });

  it('renames the grid headers when the language changes', async () => {
    signIn('admin');
    renderApp('/admin/manage-users');
    // The screen and its grid load lazily: on a loaded machine that has taken over a second.
    expect(
      await screen.findByRole('columnheader', { name: /Name/ }, { timeout: 10_000 }),
    ).toBeVisible();
    await localeStore.getState().chooseLocale('bn');
    expect(await screen.findByRole('columnheader', { name: /নাম/ })).toBeVisible();
    expect(screen.queryByRole('columnheader', { name: /^Name/ })).toBeNull();
  });
});
