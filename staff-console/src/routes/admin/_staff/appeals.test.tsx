import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    listSeasons: vi.fn(async () => []),
    listHolidays: vi.fn(async () => []),
    listAppeals: vi.fn(),
    decideAppeal: vi.fn(),
  };
});

const appeal = (id: number, fields: Partial<api.ListedAppeal>): api.ListedAppeal => ({
  id,
  application_id: id,
  ground: 'finalRejected',
  referral_id: null,
  agency_name: null,
  step: 'final',
  status: 'pending',
  appealed_on: '2026-10-01',
  filed_on: '2026-10-05',
  due_on: '2099-10-26',
  decided_on: null,
  reason: 'The land owner has consented',
  decision_reason: '',
  document: null,
  order_due_on: null,
  reg_no: `NOC-2026-000${id}`,
  apply_year: '2026',
  club_name: 'Sree Sangha',
  ...fields,
});
const APPEALS = [
  appeal(1, { status: 'dismissed', decided_on: '2026-10-09', club_name: 'Milan Chakra' }),
  appeal(2, {}),
  appeal(3, {
    ground: 'referralRejected',
    referral_id: 8,
    agency_name: 'Fire & Emergency Services',
    step: 'referral',
    due_on: '2020-01-06',
    club_name: 'Kishore Club',
    document: 'https://files.test/plan.pdf?sig=1',
  }),
];

beforeEach(() => {
  vi.mocked(api.listAppeals).mockImplementation(async () => APPEALS.map((a) => ({ ...a })));
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const clubs = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the Appeals work list (issue 30)', () => {
  it('an Appellate Officer sees only Appeals: pending first by due date, overdue marked', async () => {
    signIn('appellate');
    renderApp('/admin/appeals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appeals' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Appellate Officer Panel' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Appeals']);
    const table = await screen.findByRole('table');
    await waitFor(() =>
      expect(clubs(table)).toEqual([
        'Kishore Clubthe decision of Fire & Emergency Services',
        'Sree Sanghathe chairman’s final decision',
        'Milan Chakrathe chairman’s final decision',
      ]),
    );
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Decide/ })).toHaveLength(2);
  });

  it('dismissing needs a reason; the decision is sent and the dialog closes', async () => {
    signIn('chairman');
    vi.mocked(api.decideAppeal).mockResolvedValue({
      message: 'The appeal is decided.',
      messageKey: 'appeals.decided',
    });
    renderApp('/admin/appeals');
    await userEvent.click(await screen.findByRole('button', { name: 'Decide: Kishore Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal of Kishore Club' });
    expect(dialog).toHaveTextContent('The land owner has consented');
    expect(within(dialog).getByRole('link', { name: 'Open the club’s document' })).toHaveAttribute(
      'href',
      expect.stringContaining('plan.pdf'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByText('Please choose Allow or Dismiss.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Dismiss' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(
      await within(dialog).findByText('Please give the reason for dismissing the appeal.'),
    ).toBeInTheDocument();
    expect(api.decideAppeal).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'No new facts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    await waitFor(() =>
      expect(api.decideAppeal).toHaveBeenCalledWith({
        id: 3,
        decision: 'dismiss',
        reason: 'No new facts',
        days: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The appeal is decided.')).toBeInTheDocument();
  });

  it('a refusal stays in the dialog', async () => {
    signIn('store');
    vi.mocked(api.decideAppeal).mockRejectedValue(
      new api.ApiError(
        'refused',
        'Only the Appellate Officer of this step can decide this appeal.',
        {
          status: 403,
          messageKey: 'appeals.notYourAppeal',
        },
      ),
    );
    renderApp('/admin/appeals');
    await userEvent.click(await screen.findByRole('button', { name: 'Decide: Sree Sangha' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Allow/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the Appellate Officer of this step can decide this appeal.',
    );
  });

  it('reads in Bengali', async () => {
    signIn('admin');
    await api.localeStore.getState().chooseLocale('bn');
    try {
      renderApp('/admin/appeals');
      expect(await screen.findByRole('heading', { level: 1, name: 'আপিল' })).toBeInTheDocument();
      const table = await screen.findByRole('table');
      await waitFor(() => expect(within(table).getAllByText('অপেক্ষমাণ')).toHaveLength(2));
    } finally {
      await api.localeStore.getState().chooseLocale('en');
    }
  });
});
