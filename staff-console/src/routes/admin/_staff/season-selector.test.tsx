import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { Application, SeasonWithState } from '@puja/domain';
import { exportIssuedNocs } from '../../../features/issued-nocs/export-xlsx';
import { renderApp } from '../../../test-support/app';
import { application } from '../../../test-support/applications';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listSeasons: vi.fn(),
  listApplicationsIfChanged: vi.fn(),
  getDashboardStats: vi.fn(),
  getApplicationHistory: vi.fn(),
}));
vi.mock('../../../features/issued-nocs/export-xlsx', () => ({ exportIssuedNocs: vi.fn() }));

const SEASONS: SeasonWithState[] = [
  { year: 2026, opens_on: '2026-01-05', closes_on: null, puja_starts_on: null, state: 'open' },
  {
    year: 2025,
    opens_on: '2025-01-01',
    closes_on: '2026-01-04',
    puja_starts_on: null,
    state: 'closed',
  },
];

const of2026 = (app: Application): Application => ({
  ...app,
  apply_year: '2026',
  created_at: '2026-08-01T06:00:00.000Z',
});
const LISTS: Record<string, Application[]> = {
  // The current season (asked without a year).
  current: [
    of2026(application(11, 'Nabapalli Sangha', '00000')),
    of2026(
      application(12, 'Kishore Club', '11111', {
        chairman_approved_date: '2026-08-03T06:00:00Z',
      }),
    ),
  ],
  2025: [
    application(1, 'Sree Sangha', '11000'),
    application(3, 'Agradoot Sangha', '11110'),
    application(4, 'Milan Chakra', '11111', {
      chairman_approved_date: '2025-08-08T06:00:00Z',
      documents_removed_at: '2029-03-05T06:00:00Z',
    }),
    application(5, 'Ekata Club', '11111', { chairman_approved_date: '2025-08-11T06:00:00Z' }),
  ],
};

