import { describe, expect, it } from 'vitest';
import {
  checkServiceStandardForm,
  DEFAULT_SERVICE_STANDARDS,
  designatedRoleKey,
  appellateLabel,
  isServiceStep,
  standardDaysLabel,
  standardStepLabel,
  MAX_STANDARD_DAYS,
  mayAppeal,
  MUNICIPAL_STEPS,
  pauseStep,
  resumeStep,
  sortStandards,
  startStep,
  stepNameKey,
  stepOverdue,
  totalWorkingDays,
  validateServiceStandard,
  workingDaysLate,
  type StepClock,
} from './service-standards';
import { workingCalendar } from './working-days';
import { formatMessage, loadCatalogue } from './messages';
import { bn } from './messages-bn';

const week = workingCalendar();
// Durga Puja week of the example: Mon 19 – Fri 23 Oct 2026 are holidays.
const puja = workingCalendar(Array.from({ length: 5 }, (_, i) => `2026-10-${19 + i}`));
const staff = [
  { id: 1, role: 'admin' },
  { id: 2, role: 'store' },
  { id: 3, role: 'chairman' },
  { id: 4, role: 'club' },
  { id: 5, role: 'agency' },
  { id: 6, role: 'store', active: false },
];

describe('the steps and their defaults', () => {
  it('has a standard for every municipal step, in the review order, documents with the store and the final decision with the chairman', () => {
    expect(Object.keys(DEFAULT_SERVICE_STANDARDS)).toEqual([...MUNICIPAL_STEPS]);
    expect(DEFAULT_SERVICE_STANDARDS.acknowledgement.designated_role).toBe('store');
    expect(DEFAULT_SERVICE_STANDARDS.final.designated_role).toBe('chairman');
    for (const standard of Object.values(DEFAULT_SERVICE_STANDARDS)) {
      expect(standard.days).toBeGreaterThanOrEqual(1);
      expect(standard.days).toBeLessThanOrEqual(MAX_STANDARD_DAYS);
    }
  });

  it('knows the steps by name, a department referral among them', () => {
    expect(isServiceStep('referral')).toBe(true);
    expect(isServiceStep('agreement')).toBe(true);
    expect(isServiceStep('payment')).toBe(false);
    expect(isServiceStep(3)).toBe(false);
  });

  it('names every step and role in both languages', async () => {
    await loadCatalogue('bn');
    for (const step of [...MUNICIPAL_STEPS, 'referral' as const]) {
      expect(formatMessage(stepNameKey(step), { department: 'Fire' })).not.toBe(stepNameKey(step));
      expect(bn[stepNameKey(step)]).toBeTruthy();
    }
    for (const role of ['store', 'chairman', 'admin', 'agency'] as const) {
      expect(formatMessage(designatedRoleKey(role))).not.toBe(designatedRoleKey(role));
      expect(bn[designatedRoleKey(role)]).toBeTruthy();
    }
  });

  it('words a step, its days and who hears appeals in both languages', async () => {
    await loadCatalogue('bn');
    expect(standardStepLabel({ step: 'referral', agency_name: 'Fire' })).toBe('Referral to Fire');
    expect(standardStepLabel({ step: 'final', agency_name: null }, 'bn')).toBe('চূড়ান্ত সিদ্ধান্ত');
    expect(standardDaysLabel(1)).toBe('1 working day');
    expect(standardDaysLabel(12)).toBe('12 working days');
    expect(standardDaysLabel(7, 'bn')).toBe('৭ কর্মদিবস');
    expect(appellateLabel({ appellate_name: null })).toBe('The chairman');
    expect(appellateLabel({ appellate_name: 'A. Sen' }, 'bn')).toBe('A. Sen');
  });

  it('lists municipal steps first in their order, then departments by name', () => {
    const sorted = sortStandards([
      { step: 'referral', agency_name: 'Police' },
      { step: 'final', agency_name: null },
      { step: 'referral', agency_name: 'Fire' },
      { step: 'acknowledgement', agency_name: null },
    ] as const);
    expect(sorted.map((s) => s.agency_name ?? s.step)).toEqual([
      'acknowledgement',
      'final',
      'Fire',
      'Police',
    ]);
  });

  it('states the time frame: the municipal steps plus the slowest department', () => {
    expect(
      totalWorkingDays([
        { step: 'acknowledgement', days: 2 },
        { step: 'final', days: 5 },
        { step: 'referral', days: 7 },
        { step: 'referral', days: 10 },
      ]),
    ).toBe(17);
    expect(totalWorkingDays([{ step: 'final', days: 5 }])).toBe(5);
  });
});

