import type * as ApiClient from '@puja/api-client';
import {
  getMyApplication,
  getMyApplicationHistory,
  listSeasons,
  localeStore,
} from '@puja/api-client';
import type { SeasonWithState } from '@puja/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
  getMyApplicationHistory: vi.fn(),
  listSeasons: vi.fn(),
}));

/** Seasons whose window is far from today either way, so the state never depends on the day. */
const UPCOMING: SeasonWithState = {
  year: 2099,
  opens_on: '2099-09-01',
  closes_on: null,
  puja_starts_on: null,
  state: 'upcoming',
};
const CLOSED: SeasonWithState = {
  year: 2026,
  opens_on: '2026-01-01',
  closes_on: '2026-02-15',
  puja_starts_on: null,
  state: 'closed',
};
const OPEN_UNTIL: SeasonWithState = {
  year: 2027,
  opens_on: '2020-01-01',
  closes_on: '2999-12-31',
  puja_starts_on: null,
  state: 'open',
};

const issued2025 = application({
  id: 41,
  apply_year: '2025',
  acknowledgement: 'files/ack.pdf',
  chairman_status: 'Approved',
  chairman_approved_date: '2025-09-30T08:00:00Z',
  verification_code: '7K2M9QXC4T8VBN3JD6WRPHYF5A',
});
const refused2024 = application({ id: 40, apply_year: '2024', chairman_status: 'Rejected' });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMyApplication).mockResolvedValue(null);
  vi.mocked(getMyApplicationHistory).mockResolvedValue([]);
});
afterEach(() => localeStore.getState().chooseLocale('en'));

