import type * as ApiClient from '@puja/api-client';
import { LOCALE_STORAGE_KEY, localeStore } from '@puja/api-client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, renderApp } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(async () => application({ acknowledgement: 'files/ack.pdf' })),
}));

describe('the language switch', () => {
  it('switches the login screen to Bengali without a reload, keeping what was typed', async () => {
    const { user } = await renderApp('/login');
    expect(document.documentElement.lang).toBe('en');
    await user.type(await screen.findByLabelText('Email'), 'a@b.in');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(group).getByRole('button', { name: 'বাংলা' }));

    expect(await screen.findByRole('heading', { name: 'ক্লাব লগইন' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'লগইন' })).toBeVisible();
    expect(screen.getByLabelText('ইমেল')).toHaveValue('a@b.in');
    expect(screen.getByRole('group', { name: 'ভাষা' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'বাংলা' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('bn');
  });

  it('switches back to English', async () => {
    await localeStore.getState().chooseLocale('bn');
    const { user } = await renderApp('/login');
    expect(screen.getByRole('heading', { name: 'ক্লাব লগইন' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Club Login' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the language remembered on the device', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bn');
    await localeStore.getState().restoreLocale();
    await renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'ক্লাব নথিভুক্তি' })).toBeVisible();
    expect(document.documentElement.lang).toBe('bn');
  });

  it('shows the dashboard dates and tracker in Bengali', async () => {
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText('05 Mar 2025')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByText('৫ মার্চ, ২০২৫')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'আবেদনের অগ্রগতি' })).toBeVisible();
    expect(screen.getByText('প্রাপ্তিস্বীকার পত্র যাচাই')).toBeVisible();
  });
});
