import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from './messages';
import {
  clockMovesOf,
  currentStepClock,
  hasOverdueStep,
  nextDueOn,
  stepOfReviewItem,
  type StepClockRow,
} from './step-clocks';
import { rtpsByStep, rtpsExportRows, rtpsFileName, rtpsReport } from './rtps-report';
import { workingCalendar } from './working-days';

const week = workingCalendar(['2026-10-20']);

const clock = (fields: Partial<StepClockRow>): StepClockRow => ({
  step: 'acknowledgement',
  started_on: '2026-10-16',
  due_on: '2026-10-21',
  paused_on: null,
  decided_on: null,
  overdue: false,
  escalated_to: null,
  ...fields,
});

describe('clockMovesOf', () => {
  it('runs the acknowledgement’s clock from its upload and a rejected document’s from the re-upload', () => {
    expect(
      clockMovesOf({ type: 'acknowledgementUploaded', replaced: null, file: 'a.pdf' }),
    ).toEqual([{ step: 'acknowledgement', action: 'run' }]);
    expect(
      clockMovesOf({ type: 'documentUploaded', item: 'certificate', replaced: 'a', file: 'b' }),
    ).toEqual([{ step: 'certificate', action: 'run' }]);
  });

  it('ends a step approved and starts the next, the final decision after the last document', () => {
    expect(clockMovesOf({ type: 'acknowledgementAccepted' })).toEqual([
      { step: 'acknowledgement', action: 'decide' },
      { step: 'chairman_application_certificate', action: 'run' },
    ]);
    expect(clockMovesOf({ type: 'documentApproved', item: 'certificate' })).toEqual([
      { step: 'certificate', action: 'decide' },
      { step: 'agreement', action: 'run' },
    ]);
    expect(clockMovesOf({ type: 'documentApproved', item: 'agreement' })).toEqual([
      { step: 'agreement', action: 'decide' },
      { step: 'final', action: 'run' },
    ]);
  });

  it('stops the clock on a rejection, ends the final step on either decision, and leaves others alone', () => {
    expect(clockMovesOf({ type: 'documentRejected', item: 'agreement', reason: 'x' })).toEqual([
      { step: 'agreement', action: 'pause' },
    ]);
    for (const type of ['nocIssued', 'finalRejected'] as const) {
      expect(clockMovesOf({ type, previous: 'Pending', reason: '' })).toEqual([
        { step: 'final', action: 'decide' },
      ]);
    }
    expect(clockMovesOf({ type: 'referralDeemed', agencyName: 'Fire' })).toEqual([]);
    expect(
      clockMovesOf({
        type: 'stepOverdue',
        step: 'final',
        agencyName: null,
        dueOn: '2026-10-21',
        escalatedTo: null,
      }),
    ).toEqual([]);
  });

  it('starts the final decision again when an appeal sets its rejection aside, no other', () => {
    const allowed = {
      type: 'appealAllowed' as const,
      step: 'final',
      department: null,
      reason: 'Consent is genuine',
      orderDueOn: null,
    };
    expect(clockMovesOf({ ...allowed, ground: 'finalRejected' })).toEqual([
      { step: 'final', action: 'reopen' },
    ]);
    expect(
      clockMovesOf({
        ...allowed,
        ground: 'referralRejected',
        step: 'referral',
        department: 'Fire',
      }),
    ).toEqual([]);
  });

  it('makes a late municipal step due on the day an allowed appeal ordered, not a referral', () => {
    const allowed = {
      type: 'appealAllowed' as const,
      ground: 'overdue' as const,
      department: null,
      reason: 'Decide it this week',
    };
    expect(clockMovesOf({ ...allowed, step: 'certificate', orderDueOn: '2026-11-03' })).toEqual([
      { step: 'certificate', action: 'order', due_on: '2026-11-03' },
    ]);
    expect(clockMovesOf({ ...allowed, step: 'referral', orderDueOn: '2026-11-03' })).toEqual([]);
    expect(clockMovesOf({ ...allowed, step: 'certificate', orderDueOn: null })).toEqual([]);
  });
});