beforeEach(() => {
  vi.mocked(api.listSeasons).mockResolvedValue(SEASONS);
  vi.mocked(api.listApplicationsIfChanged).mockImplementation(async ({ year }) => ({
    changed: true,
    applications: LISTS[year ?? 'current'] ?? [],
    etag: `"${year ?? 'current'}"`,
  }));
  vi.mocked(api.getDashboardStats).mockImplementation(async (input) =>
    input?.year === 2025
      ? { total: 4, approved: 2, rejected: 0, pending: 2 }
      : { total: 2, approved: 1, rejected: 0, pending: 1 },
  );
  vi.mocked(api.getApplicationHistory).mockResolvedValue([]);
  signIn('admin');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const selector = () => screen.findByRole('textbox', { name: 'Season' });
const cardNames = () =>
  within(screen.getByTestId('application-cards'))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function choose(label: string) {
  await userEvent.click(await selector());
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('the season selector', () => {
  it('shows the current season by default, and another one from the URL it writes', async () => {
    const router = renderApp('/admin/noc-applications');
    expect(await selector()).toHaveValue('2026 (current)');
    await waitFor(() => expect(cardNames()).toEqual(['Nabapalli Sangha', 'Kishore Club']));
    expect(screen.queryByText(/You are looking at the/)).toBeNull();

    await choose('2025');
    await waitFor(() => expect(router.state.location.search).toEqual({ season: 2025 }));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(api.listApplicationsIfChanged).toHaveBeenCalledWith({ etag: null, year: 2025 });
    expect(
      screen.getByText(
        'You are looking at the 2025 season. It takes no new applications; those not yet decided are still reviewed until its review is closed.',
      ),
    ).toBeVisible();

    // Back to the current season: the URL loses its year.
    await choose('2026 (current)');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('names the seasons in বাংলা digits after the language is switched', async () => {
    renderApp('/admin/noc-applications?season=2025');
    await selector();
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    const select = await screen.findByRole('textbox', { name: 'মরসুম' });
    expect(select).toHaveValue('২০২৫');
    await userEvent.click(select);
    expect(
      (await screen.findAllByRole('option')).map((option) => option.textContent),
    ).not.toContain('2025');
    await act(() => api.localeStore.getState().chooseLocale('en'));
  });

  it('travels with every link: tabs, the side panel and the cards keep ?season=', async () => {
    const router = renderApp('/admin/noc-applications?season=2025');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    await userEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ season: 2025, tab: 'approved' }),
    );
    expect(screen.getByRole('link', { name: 'Issued NOCs' })).toHaveAttribute(
      'href',
      '/admin/issued-noc?season=2025',
    );
    expect(screen.getByRole('link', { name: 'Milan Chakra' })).toHaveAttribute(
      'href',
      '/admin/noc-applications/4?season=2025',
    );
  });

  it('a past season’s undecided application goes on: its decisions stay (issue 27)', async () => {
    renderApp('/admin/noc-applications/3?season=2025');
    expect(
      await screen.findByText(
        'The 2025 season is closed to new applications, but its review goes on: this application can still be reviewed and decided.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Approve/ })).toBeEnabled();
  });

  it('a past decided application is read-only, history included, but its NOC can be withdrawn', async () => {
    renderApp('/admin/noc-applications/4?season=2025');
    expect(
      await screen.findByText(
        'This application is from the 2025 season and can no longer be changed.',
      ),
    ).toBeVisible();
    await screen.findByRole('heading', { name: 'History' });
    expect(
      await screen.findByText('Documents removed under the retention policy on 05 Mar 2029'),
    ).toBeVisible();
    // Only the final decision's Reject (withdrawing the NOC) stays: no document decision.
    expect(screen.getByRole('button', { name: 'Approved' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^Reject/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Approve$/ })).toBeNull();
  });

  it('once the season’s review is closed, an undecided application is read-only', async () => {
    vi.mocked(api.listSeasons).mockResolvedValue([
      SEASONS[0]!,
      { ...SEASONS[1]!, review_closed_at: '2026-02-01T06:00:00.000Z' },
    ]);
    renderApp('/admin/noc-applications/3?season=2025');
    expect(
      await screen.findByText(
        'The review of the 2025 season was closed on 01 Feb 2026. Its applications can no longer be changed; an issued NOC can still be withdrawn by the chairman.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it("a link without ?season= to an earlier season's application opens it in its own season", async () => {
    const router = renderApp('/admin/noc-applications/5');
    await screen.findByRole('heading', { name: 'Ekata Club' });
    expect(router.state.location.search).toEqual({ season: 2025 });
    expect(
      screen.getByText('This application is from the 2025 season and can no longer be changed.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Approve$/ })).toBeNull();
  });

  it('an id no season has is "Application not found." after every season was read', async () => {
    const router = renderApp('/admin/noc-applications/99');
    expect(await screen.findByText('Application not found.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/noc-applications'));
    const years = vi.mocked(api.listApplicationsIfChanged).mock.calls.map(([input]) => input.year);
    expect(years).toContain(2025);
  });

  it("the current season's application keeps its decisions", async () => {
    renderApp('/admin/noc-applications/11');
    await screen.findByRole('heading', { name: 'Nabapalli Sangha' });
    expect(await screen.findByRole('button', { name: /^Approve/ })).toBeVisible();
    expect(screen.queryByText(/can no longer be changed/)).toBeNull();
  });

  it('the review panels of a past season keep their decisions until its review is closed', async () => {
    signIn('chairman');
    renderApp('/admin/chairman/review?season=2025');
    await screen.findByRole('link', { name: 'Agradoot Sangha' });
    expect(await screen.findByRole('button', { name: /^Approve/ })).toBeVisible();
  });

  it('the review panels of a season whose review is closed show no decision', async () => {
    signIn('chairman');
    vi.mocked(api.listSeasons).mockResolvedValue([
      SEASONS[0]!,
      { ...SEASONS[1]!, review_closed_at: '2026-02-01T06:00:00.000Z' },
    ]);
    renderApp('/admin/chairman/review?season=2025');
    await screen.findByRole('link', { name: 'Agradoot Sangha' });
    await screen.findByText(/can no longer be changed/);
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    signIn('store');
    renderApp('/admin/store/review?season=2025');
    await screen.findByRole('link', { name: 'Sree Sangha' });
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('Issued NOCs lists and exports the season shown, named with its year', async () => {
    renderApp('/admin/issued-noc?season=2025');
    await screen.findByRole('cell', { name: 'Ekata Club' });
    expect(screen.queryByRole('cell', { name: 'Kishore Club' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exportIssuedNocs).toHaveBeenCalledTimes(1));
    const [rows, year] = vi.mocked(exportIssuedNocs).mock.calls[0]!;
    expect(rows.map((app) => app.club_name).sort()).toEqual(['Ekata Club', 'Milan Chakra']);
    expect(year).toBe(2025);
  });

  it('the dashboard counts the season shown and compares it with the one before', async () => {
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('2');
    const table = await screen.findByTestId('season-comparison');
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /^Applications/ })).toHaveTextContent(
        'Applications24',
      ),
    );
    expect(within(table).getByRole('row', { name: /^NOCs issued/ })).toHaveTextContent(
      'NOCs issued12',
    );
    // 2026: 2 days; 2025: 7 and 10 days, median 8.5.
    expect(within(table).getByRole('row', { name: /^Median/ })).toHaveTextContent(
      'Median days to issue2 days8.5 days',
    );

    renderApp('/admin/dashboard?season=2025');
    await waitFor(() => expect(api.getDashboardStats).toHaveBeenCalledWith({ year: 2025 }));
    expect(
      await screen.findByText('There is no season before 2025 to compare with.'),
    ).toBeVisible();
  });
});
