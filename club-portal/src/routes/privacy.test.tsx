import type * as ApiClient from '@puja/api-client';
import { localeStore, readPrivacyNotice } from '@puja/api-client';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../lib/app-config';
import { renderApp, testConfig } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  readPrivacyNotice: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(readPrivacyNotice).mockResolvedValue({ version: '2026-11-27', retentionSeasons: 5 });
  setAppConfig(testConfig({ municipality: 'Bally Municipality' }));
});

describe('the privacy notice (issue 27, DPDP Act 2023 s. 5)', () => {
  it('says what is kept, why, for how long, who sees it and whom to write to, to anyone', async () => {
    await renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'What the portal keeps',
      'Why',
      'For how long',
      'Who sees it',
      'Your rights and whom to write to',
    ]);
    expect(screen.getByText(/kept for 5 seasons \(the current one included\)/)).toBeVisible();
    expect(screen.getByText(/writing to the grievance officer: Bally Municipality/)).toBeVisible();
    expect(screen.getByText('Version 2026-11-27')).toBeVisible();
  });

  it('in Bengali, with Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    await renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'গোপনীয়তা বিজ্ঞপ্তি' }),
    ).toBeVisible();
    expect(screen.getByText(/৫টি মরসুম/)).toBeVisible();
  });
});