describe('editing a standard', () => {
  it('takes days from 1 to the bound and an active staff user or nobody as Appellate Officer', () => {
    expect(
      checkServiceStandardForm({ step: 'final', days: '7', appellate_user_id: '' }, staff),
    ).toEqual({
      ok: true,
      value: { step: 'final', agency_id: null, days: 7, appellate_user_id: null },
    });
    for (const id of [1, 2, 3]) {
      const checked = checkServiceStandardForm(
        { step: 'agreement', days: 1, appellate_user_id: id },
        staff,
      );
      expect(checked.ok && checked.value.appellate_user_id).toBe(id);
    }
    const referral = checkServiceStandardForm(
      { step: 'referral', agency_id: 4, days: MAX_STANDARD_DAYS },
      staff,
    );
    expect(referral).toMatchObject({ ok: true, value: { agency_id: 4, days: MAX_STANDARD_DAYS } });
  });

  it('refuses days out of bounds or not whole', () => {
    for (const days of [0, -1, MAX_STANDARD_DAYS + 1, 2.5, '', 'seven', null, '1e2']) {
      const checked = checkServiceStandardForm({ step: 'final', days }, staff);
      expect(checked.ok ? [] : checked.errors).toEqual([
        { field: 'days', message: 'standards.invalidDays' },
      ]);
    }
  });

  it('refuses an Appellate Officer who is not an active staff user', () => {
    for (const id of [4, 5, 6, 99, 'x']) {
      const checked = checkServiceStandardForm(
        { step: 'final', days: 3, appellate_user_id: id },
        staff,
      );
      expect(checked.ok ? [] : checked.errors).toEqual([
        { field: 'appellate_user_id', message: 'standards.appellateNotStaff' },
      ]);
    }
  });

  it('refuses an unknown step, a referral without its department, a municipal step with one', () => {
    for (const fields of [
      { step: 'payment', days: 3 },
      { step: 'referral', days: 3 },
      { step: 'final', agency_id: 2, days: 3 },
    ]) {
      const checked = checkServiceStandardForm(fields, staff);
      expect(checked.ok ? [] : checked.errors.map((e) => e.field)).toEqual(['step']);
    }
  });

  it('lists every problem at once; the server answers the first as an input refusal', () => {
    const checked = checkServiceStandardForm(
      { step: 'final', days: 0, appellate_user_id: 4 },
      staff,
    );
    expect(checked.ok ? [] : checked.errors.map((e) => e.field)).toEqual([
      'days',
      'appellate_user_id',
    ]);
    expect(validateServiceStandard({ step: 'final', days: 91 }, staff)).toEqual({
      ok: false,
      key: 'standards.invalidDays',
      kind: 'input',
    });
    expect(validateServiceStandard({ step: 'final', days: 9 }, staff)).toMatchObject({
      ok: true,
      change: { days: 9 },
    });
  });
});

