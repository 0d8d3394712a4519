import type * as ApiClient from '@puja/api-client';
import { localeStore } from '@puja/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLUB_SESSION, renderApp } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(async () => null),
  getMyApplicationHistory: vi.fn(async () => []),
  listClubs: vi.fn(async () => []),
}));

describe('every page has its own title, and a navigation moves focus to its heading (WCAG 2.4.2, 2.4.3)', () => {
  it('each page names itself in the tab; after a navigation the page’s main heading has the focus', async () => {
    const { router } = await renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Club Login — Puja NOC Portal'));

    await act(() => router.navigate({ to: '/register' }));
    const register = await screen.findByRole('heading', { level: 1, name: 'Club Registration' });
    await waitFor(() => expect(register).toHaveFocus());
    expect(document.title).toBe('Club Registration — Puja NOC Portal');

    await act(() => router.navigate({ to: '/verify' }));
    const verify = await screen.findByRole('heading', {
      level: 1,
      name: 'Verify a NOC Certificate',
    });
    await waitFor(() => expect(verify).toHaveFocus());
    expect(document.title).toBe('Verify a NOC Certificate — Puja NOC Portal');
  });

  it('the club’s own pages too, and in বাংলা', async () => {
    const { router } = await renderApp('/club/dashboard', CLUB_SESSION);
    await waitFor(() => expect(document.title).toBe('Dashboard — Puja NOC Portal'));
    await act(() => router.navigate({ to: '/club/apply-noc' }));
    const apply = await screen.findByRole('heading', { level: 1, name: /^Apply for NOC/ });
    await waitFor(() => expect(apply).toHaveFocus());
    expect(document.title).toBe('Apply for NOC — Puja NOC Portal');

    await act(() => localeStore.getState().chooseLocale('bn'));
    await waitFor(() => expect(document.title).toBe('এনওসির আবেদন — পূজা এনওসি পোর্টাল'));
  });
});
