import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { earlyCloseDay, type SeasonWithState } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listSeasons: vi.fn(),
  addSeason: vi.fn(),
  updateSeason: vi.fn(),
  listSeasonOpenApplications: vi.fn(),
  closeSeasonReview: vi.fn(),
}));

const closed2024: SeasonWithState = {
  year: 2024,
  opens_on: '2024-01-01',
  closes_on: '2024-09-30',
  puja_starts_on: '2024-10-09',
  state: 'closed',
};
const open2025: SeasonWithState = {
  year: 2025,
  opens_on: '2025-01-01',
  closes_on: null,
  puja_starts_on: null,
  state: 'open',
};

function seasons(list: SeasonWithState[]) {
  vi.mocked(api.listSeasons).mockResolvedValue(list);
}

const OPEN_2025 = {
  year: 2025,
  total: 3,
  steps: [
    { step: 'returned' as const, label: 'progress.returned' as const, count: 1 },
    { step: 'chairman' as const, label: 'reviewStep.chairman' as const, count: 2 },
  ],
};

beforeEach(() => {
  seasons([open2025, closed2024]);
  vi.mocked(api.listSeasonOpenApplications).mockResolvedValue([
    OPEN_2025,
    { year: 2024, total: 0, steps: [] },
  ]);
  signIn('admin');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const row = (year: number) => screen.getByRole('row', { name: new RegExp(`^${year}`) });
const dialog = () => screen.findByRole('dialog');
const field = (label: string) =>
  within(screen.getByRole('dialog')).getByLabelText(label, { exact: false });
/** Types a day as people do, dd/mm/yyyy (issue 27), whatever the browser's language. */
const setDate = (label: string, day: string) =>
  fireEvent.change(field(label), { target: { value: day.split('-').reverse().join('/') } });

describe('Seasons screen', () => {
  it('lists every season with its state; only the current open one can be closed', async () => {
    renderApp('/admin/seasons');
    expect(await screen.findByRole('heading', { name: 'Seasons' })).toBeInTheDocument();
    await screen.findByText('Until closed by staff');
    const current = row(2025);
    expect(current).toHaveTextContent('Current season');
    expect(current).toHaveTextContent('Open');
    expect(within(current).getByRole('button', { name: 'Close applications' })).toBeVisible();
    const past = row(2024);
    expect(past).toHaveTextContent('Closed');
    expect(past).toHaveTextContent('30 Sept 2024');
    expect(past).not.toHaveTextContent('Current season');
    expect(within(past).queryByRole('button', { name: 'Close applications' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Seasons' })).toHaveAttribute('href', '/admin/seasons');
  });

  it('is for admin and chairman: a store user is sent to /unauthorized and has no link', async () => {
    signIn('store');
    const router = renderApp('/admin/seasons');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    signIn('store');
    renderApp('/admin/dashboard');
    await screen.findByRole('link', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Seasons' })).toBeNull();
  });

  it('checks a new season before sending it: the current one is still open', async () => {
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the next season' }));
    await dialog();
    expect(field('Year')).toHaveValue('2026');
    setDate('Applications open on', '2026-01-10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The season before is still open on that day. Close it first, or open this season after it closes.',
      ),
    ).toBeVisible();
    setDate('Applications open on', '2026-09-01');
    setDate('Last day for applications', '2026-08-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The last day for applications cannot be before the day they open.'),
    ).toBeVisible();
    expect(api.addSeason).not.toHaveBeenCalled();
  });

  it('opens the next season after a confirmation, and the list shows it', async () => {
    seasons([{ ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
    const opened: SeasonWithState = {
      year: 2026,
      opens_on: '2026-09-01',
      closes_on: '2026-09-20',
      puja_starts_on: '2026-10-17',
      state: 'upcoming',
    };
    vi.mocked(api.addSeason).mockImplementation(async () => {
      seasons([opened, { ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
      return { message: 'Season added.', messageKey: 'seasons.added', season: opened };
    });
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the next season' }));
    await dialog();
    setDate('Applications open on', '2026-09-01');
    setDate('Last day for applications', '2026-09-20');
    setDate('First day of the puja', '2026-10-17');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Open the 2026 season? Applications open on 01 Sept 2026, and every club that applied in 2025 gets a mail that day.',
      ),
    ).toBeVisible();
    expect(api.addSeason).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Open the season' }));
    await waitFor(() =>
      expect(api.addSeason).toHaveBeenCalledWith({
        year: 2026,
        opens_on: '2026-09-01',
        closes_on: '2026-09-20',
        puja_starts_on: '2026-10-17',
      }),
    );
    expect(await screen.findByText('Season added.')).toBeVisible();
    await waitFor(() => expect(row(2026)).toHaveTextContent('Upcoming'));
    expect(row(2026)).toHaveTextContent('Current season');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the server's refusal in the dialog, and nothing changes", async () => {
    seasons([{ ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
    vi.mocked(api.addSeason).mockRejectedValue(
      new api.ApiError('refused', 'x', { status: 422, messageKey: 'seasons.yearNotAfterLatest' }),
    );
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the next season' }));
    await dialog();
    setDate('Applications open on', '2026-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the season' }));
    const alert = await within(await dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('The new season must come after the latest season.');
    expect(field('Applications open on')).toHaveValue('01/09/2026');
  });

  it('reads a day typed in Bengali digits, and an empty open day says which date is missing', async () => {
    seasons([{ ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
    vi.mocked(api.addSeason).mockResolvedValue({
      message: 'Season added.',
      messageKey: 'seasons.added',
      season: {
        year: 2026,
        opens_on: '2026-09-01',
        closes_on: null,
        puja_starts_on: '2026-10-17',
        state: 'upcoming',
      },
    });
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the next season' }));
    await dialog();
    expect(field('Applications open on')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the date applications open.')).toBeVisible();
    fireEvent.change(field('Applications open on'), { target: { value: '০১/০৯/২০২৬' } });
    fireEvent.change(field('First day of the puja'), { target: { value: '17.10.2026' } });
    expect(screen.queryByText('Enter the date applications open.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the season' }));
    await waitFor(() =>
      expect(api.addSeason).toHaveBeenCalledWith(
        expect.objectContaining({ opens_on: '2026-09-01', puja_starts_on: '2026-10-17' }),
      ),
    );
  });

  it('the calendar of a date field speaks Bengali on a Bengali screen, in Bengali digits only (issue 27)', async () => {
    seasons([{ ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
    renderApp('/admin/seasons');
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    try {
      await userEvent.click(await screen.findByRole('button', { name: 'পরের মরসুম শুরু করুন' }));
      await dialog();
      expect(field('বছর')).toHaveValue('২০২৬');
      const opens = field('আবেদন শুরুর তারিখ');
      fireEvent.change(opens, { target: { value: '01/09/2026' } });
      await userEvent.click(opens);
      // The month's name and year, the weekdays and the days: Bengali words and digits.
      const header = await screen.findByRole('button', { name: 'সেপ্টেম্বর ২০২৬' });
      const calendar = header.closest('[data-dates-dropdown], .mantine-Popover-dropdown');
      expect(calendar).not.toBeNull();
      const text = calendar?.textContent ?? '';
      expect(text).toContain('সো');
      expect(text).not.toMatch(/[0-9]|[A-Za-z]/);
      await userEvent.click(within(calendar as HTMLElement).getByRole('button', { name: /^১৫/ }));
      expect(opens).toHaveValue('১৫/০৯/২০২৬');
      // The months of the year, named in Bengali.
      await userEvent.click(opens);
      await userEvent.click(await screen.findByRole('button', { name: 'সেপ্টেম্বর ২০২৬' }));
      expect(await screen.findByRole('button', { name: '২০২৬' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'জানুয়ারি' })).toBeVisible();
    } finally {
      await act(() => api.localeStore.getState().chooseLocale('en'));
    }
  });

  it('edits the dates of a season, its year being the key', async () => {
    vi.mocked(api.updateSeason).mockResolvedValue({
      message: 'Season saved.',
      messageKey: 'seasons.updated',
      season: null,
    });
    renderApp('/admin/seasons');
    await screen.findByText('Until closed by staff');
    await userEvent.click(screen.getByRole('button', { name: 'Edit season 2024' }));
    await dialog();
    expect(
      within(screen.getByRole('dialog')).queryByLabelText('Year', { exact: false }),
    ).toBeNull();
    setDate('First day of the puja', '2024-10-10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateSeason).toHaveBeenCalledWith({
        year: 2024,
        opens_on: '2024-01-01',
        closes_on: '2024-09-30',
        puja_starts_on: '2024-10-10',
      }),
    );
  });

  it('closes the current season early after a confirmation; a refusal stays on screen', async () => {
    vi.mocked(api.updateSeason).mockRejectedValue(
      new api.ApiError('refused', 'x', { status: 422, messageKey: 'seasons.closeBeforeOpen' }),
    );
    renderApp('/admin/seasons');
    await screen.findByText('Until closed by staff');
    await userEvent.click(within(row(2025)).getByRole('button', { name: 'Close applications' }));
    const confirm = await dialog();
    expect(confirm).toHaveTextContent(/^.*Close applications for Durga Puja 2025\?/);
    expect(api.updateSeason).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close applications' }));
    await waitFor(() =>
      expect(api.updateSeason).toHaveBeenCalledWith({
        ...open2025,
        closes_on: earlyCloseDay(open2025, Date.now()),
      }),
    );
    // On the page itself, not only in the toast that closes by itself.
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'The last day for applications cannot be before the day they open.',
    );
  });

  it('says so when the seasons cannot be fetched', async () => {
    vi.mocked(api.listSeasons).mockRejectedValue(
      new api.ApiError('network', 'offline', { messageKey: 'seasons.fetchFailed' }),
    );
    renderApp('/admin/seasons');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch seasons.');
  });

  it('shows each season’s applications still open, by step, with links to them (issue 27)', async () => {
    renderApp('/admin/seasons');
    await screen.findByText('Until closed by staff');
    const current = row(2025);
    const all = await within(current).findByRole('link', { name: '3 open' });
    expect(all).toHaveAttribute('href', '/admin/noc-applications?season=2025');
    expect(current).toHaveTextContent('Returned to the club: 1');
    expect(within(current).getByRole('link', { name: 'Final decision' })).toHaveAttribute(
      'href',
      '/admin/noc-applications?season=2025&step=chairman',
    );
    expect(row(2024)).toHaveTextContent('None');
  });

  it('the close dialog says what stays open', async () => {
    renderApp('/admin/seasons');
    await screen.findByText('Until closed by staff');
    await userEvent.click(within(row(2025)).getByRole('button', { name: 'Close applications' }));
    const confirm = await dialog();
    expect(confirm).toHaveTextContent('Applications of 2025 still open: 3');
    expect(confirm).toHaveTextContent(
      'These applications stay open: staff go on reviewing them, clubs go on uploading, and the chairman decides them in 2025.',
    );
    // Visible once the dialog's opening transition has run.
    await waitFor(() =>
      expect(
        within(confirm).getByRole('link', { name: 'Show the 2025 applications' }),
      ).toBeVisible(),
    );
    expect(
      within(confirm).getByRole('link', { name: 'Show the 2025 applications' }),
    ).toHaveAttribute('href', '/admin/noc-applications?season=2025');
  });

  it('opening the next season says what the season before leaves open', async () => {
    seasons([{ ...open2025, closes_on: '2025-10-31', state: 'closed' }]);
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Open the next season' }));
    await dialog();
    setDate('Applications open on', '2026-09-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await dialog();
    await within(confirm).findByText('Applications of 2025 still open: 3');
    expect(confirm).toHaveTextContent('Final decision: 2');
  });

  it('closes the review of a closed season with a reason, listing what it ends', async () => {
    const closed = { ...open2025, closes_on: '2025-10-31', state: 'closed' as const };
    seasons([closed]);
    vi.mocked(api.closeSeasonReview).mockImplementation(async () => {
      seasons([{ ...closed, review_closed_at: '2026-01-05T06:00:00.000Z' }]);
      return {
        message: 'The review of the season is closed.',
        messageKey: 'seasons.reviewClosedDone',
      };
    });
    renderApp('/admin/seasons');
    await userEvent.click(await screen.findByRole('button', { name: 'Close the review of 2025' }));
    const form = await dialog();
    expect(form).toHaveTextContent('Applications of 2025 still open: 3');
    expect(form).toHaveTextContent('Returned to the club: 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Close the review' }));
    expect(await within(form).findByText('Please give a reason.')).toBeVisible();
    expect(api.closeSeasonReview).not.toHaveBeenCalled();
    await userEvent.type(field('Reason (sent to the clubs)'), 'Season over');
    await userEvent.click(within(form).getByRole('button', { name: 'Close the review' }));
    await waitFor(() =>
      expect(api.closeSeasonReview).toHaveBeenCalledWith({ year: 2025, reason: 'Season over' }),
    );
    await waitFor(() => expect(row(2025)).toHaveTextContent('Review closed on 05 Jan 2026'));
    expect(screen.queryByRole('button', { name: 'Close the review of 2025' })).toBeNull();
  });

  it('offers the review close for a closed season only', async () => {
    renderApp('/admin/seasons');
    await screen.findByText('Until closed by staff');
    expect(within(row(2025)).queryByRole('button', { name: /Close the review/ })).toBeNull();
    expect(
      within(row(2024)).getByRole('button', { name: 'Close the review of 2024' }),
    ).toBeVisible();
  });
});
