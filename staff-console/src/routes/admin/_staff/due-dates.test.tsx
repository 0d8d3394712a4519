// Issue 30 on the staff screens: the Overdue tab (admin, store, chairman), the due-date filter
// and sort, overdue cards marked with whom the step is with, the detail's start, due and
// decision dates per step, and the dashboard's RTPS report with its Excel export.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import * as XLSX from 'xlsx';
import { rtpsByStep, workingCalendar, type StepClockRow } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { application } from '../../../test-support/applications';
import { signIn } from '../../../test-support/render';
import { buildRtpsWorkbook } from '../../../features/dashboard/export-rtps';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listApplicationsIfChanged: vi.fn(),
  getDashboardStats: vi.fn(),
  getApplicationHistory: vi.fn(),
  listHolidays: vi.fn(),
}));

const clock = (fields: Partial<StepClockRow>): StepClockRow => ({
  step: 'acknowledgement',
  started_on: '2026-10-16',
  due_on: '2026-10-21',
  paused_on: null,
  decided_on: null,
  overdue: false,
  escalated_to: null,
  paused_days: 0,
  ...fields,
});

const decidedAck = clock({ decided_on: '2026-10-19' });
const apps = [
  // Waits at the chairman application, late: with the Appellate Officer named for it.
  {
    ...application(1, 'Sree Sangha', '10000'),
    steps: [
      decidedAck,
      clock({
        step: 'chairman_application_certificate',
        started_on: '2026-10-19',
        due_on: '2026-10-23',
        overdue: true,
        escalated_to: 'Rina Das',
      }),
    ],
  },
  // Waits at the acknowledgement, due later.
  { ...application(2, 'Tarun Club', '00000'), steps: [clock({ due_on: '2026-11-30' })] },
  // Waits at the acknowledgement, due sooner.
  { ...application(3, 'Agradoot Sangha', '00000'), steps: [clock({ due_on: '2026-11-05' })] },
];

beforeEach(() => {
  vi.mocked(api.listApplicationsIfChanged).mockResolvedValue({
    changed: true,
    applications: apps,
    etag: '"v1"',
  });
  vi.mocked(api.getDashboardStats).mockResolvedValue({
    total: 3,
    approved: 0,
    rejected: 0,
    pending: 3,
  });
  vi.mocked(api.getApplicationHistory).mockResolvedValue([]);
  vi.mocked(api.listHolidays).mockResolvedValue([]);
});
afterEach(() => {
  vi.clearAllMocks();
  api.sessionStore.getState().clearSession();
});

const cardNames = () =>
  within(screen.getByTestId('application-cards'))
    .getAllByRole('link')
    .map((link) => link.textContent);
const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;

describe('the applications list’s due dates', () => {
  it.each(['admin', 'store', 'chairman'] as const)(
    'the Overdue tab (%s) lists the late applications, marked with whom they are',
    async (role) => {
      signIn(role);
      const router = renderApp('/admin/noc-applications');
      await userEvent.click(await screen.findByRole('tab', { name: 'Overdue' }));
      await waitFor(() => expect(cardNames()).toEqual(['Sree Sangha']));
      expect(router.state.location.search).toEqual({ tab: 'overdue' });
      expect(card('Sree Sangha')).toHaveAttribute('data-overdue', 'true');
      expect(within(card('Sree Sangha')).getByTestId('overdue-badge')).toHaveTextContent(
        'Overdue: with Rina Das',
      );
    },
  );

  it('sorts by the soonest due and filters by a due date; other cards say when they are due', async () => {
    signIn('admin');
    const router = renderApp('/admin/noc-applications');
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(card('Tarun Club')).toHaveTextContent('Decision due by 30 Nov 2026');
    expect(card('Tarun Club')).not.toHaveAttribute('data-overdue');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Soonest due first' }));
    await waitFor(() =>
      expect(cardNames()).toEqual(['Sree Sangha', 'Agradoot Sangha', 'Tarun Club']),
    );
    expect(router.state.location.search).toEqual({ sort: 'due' });
    const dueBy = screen.getByLabelText('Decision due by');
    await userEvent.type(dueBy, '2026-11-10');
    await waitFor(() => expect(cardNames()).toEqual(['Sree Sangha', 'Agradoot Sangha']));
    expect(router.state.location.search).toMatchObject({ dueBy: '2026-11-10', sort: 'due' });
  });

  it('the detail shows each step’s start, due and decision dates', async () => {
    signIn('store');
    renderApp('/admin/noc-applications/1');
    const section = await screen.findByRole('region', { name: 'Due dates' });
    const rows = within(section).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /Acknowledgement review\s*16 Oct 2026\s*21 Oct 2026\s*19 Oct 2026/,
    );
    expect(rows[2]).toHaveTextContent('Chairman application');
    expect(rows[2]).toHaveTextContent('23 Oct 2026Overdue: with Rina Das');
    expect(rows[2]).toHaveTextContent('Not yet');
  });

  it('in Bengali: the tab, the badge and the dates in Bengali digits', async () => {
    signIn('admin');
    await act(() => api.localeStore.getState().chooseLocale('bn'));
    try {
      renderApp('/admin/noc-applications?tab=overdue');
      expect(await screen.findByRole('tab', { name: 'সময় পেরিয়েছে' })).toBeInTheDocument();
      await waitFor(() => expect(cardNames()).toEqual(['Sree Sangha']));
      expect(card('Sree Sangha')).toHaveTextContent('সময় পেরিয়েছে: Rina Das-এর কাছে');
    } finally {
      await act(() => api.localeStore.getState().chooseLocale('en'));
    }
  });
});

describe('the dashboard’s RTPS report', () => {
  it('shows steps overdue now, the share decided on time and the median days, per step and in all', async () => {
    signIn('admin');
    renderApp('/admin/dashboard');
    const report = await screen.findByRole('region', { name: 'Time limits (RTPS report)' });
    expect(within(report).getByTestId('rtps-overdue-all')).toHaveTextContent('1');
    // One step decided (the acknowledgement, 3 times over: 16→19 October, 1 working day), on time.
    expect(within(report).getByTestId('rtps-ontime-acknowledgement')).toHaveTextContent(
      '100% (1 of 1)',
    );
    expect(within(report).getByTestId('rtps-median-acknowledgement')).toHaveTextContent('1');
    expect(within(report).getByTestId('rtps-ontime-final')).toHaveTextContent('None decided yet');
    expect(within(report).getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('exports the same figures to Excel: numbers as numbers, the share as a percentage', () => {
    const lines = rtpsByStep(apps, workingCalendar());
    const book = buildRtpsWorkbook(XLSX, lines, 2026, 'en');
    const written = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const read = XLSX.read(written, { type: 'array', cellNF: true });
    const sheet = read.Sheets[read.SheetNames[0]!]!;
    expect(read.SheetNames).toEqual(['RTPS 2026']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual([
      'Step',
      'Steps overdue now',
      'Steps decided',
      'Decided by the due date',
      'Decided on time',
      'Median working days per step',
    ]);
    expect(rows[1]).toEqual(['Acknowledgement review', 0, 1, 1, 1, 1]);
    expect(rows.at(-1)).toEqual(['All steps', 1, 1, 1, 1, 1]);
    expect(sheet.E2?.z).toBe('0%');
  });
});
