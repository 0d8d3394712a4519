import type * as ApiClient from '@puja/api-client';
import { listServiceStandards, localeStore } from '@puja/api-client';
import type { ServiceStandard } from '@puja/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../lib/app-config';
import { renderApp, testConfig } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  listServiceStandards: vi.fn(),
}));

const standards: ServiceStandard[] = [
  {
    step: 'acknowledgement',
    agency_id: null,
    agency_name: null,
    days: 2,
    designated_role: 'store',
    appellate_user_id: null,
    appellate_name: null,
  },
  {
    step: 'final',
    agency_id: null,
    agency_name: null,
    days: 5,
    designated_role: 'chairman',
    appellate_user_id: 3,
    appellate_name: 'Rina Paul',
  },
  {
    step: 'referral',
    agency_id: 4,
    agency_name: 'Fire & Emergency Services',
    days: 1,
    designated_role: 'agency',
    appellate_user_id: null,
    appellate_name: null,
  },
];

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listServiceStandards).mockResolvedValue(standards);
  setAppConfig(testConfig());
});
afterEach(() => act(() => localeStore.getState().chooseLocale('en')));

const stepOf = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe("the citizen's charter (issue 30), public", () => {
  it('lists every step with its working days, who decides and who hears appeals, without a login', async () => {
    await renderApp('/service-standards');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Citizen’s charter: how long each step takes',
      }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Service standards — Puja NOC Portal'));
    expect(screen.getByText(/Right to Public Services Act, 2013/)).toBeVisible();
    const ack = stepOf('Acknowledgement review');
    expect(within(ack).getByText('2 working days')).toBeVisible();
    expect(within(ack).getByText('Store')).toBeVisible();
    expect(within(ack).getByText('The chairman')).toBeVisible();
    expect(within(stepOf('Final decision')).getByText('Rina Paul')).toBeVisible();
    const fire = stepOf('Referral to Fire & Emergency Services');
    expect(within(fire).getByText('1 working day')).toBeVisible();
    expect(within(fire).getByText('Department officer')).toBeVisible();
    // The municipality's contact: linked from the page, shown in the footer.
    expect(screen.getByRole('link', { name: 'Contact the municipality' })).toBeVisible();
    expect(await screen.findByRole('link', { name: '033 2654 0000' })).toBeVisible();
    expect(listServiceStandards).toHaveBeenCalledTimes(1);
  });

  it('is linked from every page’s footer, the login page’s too', async () => {
    await renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Service standards' });
    expect(link).toHaveAttribute('href', '/service-standards');
  });

  it('says so when the standards cannot be loaded, and still explains the clock', async () => {
    vi.mocked(listServiceStandards).mockRejectedValue(
      Object.assign(new Error('down'), { messageKey: 'standards.fetchFailed' }),
    );
    await renderApp('/service-standards');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service standards could not be loaded.',
    );
    expect(screen.getByText(/starts again with the days that were left/)).toBeVisible();
  });

  it('says when there are none', async () => {
    vi.mocked(listServiceStandards).mockResolvedValue([]);
    await renderApp('/service-standards');
    expect(await screen.findByText('No service standards yet.')).toBeVisible();
  });

  it('in Bengali, with Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    await renderApp('/service-standards');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'নাগরিক সনদ: প্রতিটি ধাপে কত সময় লাগে' }),
    ).toBeVisible();
    const ack = stepOf('প্রাপ্তিস্বীকার যাচাই');
    expect(within(ack).getByText('২ কর্মদিবস')).toBeVisible();
    expect(within(ack).getByText('চেয়ারম্যান')).toBeVisible();
    // The footer's contact too: one script of digits on the screen; the link dials as configured.
    const phone = await screen.findByRole('link', { name: '০৩৩ ২৬৫৪ ০০০০' });
    expect(phone).toHaveAttribute('href', 'tel:03326540000');
    expect(screen.queryByText(/[0-9]/)).toBeNull();
  });
});
