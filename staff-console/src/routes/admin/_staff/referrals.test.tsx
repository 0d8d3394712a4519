import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import type { Agency } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn, signInOfficer } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    loginStaff: vi.fn(),
    listSeasons: vi.fn(async () => []),
    listHolidays: vi.fn(async () => []),
    listAgencies: vi.fn(),
    listReferrals: vi.fn(),
    decideReferral: vi.fn(),
    recordReferralReply: vi.fn(),
    withdrawReferral: vi.fn(),
  };
});

const agency = (id: number, name: string, mode: Agency['mode']): Agency => ({
  id,
  name,
  kind: id === 1 ? 'police' : 'pollution',
  wards: [],
  mode,
  days: 7,
  deemed_approval: false,
  email: null,
  phone: null,
  active: true,
});
const AGENCIES = [
  agency(1, 'Police Station (wards 1–12)', 'online'),
  agency(5, 'WB Pollution Control Board', 'offline'),
];

const slice = (id: number, club: string, ward: number): api.ReferralApplicationSlice => ({
  id,
  reg_no: `NOC-2026-00${id}`,
  apply_year: '2026',
  club_name: club,
  puja_location_address: 'Rabindra Sarani',
  puja_location_ward_no: ward,
  land_type: 'own',
  club_president_name: 'Amit Das',
  club_president_phone: '9830000011',
  club_secrety_name: 'Bina Roy',
  club_secrety_phone: '9830000012',
  puja_presient_name: 'Chandan Sen',
  puja_presient_phone: '9830000013',
  puja_secretary_name: 'Dipa Ghosh',
  puja_secretary_phone: '9830000014',
  chairman_application_certificate: 'https://files.test/chair.pdf?sig=1',
  certificate_image: null,
  load_agreement_image: 'https://files.test/deed.jpg?sig=2',
  puja_committee: null,
  puja_budget: null,
  acknowledgement: 'https://files.test/ack.pdf?sig=3',
});
const referral = (id: number, fields: Partial<api.ReferralDetail>): api.ReferralDetail => ({
  id,
  agency_id: 1,
  agency_name: 'Police Station (wards 1–12)',
  kind: 'police',
  status: 'pending',
  due_on: '2099-01-05',
  decided_on: null,
  reference_no: null,
  conditions: [],
  reason: null,
  response: null,
  round: 1,
  application_id: id,
  history: [],
  response_document: null,
  letter: null,
  letter_date: null,
  application: slice(id, 'Sree Sangha', 7),
  appeal_reason: null,
  ...fields,
});
const REFERRALS = [
  referral(11, {}),
  referral(12, { due_on: '2020-01-06', application: slice(12, 'Kishore Club', 3) }),
  referral(13, {
    status: 'approved',
    decided_on: '2026-08-10',
    reference_no: 'PS/114',
    application: slice(13, 'Milan Chakra', 9),
  }),
  referral(14, { agency_id: 5, agency_name: 'WB Pollution Control Board', kind: 'pollution' }),
];

