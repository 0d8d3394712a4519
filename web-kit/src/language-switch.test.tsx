import { LOCALE_STORAGE_KEY, localeStore } from '@puja/api-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from './language-switch';
import { said } from './said';
import { t, useLocale } from './t';
import { useToastStore } from './toast-store';

function Page() {
  useLocale();
  return (
    <>
      <h1>{t('login.title')}</h1>
      <LanguageSwitch />
    </>
  );
}

describe('the language switch', () => {
  it('names each language in its own script and re-renders the page in the chosen one', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const pressed = () =>
      screen
        .getAllByRole('button', { pressed: true })
        .map((button) => `${button.textContent} (${button.getAttribute('lang')})`);
    expect(pressed()).toEqual(['English (en)']);
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { name: 'ক্লাব লগইন' })).toBeVisible();
    expect(pressed()).toEqual(['বাংলা (bn)']);
    expect(screen.getByRole('group', { name: 'ভাষা' })).toBeVisible();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('bn');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Club Login' })).toBeVisible();
  });

  it('says so in a toast when a language cannot load', async () => {
    const user = userEvent.setup();
    const chooseLocale = vi.fn(() => Promise.reject(new Error('offline')));
    const original = localeStore.getState().chooseLocale;
    localeStore.setState({ chooseLocale });
    try {
      render(<Page />);
      await user.click(screen.getByRole('button', { name: 'বাংলা' }));
      await vi.waitFor(() =>
        expect(useToastStore.getState().toasts.map((toast) => said(toast.text))).toEqual([
          'Something went wrong. Please try again.',
        ]),
      );
      expect(screen.getByRole('heading', { name: 'Club Login' })).toBeVisible();
    } finally {
      localeStore.setState({ chooseLocale: original });
    }
  });
});