describe('the step clock', () => {
  it('is due its days in working days after the step starts, skipping weekends', () => {
    // Fri 16 Oct + 3: Mon, Tue, Wed.
    expect(startStep('2026-10-16', 3, week)).toEqual({
      started_on: '2026-10-16',
      due_on: '2026-10-21',
      paused_on: null,
      remaining_days: null,
    });
  });

  it('skips holidays: a step started before the puja week is due after it', () => {
    expect(startStep('2026-10-16', 3, puja).due_on).toBe('2026-10-28');
  });

  it('crosses month and year ends', () => {
    expect(startStep('2026-09-29', 3, week).due_on).toBe('2026-10-02');
    expect(startStep('2026-12-30', 2, workingCalendar(['2027-01-01'])).due_on).toBe('2027-01-04'); // Wed 30 Dec: Thu 31, (Fri 1 Jan a holiday), Mon 4
    expect(startStep('2028-02-28', 1, week).due_on).toBe('2028-02-29'); // leap year
  });

  it('stops while the club has the ball and restarts with the days left', () => {
    const clock = startStep('2026-10-16', 5, week); // due Fri 23 Oct
    expect(clock.due_on).toBe('2026-10-23');
    const paused = pauseStep(clock, '2026-10-20', week); // Tue: Wed, Thu, Fri left
    expect(paused).toMatchObject({
      paused_on: '2026-10-20',
      remaining_days: 3,
      due_on: '2026-10-23',
    });
    expect(pauseStep(paused, '2026-10-22', week)).toBe(paused); // already stopped
    const resumed = resumeStep(paused, '2026-11-02', week); // Mon + 3
    expect(resumed).toEqual({
      started_on: '2026-10-16',
      due_on: '2026-11-05',
      paused_on: null,
      remaining_days: null,
    });
    expect(resumeStep(resumed, '2026-11-09', week)).toBe(resumed); // running
  });

  it('a step stopped on or after its due date gets one working day back', () => {
    const clock = startStep('2026-10-16', 1, week); // due Mon 19
    const paused = pauseStep(clock, '2026-10-21', week);
    expect(paused.remaining_days).toBe(1);
    expect(resumeStep(paused, '2026-10-23', week).due_on).toBe('2026-10-26'); // Fri → Mon
  });

  it('resumes across a holiday week and a year end', () => {
    const paused: StepClock = {
      started_on: '2026-10-01',
      due_on: '2026-10-16',
      paused_on: '2026-10-14',
      remaining_days: 2,
    };
    expect(resumeStep(paused, '2026-10-16', puja).due_on).toBe('2026-10-27');
    const december: StepClock = {
      started_on: '2026-12-01',
      due_on: '2026-12-31',
      paused_on: '2026-12-28',
      remaining_days: 3,
    };
    expect(resumeStep(december, '2026-12-31', workingCalendar(['2027-01-01'])).due_on).toBe(
      '2027-01-06',
    );
  });

  it('is overdue from the first working day after the due date, never while stopped', () => {
    const clock = startStep('2026-10-20', 3, week); // due Fri 23 Oct
    expect(stepOverdue(clock, '2026-10-23', week)).toBe(false);
    expect(stepOverdue(clock, '2026-10-24', week)).toBe(false); // Saturday
    expect(stepOverdue(clock, '2026-10-25', week)).toBe(false); // Sunday
    expect(stepOverdue(clock, '2026-10-26', week)).toBe(true);
    expect(stepOverdue(clock, '2026-10-26', workingCalendar(['2026-10-26']))).toBe(false); // Monday a holiday
    expect(stepOverdue(pauseStep(clock, '2026-10-22', week), '2026-11-30', week)).toBe(false);
    expect(workingDaysLate(clock, '2026-10-30', week)).toBe(5);
    expect(workingDaysLate(clock, '2026-10-20', week)).toBe(0);
  });
});

describe('appeals', () => {
  it('a refusal may be appealed within 30 calendar days, or a configured window', () => {
    const refused = { ground: 'finalRejected', decidedOn: '2026-10-01' } as const;
    expect(mayAppeal(refused, '2026-10-31', week)).toEqual({ ok: true, ground: 'finalRejected' });
    expect(mayAppeal(refused, '2026-11-01', week)).toEqual({
      ok: false,
      key: 'appeals.outOfTime',
      kind: 'rule',
    });
    expect(mayAppeal(refused, '2026-11-10', week, 40)).toMatchObject({ ok: true });
    expect(
      mayAppeal({ ground: 'referralRejected', decidedOn: '2026-12-15' }, '2027-01-14', week),
    ).toMatchObject({ ok: true });
  });

  it('a late step may be appealed once more than 5 working days late', () => {
    const clock = startStep('2026-10-20', 3, week); // due Fri 23 Oct
    expect(mayAppeal({ ground: 'overdue', clock }, '2026-10-30', week)).toEqual({
      ok: false,
      key: 'appeals.notLateEnough',
      kind: 'rule',
    });
    expect(mayAppeal({ ground: 'overdue', clock }, '2026-11-02', week)).toEqual({
      ok: true,
      ground: 'overdue',
    });
    expect(
      mayAppeal(
        { ground: 'overdue', clock: pauseStep(clock, '2026-10-22', week) },
        '2026-12-01',
        week,
      ),
    ).toMatchObject({ ok: false });
  });
});
