import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../../test-support/app';
import { application } from '../../../../test-support/applications';
import { signIn } from '../../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
  updateDocumentStatus: vi.fn(),
}));

// application(id) last changed on 2025-08-(10 + id % 10): id 12 has waited longest.
const apps = [
  application(6, 'Tarun Club', '11000'), // certificate due
  application(3, 'Agradoot Sangha', '11100'), // land agreement due
  application(12, 'Milan Chakra', '10000'), // certificate waits for the chairman application
  application(5, 'Ekata Club', '11110'), // documents done: the chairman's turn
  application(9, 'Nabin Sangha', '11111'), // issued
];

function answer(list: typeof apps) {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: list,
    etag: '"v1"',
  });
}

beforeEach(() => {
  answer(apps);
  signIn('store');
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const clubNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);

const approve = (doc: string, club: string) =>
  screen.getByRole('button', { name: `Approve ${doc} ${club}` });
const reject = (doc: string, club: string) =>
  screen.getByRole('button', { name: `Reject ${doc} ${club}` });
const noApprove = (doc: string, club: string) =>
  expect(screen.queryByRole('button', { name: `Approve ${doc} ${club}` })).toBeNull();
/** Approves a document not opened: the panel asks once, the clerk approves it as it is. */
async function approveUnopened(doc: string, club: string) {
  await userEvent.click(approve(doc, club));
  const ask = await screen.findByRole('dialog', { name: 'Approve without opening?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Approve without opening' }));
}

describe('Document Review Panel (store)', () => {
  it('lists the applications whose certificate or land agreement waits, oldest first', async () => {
    renderApp('/admin/store/review');
    expect(await screen.findByRole('heading', { name: 'Document Review Panel' })).toBeVisible();
    await waitFor(() =>
      expect(clubNames()).toEqual(['Milan Chakra', 'Agradoot Sangha', 'Tarun Club']),
    );
    expect(screen.getByRole('link', { name: 'Tarun Club' })).toHaveAttribute(
      'href',
      '/admin/noc-applications/6',
    );
  });

  it('offers approve and reject only for the document whose turn it is', async () => {
    renderApp('/admin/store/review');
    await screen.findByRole('link', { name: 'Tarun Club' });
    expect(approve('Previous Year S.D.O Permission', 'Tarun Club')).toBeEnabled();
    noApprove('Land Agreement', 'Tarun Club');
    expect(approve('Land Agreement', 'Agradoot Sangha')).toBeEnabled();
    // The chairman's application is not approved yet: the certificate waits, and says so.
    noApprove('Previous Year S.D.O Permission', 'Milan Chakra');
    expect(
      within(screen.getByRole('link', { name: 'Milan Chakra' }).closest('tr')!).getAllByText(
        'Waits for the chairman application.',
      ).length,
    ).toBeGreaterThan(0);
    // A decided document shows its status, not the buttons.
    expect(
      screen.queryByRole('button', {
        name: 'Approve Previous Year S.D.O Permission Agradoot Sangha',
      }),
    ).toBeNull();
  });

  it('approves in the row: the row shows it at once, the server names the file seen', async () => {
    let settle: (value: api.ApplicationResult) => void = () => undefined;
    vi.mocked(api.updateDocumentStatus).mockReturnValue(
      new Promise((resolve) => (settle = resolve)),
    );
    renderApp('/admin/store/review');
    await screen.findByRole('link', { name: 'Tarun Club' });
    await approveUnopened('Previous Year S.D.O Permission', 'Tarun Club');
    expect(api.updateDocumentStatus).toHaveBeenCalledWith({
      id: 6,
      doc: 'certificate',
      decision: 'approve',
      reason: '',
      file: 'files/b.png',
    });
    // The land agreement is next at once, before the server answers.
    await waitFor(() => expect(approve('Land Agreement', 'Tarun Club')).toBeEnabled());
    await act(async () =>
      settle({
        message: 'Document approved successfully!',
        messageKey: 'review.approveSuccess',
        application: null,
      }),
    );
    expect(await screen.findByText('Document approved successfully!')).toBeInTheDocument();
  });

  it('rejects with the reason written in the dialog', async () => {
    vi.mocked(api.updateDocumentStatus).mockResolvedValue({
      message: 'Document rejected successfully!',
      messageKey: 'review.rejectSuccess',
      application: null,
    });
    renderApp('/admin/store/review');
    await screen.findByRole('link', { name: 'Agradoot Sangha' });
    await userEvent.click(reject('Land Agreement', 'Agradoot Sangha'));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject: Land Agreement (Agradoot Sangha)',
    });
    await userEvent.type(within(dialog).getByRole('textbox'), '  The deed is unsigned.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.updateDocumentStatus).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 3,
        doc: 'agreement',
        decision: 'reject',
        reason: 'The deed is unsigned.',
      }),
    );
    expect(await screen.findByText('Document rejected successfully!')).toBeInTheDocument();
  });

  it('puts a refused decision back and says why', async () => {
    vi.mocked(api.updateDocumentStatus).mockRejectedValue(
      new api.ApiError('refused', 'refused', { status: 409, messageKey: 'review.documentChanged' }),
    );
    renderApp('/admin/store/review');
    await screen.findByRole('link', { name: 'Tarun Club' });
    await approveUnopened('Previous Year S.D.O Permission', 'Tarun Club');
    expect(
      await screen.findByText(
        'This document was replaced since you opened it. Please review the new version.',
      ),
    ).toBeInTheDocument();
    expect(approve('Previous Year S.D.O Permission', 'Tarun Club')).toBeEnabled();
    noApprove('Land Agreement', 'Tarun Club');
  });

  it('says so when nothing waits', async () => {
    answer([apps[3]!, apps[4]!]);
    renderApp('/admin/store/review');
    expect(await screen.findByText('No applications match your criteria')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    vi.mocked(api.listApplicationsIfChanged).mockRejectedValue(new Error('offline'));
    renderApp('/admin/store/review');
    expect(await screen.findByText('Failed to fetch pending applications.')).toBeInTheDocument();
  });
});
