import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { Club } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listClubs: vi.fn(),
  addClub: vi.fn(),
  updateClub: vi.fn(),
  deleteClub: vi.fn(),
  setClubStatus: vi.fn(),
  releaseClub: vi.fn(),
  handOverClub: vi.fn(),
  listApplicationsIfChanged: vi.fn(),
}));

const clubs: Club[] = [
  {
    id: 1,
    clubname: 'Sree Sangha',
    status: 'A',
    registration: { email: 'sree@example.org', phone: '9830012345', registered_at: '2025-08-01' },
  },
  { id: 2, clubname: 'Tarun Club', status: 'I', registration: null },
  { id: 3, clubname: 'Nabin Sangha', status: 'A', registration: null },
];

const outcome = (message: string) => ({ message, messageKey: undefined });

beforeEach(() => {
  vi.mocked(api.listClubs).mockResolvedValue(clubs.map((club) => ({ ...club })));
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: [],
    etag: '"v1"',
  });
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const nameCells = () =>
  screen.getAllByRole('row').flatMap((row) => {
    const cells = within(row).queryAllByRole('cell');
    return cells.length > 1 ? [cells[1]!.textContent] : [];
  });

describe('Manage Clubs', () => {
  it('lists every club with its status and registration, and searches by name', async () => {
    signIn('admin');
    renderApp('/admin/manage-clubs');
    expect(await screen.findByRole('heading', { name: 'Manage Clubs' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Sree Sangha' })).toBeInTheDocument();
    expect(nameCells()).toEqual(['Sree Sangha', 'Tarun Club', 'Nabin Sangha']);
    expect(screen.getByRole('switch', { name: 'Sree Sangha: Active' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Tarun Club: Inactive' })).not.toBeChecked();
    expect(
      screen.getByText('Registered by sree@example.org, 9830012345, on 01/08/2025'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Not registered')).toHaveLength(2);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search by club name' }), 'sangha');
    await waitFor(() => expect(nameCells()).toEqual(['Sree Sangha', 'Nabin Sangha']));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by club name' }), 'zzz');
    expect(await screen.findByText('No clubs found')).toBeInTheDocument();
  });

  it('writes who registered a club in বাংলা digits once the language is switched', async () => {
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await screen.findByRole('cell', { name: 'Sree Sangha' });
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    expect(
      await screen.findByText('sree@example.org, ৯৮৩০০১২৩৪৫ দ্বারা ০১/০৮/২০২৫ তারিখে নথিভুক্ত'),
    ).toBeInTheDocument();
    await act(() => api.localeStore.getState().chooseLocale('en'));
  });

  it('shows an empty list and says "Could not fetch clubs." when the list fails', async () => {
    vi.mocked(api.listClubs).mockImplementation(async (options) => {
      options?.onError?.(new api.ApiError('network', 'offline'));
      return [];
    });
    signIn('admin');
    renderApp('/admin/manage-clubs');
    expect(await screen.findByText('offline')).toBeInTheDocument();
    expect(await screen.findByText('No clubs found')).toBeInTheDocument();
  });

  it('adds a club, says so, and shows the list as the server now has it', async () => {
    vi.mocked(api.addClub).mockResolvedValue(outcome('Club added successfully!'));
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await screen.findByRole('cell', { name: 'Sree Sangha' });
    vi.mocked(api.listClubs).mockResolvedValue([
      ...clubs,
      { id: 4, clubname: 'Ekata Club', status: 'A', registration: null },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add New Club' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Club Name/ }), 'Ekata Club');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.addClub).toHaveBeenCalledWith({ clubname: 'Ekata Club' });
    expect(await screen.findByText('Club added successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Ekata Club' })).toBeInTheDocument();
  });

  it('renames a club from its Edit dialog, which starts with the current name', async () => {
    vi.mocked(api.updateClub).mockResolvedValue(outcome('Club updated successfully!'));
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tarun Club' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Club Name/ });
    expect(name).toHaveValue('Tarun Club');
    await userEvent.clear(name);
    await userEvent.type(name, 'Tarun Sangha');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.updateClub).toHaveBeenCalledWith({ id: 2, clubname: 'Tarun Sangha' });
    expect(await screen.findByText('Club updated successfully!')).toBeInTheDocument();
  });

  it('turns a club inactive with its switch and fetches the list anew', async () => {
    vi.mocked(api.setClubStatus).mockResolvedValue(outcome('Club status updated to Inactive'));
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(await screen.findByRole('switch', { name: 'Sree Sangha: Active' }));
    expect(api.setClubStatus).toHaveBeenCalledWith({ id: 1, status: 'I' });
    expect(await screen.findByText('Club status updated to Inactive')).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(api.listClubs).mock.calls.length).toBeGreaterThan(1));
  });

  it('asks before deleting, and shows the server’s reason when it refuses', async () => {
    vi.mocked(api.deleteClub).mockRejectedValue(
      new api.ApiError('refused', 'refused', { status: 409, messageKey: 'clubs.deleteInUse' }),
    );
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sree Sangha' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this club?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteClub).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Sree Sangha' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(api.deleteClub).toHaveBeenCalledWith({ id: 1 });
    expect(
      await screen.findByText(
        'This club has an account or an application and cannot be deleted. Deactivate it instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Sree Sangha' })).toBeInTheDocument();
  });

  it('says what a release does, asks why, and sends the reason (decision 0028)', async () => {
    vi.mocked(api.releaseClub).mockResolvedValue(outcome("The club's registration was released."));
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Release registration Sree Sangha' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Release registration: Sree Sangha',
    });
    expect(dialog).toHaveTextContent(/withdrawn \(kept read-only in the history/);
    // Without a reason nothing is sent, and the field says why.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release registration' }));
    expect(within(dialog).getByText('Please say why the registration is released.')).toBeVisible();
    expect(api.releaseClub).not.toHaveBeenCalled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why is this registration released/ }),
      'The real club came with its papers',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release registration' }));
    expect(api.releaseClub).toHaveBeenCalledWith({
      id: 1,
      reason: 'The real club came with its papers',
    });
    expect(await screen.findByText("The club's registration was released.")).toBeInTheDocument();
  });

  it('sends no release when its dialog is cancelled', async () => {
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Release registration Sree Sangha' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.releaseClub).not.toHaveBeenCalled();
  });

  it('offers no release to the chairman', async () => {
    signIn('chairman');
    renderApp('/admin/manage-clubs');
    await screen.findByRole('cell', { name: 'Sree Sangha' });
    expect(screen.queryByRole('button', { name: /^Release registration/ })).toBeNull();
  });

  it('hands a club account to a new address: says what happens, asks where and why, keeps a refusal (issue 27)', async () => {
    vi.mocked(api.handOverClub)
      .mockRejectedValueOnce(
        new api.ApiError('refused', 'x', { status: 409, messageKey: 'users.emailTaken' }),
      )
      .mockResolvedValueOnce(outcome('done'));
    signIn('admin');
    renderApp('/admin/manage-clubs');
    await userEvent.click(await screen.findByRole('button', { name: 'Hand over Sree Sangha' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Hand over the account of Sree Sangha',
    });
    expect(dialog).toHaveTextContent(/the old holder can no longer log in and is told by mail/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(within(dialog).getByText('Email is required.')).toBeVisible();
    expect(within(dialog).getByText('Please say why the registration is released.')).toBeVisible();
    expect(api.handOverClub).not.toHaveBeenCalled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /New e-mail address/ }),
      'New@Club.in',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'New secretary elected',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A user with this email already exists.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(api.handOverClub).toHaveBeenLastCalledWith({
      id: 1,
      email: 'new@club.in',
      reason: 'New secretary elected',
    });
    expect(await screen.findByText('The account has been handed over.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no hand-over to store or chairman', async () => {
    signIn('store');
    renderApp('/admin/manage-clubs');
    await screen.findByRole('cell', { name: 'Sree Sangha' });
    expect(screen.queryByRole('button', { name: /^Hand over/ })).toBeNull();
  });
});
