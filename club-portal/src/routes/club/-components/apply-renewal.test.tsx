import type * as ApiClient from '@puja/api-client';
import {
  applyForNoc,
  getMyApplication,
  getMyApplicationHistory,
  listSeasons,
} from '@puja/api-client';
import type { SeasonWithState } from '@puja/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, pdfFile, renderApp } from '../../../test-support/render-app';
import { useApplyDraftStore } from '../../../features/documents/apply-draft-store';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  // A host without resumable uploads: the documents go in the one multipart call.
  resumableUploadsSupported: vi.fn(async () => false),
  getMyApplication: vi.fn(),
  getMyApplicationHistory: vi.fn(),
  listSeasons: vi.fn(),
  applyForNoc: vi.fn(),
}));

/** The 2026 season, open far around today (its state never depends on the day). */
const SEASON_2026: SeasonWithState = {
  year: 2026,
  opens_on: '2020-01-01',
  closes_on: '2999-12-31',
  puja_starts_on: null,
  state: 'open',
};

const last2025 = application({
  id: 41,
  apply_year: '2025',
  puja_location_ward_no: 12,
  puja_location_address: 'Deshapriya Park, Kolkata',
  land_type: 'own',
  club_president_name: 'Amit Sen',
  club_president_phone: '9830000001',
  club_secrety_name: 'Bina Roy',
  club_secrety_phone: '9830000002',
  puja_presient_name: 'Chandan Das',
  puja_presient_phone: '9830000003',
  puja_secretary_name: 'Dipa Ghosh',
  puja_secretary_phone: '9830000004',
  chairman_status: 'Approved',
});

const PREFILLED = /^Your details are filled in from your 2025 application\./;
const REUSE = "Use last year's land document";

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMyApplication).mockResolvedValue(null);
  vi.mocked(getMyApplicationHistory).mockResolvedValue([last2025]);
  vi.mocked(listSeasons).mockResolvedValue([SEASON_2026]);
  useApplyDraftStore.setState({ clubId: null, fields: null, carryLandDocument: false });
});

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function chooseOtherFour(user: User) {
  for (const label of [
    'Chairman Application',
    'Previous Year S.D.O Permission',
    'Puja Committee List',
    'Puja Budget',
  ]) {
    await user.upload(screen.getByLabelText(label), pdfFile(`${label}.pdf`));
  }
}

describe('renewing for the next season', () => {
  it('prefills last season’s details, says so, and keeps every field editable', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(
      await screen.findByRole('heading', { name: 'Apply for NOC Durga puja 2026' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Apply Year')).toHaveValue('2026');
    expect(screen.getByText(PREFILLED)).toBeVisible();
    expect(screen.getByLabelText('Puja Location Ward No.')).toHaveValue('12');
    expect(screen.getByLabelText('Puja Location Address')).toHaveValue('Deshapriya Park, Kolkata');
    expect(screen.getByLabelText('Club President Name')).toHaveValue('Amit Sen');
    expect(screen.getByLabelText('Puja Committee Secretary Phone')).toHaveValue('9830000004');
    expect(screen.getByRole('radio', { name: 'Own' })).toBeChecked();
    const president = screen.getByLabelText('Club President Name');
    await user.clear(president);
    await user.type(president, 'Anil Sen');
    expect(president).toHaveValue('Anil Sen');
    // The documents are new each season: none is prefilled but the land one on request.
    expect(screen.getByRole('checkbox', { name: REUSE })).not.toBeChecked();
    expect(screen.getByLabelText('Holding / Khatian / Land Deed')).toBeInTheDocument();
  });

  it('carries last year’s land document over with one tap and sends four files', async () => {
    vi.mocked(applyForNoc).mockResolvedValue({
      message: 'Application submitted! Please proceed to the next step.',
      messageKey: undefined,
      application: null,
    });
    const { user, router } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await user.click(await screen.findByRole('checkbox', { name: REUSE }));
    expect(screen.getByText("Last year's land document will be used.")).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByLabelText('Holding / Khatian / Land Deed')).toBeNull();
    await chooseOtherFour(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    const call = vi.mocked(applyForNoc).mock.calls[0]![0];
    expect(call.landDocumentFrom).toBe(41);
    expect(call.apply_year).toBe(2026);
    expect(call.fields).toMatchObject({
      ward_no: 12,
      puja_location_address: 'Deshapriya Park, Kolkata',
      land_type: 'own',
      puja_secretary_phone: '9830000004',
    });
    expect(Object.keys(call.files).sort()).toEqual([
      'certificate_image',
      'chairman_application_certificate',
      'puja_budget',
      'puja_committee',
    ]);
  });

  it('the carry-over is kept in the draft: a reload finds it still ticked', async () => {
    const first = await renderApp('/club/apply-noc', CLUB_SESSION);
    await first.user.click(await screen.findByRole('checkbox', { name: REUSE }));
    cleanup();
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByRole('checkbox', { name: REUSE })).toBeChecked();
    expect(screen.getByText("Last year's land document will be used.")).toBeVisible();
  });

  it('changing the land type un-does the carry-over and asks for the new document', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await user.click(await screen.findByRole('checkbox', { name: REUSE }));
    await user.click(screen.getByRole('radio', { name: 'Others' }));
    expect(screen.queryByRole('checkbox', { name: REUSE })).toBeNull();
    expect(
      screen.getByText(
        "Last year's land document can be used only when the land type is unchanged.",
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Land Agreement Paper')).toBeInTheDocument();
    await chooseOtherFour(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload the land document.');
    expect(applyForNoc).not.toHaveBeenCalled();
    // Back to the old land type: the offer is back, not taken.
    await user.click(screen.getByRole('radio', { name: 'Own' }));
    expect(screen.getByRole('checkbox', { name: REUSE })).not.toBeChecked();
  });

  it('without a land document kept (removed under retention) there is nothing to carry over', async () => {
    vi.mocked(getMyApplicationHistory).mockResolvedValue([
      { ...last2025, documents_removed_at: '2029-01-01T00:00:00Z' },
    ]);
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByText(PREFILLED)).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: REUSE })).toBeNull();
    expect(screen.getByLabelText('Holding / Khatian / Land Deed')).toBeInTheDocument();
  });

  it('a club applying for the first time gets an empty form and no notice', async () => {
    vi.mocked(getMyApplicationHistory).mockResolvedValue([]);
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByLabelText('Puja Location Address')).toHaveValue('');
    expect(screen.queryByText(PREFILLED)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: REUSE })).toBeNull();
  });

  it('outside the season’s window the club is told so and sent to its dashboard', async () => {
    vi.mocked(listSeasons).mockResolvedValue([
      { ...SEASON_2026, opens_on: '2999-01-01', closes_on: null, state: 'upcoming' },
    ]);
    const { router } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    expect(
      await screen.findByText('Applications for this season are not open yet.'),
    ).toBeInTheDocument();
  });
});