describe('an application’s clocks', () => {
  const steps = [
    clock({ decided_on: '2026-10-19' }),
    clock({
      step: 'chairman_application_certificate',
      started_on: '2026-10-19',
      due_on: '2026-10-23',
      overdue: true,
    }),
  ];

  it('the current step is the latest undecided one; overdue and the next due date follow it', () => {
    expect(currentStepClock({ steps })?.step).toBe('chairman_application_certificate');
    expect(hasOverdueStep({ steps })).toBe(true);
    expect(nextDueOn({ steps })).toBe('2026-10-23');
    expect(nextDueOn({ steps: [clock({ paused_on: '2026-10-19' })] })).toBeNull();
    expect(currentStepClock({})).toBeNull();
    expect(stepOfReviewItem('chairman')).toBe('final');
  });
});

describe('rtpsReport', () => {
  it('counts steps overdue now, the share decided by their due date and the median working days taken', () => {
    const report = rtpsReport(
      [
        // 2 working days (Mon 19, Wed 21: the 20th is a holiday), on time.
        {
          started_on: '2026-10-16',
          due_on: '2026-10-21',
          decided_on: '2026-10-21',
          overdue: false,
        },
        // 5 working days less 3 stood still: 2, on time.
        {
          started_on: '2026-10-19',
          due_on: '2026-10-28',
          decided_on: '2026-10-26',
          overdue: false,
          paused_days: 3,
        },
        // 7 working days, late.
        {
          started_on: '2026-10-16',
          due_on: '2026-10-22',
          decided_on: '2026-10-27',
          overdue: false,
        },
        // Undecided and overdue.
        { started_on: '2026-10-16', due_on: '2026-10-22', decided_on: null, overdue: true },
      ],
      week,
    );
    expect(report).toEqual({
      overdueNow: 1,
      decided: 3,
      decidedOnTime: 2,
      onTimeShare: 2 / 3,
      medianWorkingDays: 2,
    });
  });

  it('has no share nor median before anything is decided, and the mean of the middle two for an even count', () => {
    expect(rtpsReport([], week)).toEqual({
      overdueNow: 0,
      decided: 0,
      decidedOnTime: 0,
      onTimeShare: null,
      medianWorkingDays: null,
    });
    const two = rtpsReport(
      [
        {
          started_on: '2026-10-26',
          due_on: '2026-10-30',
          decided_on: '2026-10-27',
          overdue: false,
        },
        {
          started_on: '2026-10-26',
          due_on: '2026-10-30',
          decided_on: '2026-10-30',
          overdue: false,
        },
      ],
      week,
    );
    expect(two.medianWorkingDays).toBe(2.5);
  });
});

describe('rtpsByStep and its Excel rows', () => {
  beforeAll(() => loadCatalogue('bn'));

  const apps = [
    {
      steps: [
        clock({ decided_on: '2026-10-19' }),
        clock({ step: 'final', started_on: '2026-10-19', due_on: '2026-10-26', overdue: true }),
      ],
    },
    {},
  ];

  it('one line per municipal step in order, then all steps together', () => {
    const lines = rtpsByStep(apps, week);
    expect(lines.map((line) => line.step)).toEqual([
      'acknowledgement',
      'chairman_application_certificate',
      'certificate',
      'agreement',
      'final',
      'all',
    ]);
    expect(lines[0]?.report).toMatchObject({ decided: 1, decidedOnTime: 1, medianWorkingDays: 1 });
    expect(lines[4]?.report.overdueNow).toBe(1);
    expect(lines.at(-1)?.report).toMatchObject({ overdueNow: 1, decided: 1 });
  });

  it('writes the rows in the chosen language, numbers as numbers, none decided as null', () => {
    const { header, rows } = rtpsExportRows(rtpsByStep(apps, week), 'bn');
    expect(header[0]).toBe('ধাপ');
    expect(rows[0]).toEqual(['প্রাপ্তিস্বীকার যাচাই', 0, 1, 1, 1, 1]);
    expect(rows[1]).toEqual(['চেয়ারম্যানের কাছে আবেদন', 0, 0, 0, null, null]);
    expect(rows.at(-1)?.[0]).toBe('সব ধাপ');
    expect(rtpsFileName(2026)).toBe('RTPS_report_2026.xlsx');
  });
});
