import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { exportIssuedNocs } from '../../../features/issued-nocs/export-xlsx';
import { renderApp } from '../../../test-support/app';
import { application } from '../../../test-support/applications';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
}));
vi.mock('../../../features/issued-nocs/export-xlsx', () => ({ exportIssuedNocs: vi.fn() }));

const approved = (id: number, club: string, ward: number) =>
  application(id, club, '11111', {
    chairman_approved_date: '2025-09-01T00:00:00Z',
    puja_location_ward_no: ward,
    puja_location_address: `${club} Park`,
  });

const apps = [
  approved(7, 'Sree Sangha', 3),
  approved(8, 'Tarun Club', 5),
  application(9, 'Nabin Sangha', '11110'), // waits for the chairman: not issued
];

beforeEach(() => {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: apps,
    etag: '"v1"',
  });
  signIn('admin');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const clubNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[1]?.textContent);

describe('Issued NOCs', () => {
  it('lists the chairman-approved applications only, with memo number and date', async () => {
    renderApp('/admin/issued-noc');
    expect(
      await screen.findByRole('heading', { name: 'Issued NOCs (Chairman Approved)' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(clubNames()).toEqual(['Sree Sangha', 'Tarun Club']));
    const row = screen.getByRole('row', { name: /Sree Sangha/ });
    expect(row).toHaveTextContent('Sree Sangha Park');
    expect(row).toHaveTextContent('01/09/2025');
    expect(
      within(row).getByRole('button', { name: 'Print Certificate Sree Sangha' }),
    ).toBeEnabled();
  });

  it('keeps the search and the ward in the URL, so a reload or a shared link shows the same rows', async () => {
    const router = renderApp('/admin/issued-noc?ward=5');
    await waitFor(() => expect(clubNames()).toEqual(['Tarun Club']));
    expect(screen.getByRole('textbox', { name: 'Ward' })).toHaveValue('Ward No: 5');

    await userEvent.click(screen.getByRole('textbox', { name: 'Ward' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All Wards' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(clubNames()).toEqual(['Sree Sangha', 'Tarun Club']));

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Search by Club, Reg No, Memo...' }),
      'sree',
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'sree' }));
    expect(clubNames()).toEqual(['Sree Sangha']);
  });

  it('says so when nothing matches', async () => {
    renderApp('/admin/issued-noc?q=nobody');
    expect(await screen.findByText('No matching approved NOCs found.')).toBeInTheDocument();
  });

  it("exports the rows shown, named with the season's year (the list's, without seasons)", async () => {
    renderApp('/admin/issued-noc?q=tarun');
    await waitFor(() => expect(clubNames()).toEqual(['Tarun Club']));
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exportIssuedNocs).toHaveBeenCalledTimes(1));
    const [rows, year] = vi.mocked(exportIssuedNocs).mock.calls[0]!;
    expect(rows.map((app) => app.club_name)).toEqual(['Tarun Club']);
    expect(year).toBe(2025);
  });

  it('says there is nothing to export instead of downloading an empty sheet', async () => {
    renderApp('/admin/issued-noc?q=nobody');
    expect(await screen.findByText('No matching approved NOCs found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(
      await screen.findByText('No approved NOCs match this search, so there is nothing to export.'),
    ).toBeInTheDocument();
    expect(exportIssuedNocs).not.toHaveBeenCalled();
  });

  it('says when the export fails', async () => {
    vi.mocked(exportIssuedNocs).mockRejectedValueOnce(new Error('disk full'));
    renderApp('/admin/issued-noc');
    await waitFor(() => expect(clubNames()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Export failed.')).toBeInTheDocument();
  });

  it('prints a row’s certificate: the chairman’s letter with its memo number', async () => {
    renderApp('/admin/issued-noc');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Print Certificate Tarun Club' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'No Objection Certificate' });
    const sheet = within(dialog).getByRole('article', { name: 'No Objection Certificate' });
    expect(sheet).toHaveTextContent('Tarun Club');
    expect(within(dialog).getByRole('button', { name: 'Print Certificate' })).toBeEnabled();
  });

  it('says when the list cannot be loaded', async () => {
    vi.mocked(api.listApplicationsIfChanged).mockRejectedValue(
      new api.ApiError('network', 'Failed to load NOC applications.'),
    );
    renderApp('/admin/issued-noc');
    expect(await screen.findByText('Failed to load NOC applications.')).toBeInTheDocument();
  });
});