describe('the club dashboard in a season', () => {
  it('before the season opens: when applications open, and no apply button', async () => {
    vi.mocked(listSeasons).mockResolvedValue([UPCOMING]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
    expect(
      screen.getByText('Applications for Durga Puja 2099 open on 01 Sept 2099.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Apply for/ })).toBeNull();
  });

  it('after the season closed: when it closed, and no apply button', async () => {
    vi.mocked(listSeasons).mockResolvedValue([CLOSED]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(
      await screen.findByText('Applications for Durga Puja 2026 closed on 15 Feb 2026.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Apply for/ })).toBeNull();
  });

  it('while open until a day: that day, and the button with the season’s year', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(
      await screen.findByText('Applications for Durga Puja 2027 are open until 31 Dec 2999.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Apply for 2027 Durga puja NOC' })).toHaveAttribute(
      'href',
      '/club/apply-noc',
    );
  });

  it('a fresh demo (2025, open, no close day) shows the spec’s texts alone', async () => {
    vi.mocked(listSeasons).mockResolvedValue([
      { year: 2025, opens_on: '2025-01-01', closes_on: null, puja_starts_on: null, state: 'open' },
    ]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(
      await screen.findByRole('link', { name: 'Apply for 2025 Durga puja NOC' }),
    ).toBeVisible();
    expect(screen.queryByText(/^Applications for Durga Puja/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Previous seasons' })).toBeNull();
  });

  it('says the dates and years in Bengali digits in বাংলা', async () => {
    vi.mocked(listSeasons).mockResolvedValue([UPCOMING]);
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await screen.findByRole('heading', { name: 'No Application Found' });
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(
      await screen.findByText('দুর্গাপূজা ২০৯৯-এর আবেদন শুরু হবে ১ সেপ্টেম্বর, ২০৯৯ তারিখে।'),
    ).toBeVisible();
  });

  it('lists earlier seasons newest first: result, code, certificate print and check', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([issued2025, refused2024]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const list = await screen.findByRole('region', { name: 'Previous seasons' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Durga Puja 2025',
      'Durga Puja 2024',
    ]);
    expect(items[0]).toHaveTextContent('NOC issued');
    expect(items[0]).toHaveTextContent('Verification code7K2M9QXC4T8VBN3JD6WRPHYF5A');
    expect(
      within(items[0]!).getByRole('link', { name: 'Print the 2025 certificate' }),
    ).toHaveAttribute('href', '/club/print-certificate?year=2025');
    expect(
      within(items[0]!).getByRole('link', { name: 'Check the 2025 certificate' }),
    ).toHaveAttribute('href', '/verify/7K2M9QXC4T8VBN3JD6WRPHYF5A');
    expect(items[1]).toHaveTextContent('NOC not granted');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    // This season: none yet, and the button.
    expect(screen.getByRole('link', { name: 'Apply for 2027 Durga puja NOC' })).toBeVisible();
    expect(getMyApplicationHistory).toHaveBeenCalledWith({ club_id: CLUB_SESSION.club_id });
  });

  it('shows the current season’s application with the earlier ones under it', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    const current = application({ id: 42, apply_year: '2027' });
    vi.mocked(getMyApplication).mockResolvedValue(current);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([current, issued2025]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'Action Required' })).toBeVisible();
    const list = screen.getByRole('region', { name: 'Previous seasons' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Durga Puja 2025');
  });

  it('a first season, or a history that cannot be read, shows no "Previous seasons"', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    vi.mocked(getMyApplicationHistory).mockRejectedValue(new Error('offline'));
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Previous seasons' })).toBeNull();
  });
});

describe('last season’s application still under review (issue 27)', () => {
  const returned2026 = application({
    id: 43,
    apply_year: '2026',
    acknowledgement: 'files/ack.pdf',
    acknowledgement_status: 'Approved',
    chairman_application_certificate_status: 'Rejected',
    chairman_application_certificate_reason: 'Unsigned',
  });

  it('goes on with it: its tracker and re-upload, and this season’s apply button under it', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL, { ...CLOSED, review_closed_at: null }]);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([returned2026]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(
      await screen.findByText(
        'Your application for Durga Puja 2026 is still under review. You can go on with it here.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Re-upload' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Apply for 2027 Durga puja NOC' })).toBeVisible();
    expect(screen.queryByText('No decision was made')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Previous seasons' })).toBeNull();
  });

  it('under this season’s application, it is "Still under review", never "No decision was made"', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL, CLOSED]);
    const current = application({ id: 44, apply_year: '2027' });
    vi.mocked(getMyApplication).mockResolvedValue(current);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([current, returned2026]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const list = await screen.findByRole('region', { name: 'Previous seasons' });
    expect(list).toHaveTextContent('Still under review');
    expect(list).not.toHaveTextContent('No decision was made');
  });

  // This season's: acknowledged, with the municipality; nothing for the club to do.
  const current = application({
    id: 44,
    apply_year: '2027',
    acknowledgement: 'files/ack.pdf',
    acknowledgement_status: 'Approved',
  });

  it('beside this season’s application it keeps its actions, and the banner points at it first', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL, CLOSED]);
    vi.mocked(getMyApplication).mockResolvedValue(current);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([current, returned2026]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const banner = await screen.findByTestId('next-step');
    expect(banner).toHaveTextContent(
      'Durga Puja 2026: 1 document needs your attention: Chairman Application',
    );
    // Its button goes to the 2026 application's re-upload, not to this season's tracker.
    const go = within(banner).getByRole('link', { name: 'Re-upload' });
    expect(go).toHaveAttribute('href', '#reupload-chairman_application_certificate-43');
    const section = screen.getByRole('region', { name: 'Durga Puja 2026: Still under review' });
    const picker = within(section).getByLabelText(/^New file for/);
    expect(picker).toHaveAttribute('id', 'reupload-chairman_application_certificate-43');
    expect(within(section).getByRole('button', { name: 'Re-upload' })).toBeVisible();
    expect(within(section).getByText('07')).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'Your documents' })).toBeVisible();
    // "Previous seasons" links its "Still under review" to it.
    const list = screen.getByRole('region', { name: 'Previous seasons' });
    expect(within(list).getByRole('link', { name: 'Still under review' })).toHaveAttribute(
      'href',
      '#earlier-title-43',
    );
  });

  it('an earlier one without its acknowledgement: its own upload and print, and the banner sends there', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL, CLOSED]);
    const unacknowledged2026 = application({ id: 42, apply_year: '2026', reg_no: '12' });
    vi.mocked(getMyApplication).mockResolvedValue(current);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([current, unacknowledged2026]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const banner = await screen.findByTestId('next-step');
    expect(banner).toHaveTextContent('Durga Puja 2026: Upload your signed acknowledgement');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '#ack-file-42');
    const section = screen.getByRole('region', { name: 'Durga Puja 2026: Still under review' });
    expect(within(section).getByRole('heading', { name: 'Action Required' })).toBeVisible();
    expect(within(section).getAllByText('12')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'Print Acknowledgement' })).toHaveAttribute(
      'href',
      '/club/print-acknowledgement?year=2026',
    );
    expect(document.getElementById('ack-file-42')).not.toBeNull();
  });

  it('once staff closed its season’s review: no decision was made, nothing to do', async () => {
    vi.mocked(listSeasons).mockResolvedValue([
      OPEN_UNTIL,
      { ...CLOSED, review_closed_at: '2027-01-05T06:00:00.000Z' },
    ]);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([returned2026]);
    await renderApp('/club/dashboard', CLUB_SESSION);
    const list = await screen.findByRole('region', { name: 'Previous seasons' });
    expect(list).toHaveTextContent('No decision was made');
    expect(screen.queryByRole('button', { name: 'Re-upload' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
  });
});

describe('an earlier season’s certificate', () => {
  it('prints from the club’s own history, with its season’s memo number', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([issued2025]);
    vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/club/print-certificate?year=2025', CLUB_SESSION);
    const letter = await screen.findByRole('article', { name: 'No Objection Certificate' });
    expect(letter).toHaveTextContent('Memo No.: 07/DURGAPUJA/2025');
    expect(letter).toHaveTextContent('7K2M9QXC4T8VBN3JD6WRPHYF5A');
  });

  it('says "Application not found." for a season the club has no application in', async () => {
    vi.mocked(listSeasons).mockResolvedValue([OPEN_UNTIL]);
    vi.mocked(getMyApplicationHistory).mockResolvedValue([issued2025]);
    await renderApp('/club/print-certificate?year=2023', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'Application not found.' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Print Now' })).toBeNull();
  });
});
