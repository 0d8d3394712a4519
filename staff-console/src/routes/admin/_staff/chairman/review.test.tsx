import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../../test-support/app';
import { application } from '../../../../test-support/applications';
import { signIn } from '../../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
  decideFinal: vi.fn(),
}));

// application(id) last changed on 2025-08-(10 + id % 10): id 11 has waited longest.
const apps = [
  application(7, 'Tarun Club', '11110', { club_president_name: 'Rina Paul' }),
  application(11, 'Agradoot Sangha', '11110', { club_president_name: 'Mou Das' }),
  application(4, 'Milan Chakra', '11100'), // the land agreement still waits
  application(9, 'Nabin Sangha', '11111'), // issued already
];

function answer(list: typeof apps) {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: list,
    etag: '"v1"',
  });
}

const decided = {
  message: 'Decision submitted successfully!',
  messageKey: 'final.success',
  application: null,
} as const;

beforeEach(() => {
  answer(apps);
  signIn('chairman');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        // The name cell also says how long the application has waited: its link is the name.
        .map((cell, i) => (i === 0 ? within(cell).getByRole('link') : cell).textContent),
    );

describe('Chairman Final Review', () => {
  it('lists the applications whose documents are all approved, oldest first', async () => {
    renderApp('/admin/chairman/review');
    expect(await screen.findByRole('heading', { name: 'Chairman Final Review' })).toBeVisible();
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Agradoot Sangha', 'Mou Das', '2025'],
        ['Tarun Club', 'Rina Paul', '2025'],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Tarun Club' })).toHaveAttribute(
      'href',
      '/admin/noc-applications/7',
    );
  });

  it('shows the ward, the puja location with its ward and a link to the documents in each row', async () => {
    answer([
      application(7, 'Tarun Club', '11110', {
        ward_no: 7,
        puja_location_address: 'Deshbandhu Park',
        puja_location_ward_no: 12,
      }),
    ]);
    renderApp('/admin/chairman/review');
    const link = await screen.findByRole('link', { name: 'View documents Tarun Club' });
    expect(link).toHaveAttribute('href', '/admin/noc-applications/7#document-verification');
    const row = link.closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    const cell = (header: string) =>
      within(row).getAllByRole('cell')[headers.findIndex((text) => text?.includes(header))];
    expect(cell('Ward')).toHaveTextContent('7');
    expect(cell('Puja Location')).toHaveTextContent('Deshbandhu Park');
    expect(cell('Puja Location')).toHaveTextContent('Puja Ward No: 12');
  });

  it('approves in the row, naming the document versions the chairman saw', async () => {
    vi.mocked(api.decideFinal).mockResolvedValue(decided);
    renderApp('/admin/chairman/review');
    const approveTarun = await screen.findByRole('button', { name: 'Approve Tarun Club' });
    // What the server holds once it has recorded the decision.
    answer([application(7, 'Tarun Club', '11111'), ...apps.slice(1)]);
    await userEvent.click(approveTarun);
    // The chairman confirms before issuing: nothing is sent until Yes.
    const confirm = await screen.findByRole('dialog', { name: 'Issue the NOC to Tarun Club?' });
    expect(api.decideFinal).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, issue the NOC' }));
    expect(api.decideFinal).toHaveBeenCalledWith({
      id: 7,
      decision: 'approve',
      reason: '',
      files: {
        acknowledgement: 'files/ack.pdf',
        chairman_application_certificate: 'files/a.pdf',
        certificate: 'files/b.png',
        agreement: 'files/c.pdf',
      },
      // The decision it replaces: a decision given meanwhile is refused (issue 19 item 7).
      replaces: 'Pending',
    });
    // Decided: the row leaves the panel at once.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tarun Club' })).toBeNull());
    expect(await screen.findByText('Decision submitted successfully!')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    vi.mocked(api.decideFinal).mockResolvedValue(decided);
    renderApp('/admin/chairman/review');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Agradoot Sangha' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the application of Agradoot Sangha?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, reject' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Pandal blocks the road.');
    await userEvent.click(confirm);
    expect(api.decideFinal).toHaveBeenCalledWith(
      expect.objectContaining({ id: 11, decision: 'reject', reason: 'Pandal blocks the road.' }),
    );
  });

  it('keeps the row when a document was replaced meanwhile (409), and says so', async () => {
    vi.mocked(api.decideFinal).mockRejectedValue(
      new api.ApiError('refused', 'Submission failed.', {
        status: 409,
        messageKey: 'final.documentChanged',
      }),
    );
    renderApp('/admin/chairman/review');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Tarun Club' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, issue the NOC' }),
    );
    expect(
      await screen.findByText(
        'A document of this application was replaced since you opened it. Please review the new version.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Tarun Club' })).toBeEnabled();
  });

  it('says so when no final decision is due', async () => {
    answer([apps[2]!, apps[3]!]);
    renderApp('/admin/chairman/review');
    expect(await screen.findByText('No applications match your criteria')).toBeInTheDocument();
  });
});