beforeEach(() => {
  vi.mocked(api.listAgencies).mockResolvedValue(AGENCIES);
  vi.mocked(api.listReferrals).mockImplementation(async () => REFERRALS.map((r) => ({ ...r })));
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the agency desk (issue 29)', () => {
  it('an officer logs in at the Official Login, lands on Referrals (its only link): overdue first', async () => {
    const officer = {
      role: 'agency',
      agency_id: 1,
      id: 9,
      name: 'OC',
      email: 'police1@example.org',
      phone: '',
      token: 't',
    } as const;
    vi.mocked(api.loginStaff).mockImplementation(async () => {
      api.sessionStore.getState().setSession(officer);
      return officer;
    });
    const router = renderApp('/admin/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'police1@example.org');
    await userEvent.type(screen.getByLabelText(/Password/), 'Puja@2025');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/referrals'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Department Panel' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Referrals']);
    const table = await screen.findByRole('table');
    await waitFor(() =>
      expect(names(table)).toEqual(['Kishore Club', 'Sree Sangha', 'Sree Sangha']),
    );
    expect(within(table).getByText(/^Overdue by/)).toBeInTheDocument();
    // The officer sees its own department's list: no department column.
    expect(
      within(table).queryByRole('columnheader', { name: /Department/ }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    await waitFor(() => expect(names(table)).toEqual(['Milan Chakra']));

    // Every staff page is closed to it.
    await router.navigate({ to: '/admin/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  }, 40_000);

  it('staff see the Referrals link only while a department is active (decision 0040)', async () => {
    const panelLinks = async () =>
      within(await screen.findByRole('navigation', { name: 'Store Panel' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    signIn('store');
    vi.mocked(api.listAgencies).mockResolvedValue(
      AGENCIES.map((one) => ({ ...one, active: false })),
    );
    renderApp('/admin/referrals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeInTheDocument();
    await waitFor(() => expect(api.listAgencies).toHaveBeenCalled());
    expect(await panelLinks()).not.toContain('Referrals');
    cleanup();
    vi.mocked(api.listAgencies).mockResolvedValue([{ ...AGENCIES[0]!, active: true }]);
    renderApp('/admin/referrals');
    await waitFor(async () => expect(await panelLinks()).toContain('Referrals'));
  });

  it('says when a tab is empty', async () => {
    signInOfficer(1);
    vi.mocked(api.listReferrals).mockResolvedValueOnce([]);
    renderApp('/admin/referrals');
    expect(await screen.findByText('No referrals here.')).toBeInTheDocument();
  });

  it('shows a failed list', async () => {
    signInOfficer(1);
    vi.mocked(api.listReferrals).mockRejectedValue(new Error('down'));
    renderApp('/admin/referrals');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the referrals.');
  });

  it('an officer opens a referral and approves it with conditions, after the checks and a refusal', async () => {
    signInOfficer(1);
    vi.mocked(api.decideReferral)
      .mockRejectedValueOnce(
        new api.ApiError('refused', 'x', { status: 409, messageKey: 'referrals.notPending' }),
      )
      .mockResolvedValueOnce({ message: 'Decision recorded.', messageKey: 'referrals.decided' });
    renderApp('/admin/referrals/11');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sree Sangha' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/NOC-2026-0011/)).toBeInTheDocument();
    expect(screen.getByText('Rabindra Sarani (Ward No: 7)')).toBeInTheDocument();
    expect(screen.getByText('Own')).toBeInTheDocument();
    expect(screen.getByText('Chandan Sen (9830000013)')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'View: Previous Year S.D.O Permission' }),
    ).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'View: Land Agreement' }));
    expect(screen.getByRole('img', { name: 'Land Agreement' })).toHaveAttribute(
      'src',
      'https://files.test/deed.jpg?sig=2',
    );
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: /^Decide/ });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Approve with conditions' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter at least one condition.'),
    ).toBeInTheDocument();
    const lines = within(dialog).getByRole('textbox', { name: /^Conditions/ });
    await userEvent.click(lines);
    await userEvent.paste(`No fireworks\n${'x'.repeat(201)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Each condition must be one line of at most 200 characters.'),
    ).toBeInTheDocument();
    expect(api.decideReferral).not.toHaveBeenCalled();

    await userEvent.clear(lines);
    await userEvent.paste('No fireworks\nTwo exits');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This referral has already been decided.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.decideReferral).toHaveBeenLastCalledWith({
        id: 11,
        decision: 'conditions',
        conditions: ['No fireworks', 'Two exits'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 40_000);

  it('the History card shows every round of the referral, when and who, in both languages', async () => {
    const history: api.ReferralDetail['history'] = [
      {
        at: '2026-08-03T05:30:00.000Z',
        by_role: 'store',
        by_name: 'Rina Paul',
        event: { type: 'referralCreated', agencyName: 'Police', dueOn: '2026-08-12', round: 1 },
      },
      {
        at: '2026-08-05T06:00:00.000Z',
        by_role: 'agency',
        by_name: 'OC Bose',
        event: { type: 'referralObjected', agencyName: 'Police', reason: 'No exit', round: 1 },
      },
      {
        at: '2026-08-06T07:00:00.000Z',
        by_role: 'club',
        by_name: null,
        event: {
          type: 'referralAnswered',
          agencyName: 'Police',
          round: 2,
          dueOn: '2026-08-17',
          response: 'Second exit added',
        },
      },
      {
        at: '2026-08-07T08:00:00.000Z',
        by_role: 'agency',
        by_name: 'OC Bose',
        event: {
          type: 'referralApprovedWithConditions',
          agencyName: 'Police',
          conditions: ['Volunteers at the gate'],
          round: 2,
        },
      },
    ];
    vi.mocked(api.listReferrals).mockResolvedValue([
      referral(11, { status: 'conditions', round: 2, history }),
    ]);
    signInOfficer(1);
    renderApp('/admin/referrals/11');
    const changes = await screen.findByRole('list', { name: 'Every change' });
    const items = [...changes.children] as HTMLElement[];
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'Referred to Police, due 12 Aug 2026',
      'Police objected: No exit',
      'The club answered Police (round 2), due 17 Aug 2026',
      'Police approved with conditions',
    ]);
    expect(items[0]).toHaveTextContent('03/08/2026 11:00 · Rina Paul (Store) · Round 1');
    expect(items[1]).toHaveTextContent('OC Bose (Department officer)');
    expect(items[2]).toHaveTextContent('Sree Sangha (Club) · Round 2');
    expect(items[2]).toHaveTextContent('The club’s answer: Second exit added');
    expect(within(items[3] as HTMLElement).getByRole('listitem')).toHaveTextContent(
      'Volunteers at the gate',
    );
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    try {
      const bn = await screen.findByRole('list', { name: 'প্রতিটি পরিবর্তন' });
      const first = bn.children[0] as HTMLElement;
      expect(first).toHaveTextContent('Police-এ পাঠানো হয়েছে, ১২ আগস্ট, ২০২৬-এর মধ্যে');
      expect(first).toHaveTextContent('০৩/০৮/২০২৬ ১১:০০ · Rina Paul (স্টোর) · দফা ১');
    } finally {
      await act(() => api.localeStore.getState().chooseLocale('en'));
    }
  });

  it("an offline department's letter is recorded by store; the officer cannot decide it", async () => {
    signInOfficer(5, 'pcb@example.org');
    renderApp('/admin/referrals/14');
    expect(await screen.findByText(/This department replies by letter/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('a rejection set aside on appeal: the officer reads the club’s reason (issue 30)', async () => {
    signInOfficer(1);
    vi.mocked(api.listReferrals).mockResolvedValue([
      referral(11, { appeal_reason: 'A second exit is built' }),
    ]);
    renderApp('/admin/referrals/11');
    expect(
      await screen.findByText(
        'The rejection was set aside on appeal. The club’s reason: A second exit is built',
      ),
    ).toBeInTheDocument();
  });

  it('store records the letter of an offline department: reference, date and scan required', async () => {
    signIn('store');
    vi.mocked(api.recordReferralReply).mockResolvedValue({
      message: 'Recorded.',
      messageKey: 'referrals.recorded',
    });
    renderApp('/admin/referrals/14');
    await userEvent.click(await screen.findByRole('button', { name: 'Record reply' }));
    const dialog = await screen.findByRole('dialog', { name: /^Record reply/ });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Object' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Reason/ }),
      'Loudspeaker plan missing',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("Please enter the letter's reference number."),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reference no/ }), 'PCB/77');
    await userEvent.type(within(dialog).getByLabelText(/^Date of the letter/), '12/08/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please attach the scanned letter.'),
    ).toBeInTheDocument();
    const scan = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, scan);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.recordReferralReply).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 14,
          decision: 'object',
          reason: 'Loudspeaker plan missing',
          reference_no: 'PCB/77',
          letter_date: '2026-08-12',
          letter: scan,
        }),
      ),
    );
  });

  it('admin sees every department and withdraws a referral with a reason', async () => {
    signIn('admin');
    vi.mocked(api.withdrawReferral).mockResolvedValue({
      message: 'Referral withdrawn.',
      messageKey: 'referrals.withdrawn',
    });
    const router = renderApp('/admin/referrals');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('WB Pollution Control Board')).toBeInTheDocument();
    await router.navigate({ to: '/admin/referrals/$id', params: { id: '11' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: /^Withdraw the referral/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Please provide a reason.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Sent in error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.withdrawReferral).toHaveBeenCalledWith(11, 'Sent in error'));
  });
});
