import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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
  decideFinal: vi.fn(),
  getApplicationHistory: vi.fn(),
}));

const apps = [
  application(1, 'Sree Sangha', '00000'),
  application(2, 'Tarun Club', '11000'),
  application(3, 'Agradoot Sangha', '11110'),
  application(4, 'Milan Chakra', '11111', { chairman_approved_date: '2025-09-01T00:00:00Z' }),
  application(5, 'Ekata Club', '12000', { chairman_application_certificate_reason: 'Unsigned' }),
];

beforeEach(() => {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: apps,
    etag: '"v1"',
  });
  vi.mocked(api.getApplicationHistory).mockResolvedValue([]);
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const cardNames = () =>
  within(screen.getByTestId('application-cards'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('NOC Applications list', () => {
  it('shows the Chairman Review tab to admin and chairman only', async () => {
    signIn('store');
    renderApp('/admin/noc-applications');
    await screen.findByRole('tab', { name: 'Pending' });
    expect(screen.queryByRole('tab', { name: 'Chairman Review' })).not.toBeInTheDocument();
  });

  it('reads tab and filters from the URL and writes changes back (a reload keeps them)', async () => {
    signIn('chairman');
    const router = renderApp('/admin/noc-applications?tab=pending&q=club');
    expect(await screen.findByRole('tab', { name: 'Chairman Review' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Tarun Club', 'Ekata Club']));
    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'rejected', q: 'club' }),
    );
    expect(cardNames()).toEqual(['Ekata Club']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'rejected' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by club name' }), 'zzz');
    expect(await screen.findByText('No applications match your criteria')).toBeInTheDocument();
  });

  it('each card says where the application stands, the step it waits at and days only while waiting; the oldest stand out', async () => {
    signIn('admin');
    renderApp('/admin/noc-applications');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;
    expect(card('Sree Sangha')).toHaveTextContent('In review · Acknowledgement');
    expect(card('Sree Sangha')).toHaveTextContent(/Waiting \d+ days/);
    expect(card('Sree Sangha')).toHaveAttribute('data-oldest', 'true');
    expect(card('Milan Chakra')).toHaveTextContent('NOC issued');
    expect(card('Milan Chakra')).not.toHaveTextContent(/Waiting/);
    expect(card('Ekata Club')).toHaveTextContent('Returned to the club');
    expect(card('Ekata Club')).not.toHaveAttribute('data-oldest');
  });

  it('labels both filters of the Pending tab', async () => {
    signIn('store');
    renderApp('/admin/noc-applications?tab=pending');
    expect(await screen.findByRole('textbox', { name: 'Pending document' })).toHaveValue(
      'All Pending',
    );
    expect(screen.getByRole('textbox', { name: 'Waiting at review step' })).toHaveValue(
      'All review steps',
    );
  });

  it('every staff role finds an application without its acknowledgement under Awaiting acknowledgement, with its submit date and phone', async () => {
    const waiting = application(6, 'Naba Pally', '00000', {
      acknowledgement: null,
      reg_no: '31',
      phone: '9831077777',
      created_at: '2025-08-03T10:00:00.000Z',
      puja_location_ward_no: 12,
    });
    vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
      changed: true,
      applications: [...apps, waiting],
      etag: '"v2"',
    });
    for (const role of ['store', 'admin', 'chairman'] as const) {
      signIn(role);
      renderApp('/admin/noc-applications');
      await waitFor(() => expect(cardNames()).toHaveLength(5));
      // The spec's All NOCs keeps to acknowledged applications.
      expect(cardNames()).not.toContain('Naba Pally');
      expect(screen.getByTestId('result-count')).toHaveTextContent('5 applications');
      await userEvent.click(screen.getByRole('tab', { name: 'Awaiting acknowledgement' }));
      // The club's name (to the detail) and its phone (to call it) are the card's links.
      await waitFor(() => expect(cardNames()).toEqual(['Naba Pally', '9831077777']));
      const card = screen.getByRole('link', { name: 'Naba Pally' }).closest('article')!;
      expect(card).toHaveTextContent('Submitted: 03/08/2025');
      expect(card).toHaveTextContent('Puja Ward No: 12');
      expect(within(card).getByRole('link', { name: '9831077777' })).toHaveAttribute(
        'href',
        'tel:9831077777',
      );
      expect(screen.getByTestId('result-count')).toHaveTextContent('1 application');
      cleanup();
      api.sessionStore.getState().clearSession();
    }
    // In বাংলা the phone is in Bengali digits (one script of digits per screen); it still calls.
    signIn('store');
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    try {
      renderApp('/admin/noc-applications?tab=awaitingAcknowledgement');
      const phone = await screen.findByRole('link', { name: '৯৮৩১০৭৭৭৭৭' });
      expect(phone).toHaveAttribute('href', 'tel:9831077777');
    } finally {
      await act(() => api.localeStore.getState().chooseLocale('en'));
    }
  });

  it('the search also finds an application number, reg. no. and phone, and says how many match', async () => {
    const registered = application(7, 'Bandhu Mahal', '10000', {
      reg_no: '77',
      govt_register_no: 'WB/118',
      phone: '9830012399',
    });
    vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
      changed: true,
      applications: [...apps, registered],
      etag: '"v3"',
    });
    signIn('store');
    renderApp('/admin/noc-applications');
    await waitFor(() => expect(cardNames()).toHaveLength(6));
    const box = screen.getByRole('textbox', { name: 'Search by club name' });
    expect(box).toHaveAccessibleDescription('Also finds an application no., reg. no. or phone');
    for (const q of ['77', 'wb/118', '98300 12399']) {
      await userEvent.clear(box);
      await userEvent.type(box, q);
      await waitFor(() => expect(cardNames()).toEqual(['Bandhu Mahal']));
      expect(screen.getByTestId('result-count')).toHaveTextContent('1 application');
    }
    await userEvent.clear(box);
    await userEvent.type(box, 'sangha');
    await waitFor(() =>
      expect(screen.getByTestId('result-count')).toHaveTextContent('2 applications'),
    );
  });

  it('a store user at the Chairman Review tab of a shared link sees All NOCs', async () => {
    signIn('store');
    renderApp('/admin/noc-applications?tab=chairmanReview');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    expect(screen.getByRole('tab', { name: 'All NOCs' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Application detail', () => {
  it('store approves the step whose turn it is with A; the screen shows it at once', async () => {
    signIn('store');
    let settle: (value: api.ApplicationResult) => void = () => undefined;
    vi.mocked(api.updateDocumentStatus).mockReturnValue(
      new Promise((resolve) => (settle = resolve)),
    );
    renderApp('/admin/noc-applications/2');
    const step = await screen.findByTestId('step-certificate');
    // A step that is not its turn says why instead of a greyed button.
    const later = screen.getByTestId('step-agreement');
    expect(within(later).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(later).toHaveTextContent('Waits for the SDO certificate.');
    // Not opened yet: A asks once; opening it from the question shows it, then A approves.
    await userEvent.keyboard('a');
    const ask = await screen.findByRole('dialog', { name: 'Approve without opening?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Open the document' }));
    expect(
      await screen.findByRole('img', { name: 'Previous Year S.D.O Permission' }),
    ).toBeVisible();
    expect(api.updateDocumentStatus).not.toHaveBeenCalled();
    await userEvent.keyboard('a');
    expect(within(step).getByText('Approved')).toBeInTheDocument();
    expect(api.updateDocumentStatus).toHaveBeenCalledWith(
      // Names the file the reviewer saw, so a replaced file is refused rather than approved unseen.
      expect.objectContaining({
        id: 2,
        doc: 'certificate',
        decision: 'approve',
        file: 'files/b.png',
      }),
    );
    await act(async () =>
      settle({
        message: 'Document approved successfully!',
        messageKey: 'review.approveSuccess',
        application: null,
      }),
    );
    expect(await screen.findByText('Document approved successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Final Chairman Review')).not.toBeInTheDocument();
  });

  it('a refused decision rolls back with the failure toast', async () => {
    signIn('admin');
    vi.mocked(api.updateDocumentStatus).mockRejectedValue(
      new api.ApiError('refused', 'Approval failed.'),
    );
    renderApp('/admin/noc-applications/2');
    const step = await screen.findByTestId('step-certificate');
    await userEvent.click(within(step).getByRole('button', { name: /Approve/ }));
    const ask = await screen.findByRole('dialog', { name: 'Approve without opening?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Approve without opening' }));
    expect(await screen.findByText('Approval failed.')).toBeInTheDocument();
    expect(within(step).getByText('Pending')).toBeInTheDocument();
  });

  it('admin sees the final review blocked until all documents are approved', async () => {
    signIn('admin');
    renderApp('/admin/noc-applications/2');
    expect(
      await screen.findByText(
        'All documents must be approved before the final review can be conducted.',
      ),
    ).toBeInTheDocument();
  });

  it('the chairman’s decision names the documents shown; a 409 refetches and says why', async () => {
    signIn('chairman');
    vi.mocked(api.decideFinal).mockRejectedValue(
      new api.ApiError('refused', 'Submission failed.', {
        status: 409,
        messageKey: 'final.documentChanged',
      }),
    );
    renderApp('/admin/noc-applications/3');
    const panel = await screen.findByRole('region', { name: 'Final Chairman Review' });
    const fetches = vi.mocked(api.listApplicationsIfChanged).mock.calls.length;
    await userEvent.click(within(panel).getByRole('button', { name: /Approve/ }));
    // The final decision issues a certificate: it asks first, naming the club.
    const confirm = await screen.findByRole('dialog', {
      name: 'Issue the NOC to Agradoot Sangha?',
    });
    expect(api.decideFinal).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, issue the NOC' }));
    expect(api.decideFinal).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 3,
        decision: 'approve',
        replaces: 'Pending',
        files: {
          acknowledgement: 'files/ack.pdf',
          chairman_application_certificate: 'files/a.pdf',
          certificate: 'files/b.png',
          agreement: 'files/c.pdf',
        },
      }),
    );
    expect(
      await screen.findByText(
        'A document of this application was replaced since you opened it. Please review the new version.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(vi.mocked(api.listApplicationsIfChanged).mock.calls.length).toBeGreaterThan(fetches),
    );
    expect(within(panel).getByRole('button', { name: /Approve/ })).toBeEnabled();
  });

  it('the history links each version of a document, reachable by keyboard', async () => {
    signIn('store');
    const upload = (from: string, to: string, at: string) => ({
      at,
      user_id: 9,
      role: 'club',
      action: 'upload',
      item: 'certificate',
      from,
      to,
      reason: '',
      from_link: `files/5/${from.slice(0, 4)}.pdf?expires=1&sig=s`,
      to_link: `files/5/${to.slice(0, 4)}.pdf?expires=1&sig=s`,
      notification: null,
      sms: null,
    });
    vi.mocked(api.getApplicationHistory).mockResolvedValue([
      upload('c1c1c1c1c1c1c1c1.pdf', 'c2c2c2c2c2c2c2c2.pdf', '2025-08-02T10:00:00Z'),
      upload('c2c2c2c2c2c2c2c2.pdf', 'c3c3c3c3c3c3c3c3.pdf', '2025-08-03T10:00:00Z'),
    ]);
    renderApp('/admin/noc-applications/5');
    const history = await screen.findByRole('region', { name: 'History' });
    const version = (n: number) =>
      within(history).getAllByRole('link', {
        name: `Previous Year S.D.O Permission: Open version ${n}`,
      });
    await waitFor(() => expect(version(2)).toHaveLength(2));
    expect(version(1)[0]).toHaveAttribute(
      'href',
      'http://api.test/files/5/c1c1.pdf?expires=1&sig=s',
    );
    expect(version(3)[0]).toHaveAttribute(
      'href',
      'http://api.test/files/5/c3c3.pdf?expires=1&sig=s',
    );
    expect(version(1)[0]).toHaveTextContent('Open version 1');
    for (let step = 0; step < 100 && document.activeElement !== version(1)[0]; step += 1) {
      await userEvent.tab();
    }
    expect(version(1)[0]).toHaveFocus();
  });

  it('an issued application shows the disabled Approved button to the chairman', async () => {
    signIn('chairman');
    renderApp('/admin/noc-applications/4');
    expect(await screen.findByRole('button', { name: 'Approved' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('the chairman may withdraw an issued NOC: Reject stays open and asks for a reason', async () => {
    vi.mocked(api.decideFinal).mockResolvedValue({
      ok: true,
      message: 'Decision submitted successfully!',
      messageKey: 'final.success',
      application: null,
    } as Awaited<ReturnType<typeof api.decideFinal>>);
    signIn('chairman');
    renderApp('/admin/noc-applications/4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the NOC of Milan Chakra?' });
    expect(dialog).toHaveTextContent('its verification code will stop verifying');
    await user.type(within(dialog).getByRole('textbox'), 'Land agreement found forged');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw the NOC' }));
    await waitFor(() =>
      expect(api.decideFinal).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 4,
          decision: 'reject',
          reason: 'Land agreement found forged',
          // Names the issued NOC it withdraws (issue 19): a decision given meanwhile is a 409.
          replaces: 'Approved',
        }),
      ),
    );
  });

  it('Next waiting opens the oldest application waiting for this user, whatever its step', async () => {
    signIn('store');
    const router = renderApp('/admin/noc-applications/2');
    await screen.findByTestId('step-certificate');
    await userEvent.click(screen.getByRole('button', { name: /Next waiting/ }));
    // Sree Sangha waits at the acknowledgement, another step than Tarun Club's certificate.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/noc-applications/1'));
  });

  it('Next waiting says so when nothing else waits for this user', async () => {
    signIn('chairman');
    renderApp('/admin/noc-applications/3');
    await screen.findByRole('region', { name: 'Final Chairman Review' });
    await userEvent.click(screen.getByRole('button', { name: /Next waiting/ }));
    expect(
      await screen.findByText('No application is waiting for a decision you can take.'),
    ).toBeInTheDocument();
  });

  it('an unknown id says "Application not found." and returns to the list', async () => {
    signIn('store');
    const router = renderApp('/admin/noc-applications/999');
    expect(await screen.findByText('Application not found.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/noc-applications'));
  });
});
