import { describe, expect, it } from 'vitest';
import type { Application } from './application';
import { TRACKER_STEPS, applyBlocker, clubDashboardStage, trackerSteps } from './progress-tracker';
import { A, P, R, freshApplication, withStatuses as app } from './test-support/application';

const states = (a: Application) => trackerSteps(a).map((s) => s.state);

describe('trackerSteps (SPEC §4)', () => {
  it('has seven steps in order with their labels', () => {
    expect(trackerSteps(freshApplication()).map((s) => [s.id, s.label])).toEqual([
      ['submitted', 'tracker.submitted'],
      ['acknowledgement', 'tracker.acknowledgement'],
      ['chairman_application_certificate', 'tracker.chairmanApplication'],
      ['certificate', 'tracker.certificate'],
      ['agreement', 'tracker.agreement'],
      ['finalApproval', 'tracker.finalApproval'],
      ['nocIssued', 'tracker.nocIssued'],
    ]);
    expect(trackerSteps(freshApplication()).map((s) => s.id)).toEqual(TRACKER_STEPS);
  });

  it.each([
    [
      'a fresh submission',
      [P, P, P, P, P],
      ['complete', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming'],
    ],
    [
      'acknowledgement approved',
      [A, P, P, P, P],
      ['complete', 'complete', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming'],
    ],
    [
      'acknowledgement rejected',
      [R, P, P, P, P],
      ['complete', 'error', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming'],
    ],
    [
      'certificate rejected',
      [A, A, R, P, P],
      ['complete', 'complete', 'complete', 'error', 'upcoming', 'upcoming', 'upcoming'],
    ],
    [
      'all documents approved',
      [A, A, A, A, P],
      ['complete', 'complete', 'complete', 'complete', 'complete', 'current', 'upcoming'],
    ],
    [
      'the chairman approved',
      [A, A, A, A, A],
      ['complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete'],
    ],
    [
      'the chairman rejected',
      [A, A, A, A, R],
      ['complete', 'complete', 'complete', 'complete', 'complete', 'error', 'error'],
    ],
    [
      'inconsistent data with a gap',
      [A, P, A, P, P],
      ['complete', 'complete', 'current', 'complete', 'upcoming', 'upcoming', 'upcoming'],
    ],
  ] as const)('with %s the states are %j', (_name, statuses, expected) => {
    expect(states(app([...statuses]))).toEqual(expected);
  });

  it('a rejected step shows its reason', () => {
    const step = trackerSteps(
      app([A, R, P, P, P], { chairman_application_certificate_reason: 'unsigned' }),
    )[2];
    expect(step).toMatchObject({ state: 'error', reason: 'unsigned' });
  });

  it('a rejected step without a reason shows "No reason provided."', () => {
    expect(trackerSteps(app([R, P, P, P, P]))[1]?.reason).toBe('No reason provided.');
  });

  it('the final step shows the chairman reason when rejected', () => {
    const steps = trackerSteps(app([A, A, A, A, R], { chairman_reason: 'no police permit' }));
    expect(steps[5]?.reason).toBe('no police permit');
    expect(steps[6]?.reason).toBeNull();
  });

  it('steps that are not rejected show no reason', () => {
    const steps = trackerSteps(app([A, P, P, P, P], { acknowledgement_reason: 'stale' }));
    expect(steps.map((s) => s.reason)).toEqual([null, null, null, null, null, null, null]);
  });

  it.each([
    ['acknowledgement', [R, P, P, P, P], 1, 'acknowledgement'],
    ['chairman_application_certificate', [A, R, P, P, P], 2, 'chairman_application_certificate'],
    ['certificate', [A, A, R, P, P], 3, 'certificate_image'],
    ['agreement', [A, A, A, R, P], 4, 'load_agreement_image'],
  ] as const)(
    'a rejected %s offers re-upload under the file key %s',
    (doc, statuses, index, field) => {
      const steps = trackerSteps(app([...statuses]));
      expect(steps[index]).toMatchObject({ canReupload: true, document: doc, fileField: field });
      expect(steps.filter((s) => s.canReupload)).toHaveLength(1);
    },
  );

  it('a rejected final step does not offer re-upload', () => {
    const steps = trackerSteps(app([A, A, A, A, R]));
    expect(steps.some((s) => s.canReupload)).toBe(false);
    expect(steps[5]).toMatchObject({ document: null, fileField: null });
  });
});

describe('club dashboard', () => {
  it.each([
    [null, 'noApplication'],
    [undefined, 'noApplication'],
    [{ acknowledgement: null }, 'awaitingAcknowledgement'],
    [{ acknowledgement: '' }, 'awaitingAcknowledgement'],
    [{ acknowledgement: 'files/ack.pdf' }, 'full'],
  ])('%j shows the %s stage', (value, stage) => {
    expect(clubDashboardStage(value)).toBe(stage);
  });
});

describe('applying', () => {
  it.each([
    ['A', null, null],
    ['I', null, 'applyNoc.clubInactive'],
    ['A', { id: 7 }, 'applications.alreadyExists'],
    ['I', { id: 7 }, 'applications.alreadyExists'],
  ] as const)('a club %s with application %j: %s', (status, existing, blocker) => {
    expect(applyBlocker(status, existing)).toBe(blocker);
  });
});

describe('trackerSteps dates (issue 27)', () => {
  const dates = (a: Application) => trackerSteps(a).map((s) => s.date);

  it('dates each complete step: submitted, each approval, the chairman’s approval', () => {
    const issued = app([A, A, A, A, A], {
      acknowledgement_approved_at: '2025-03-07T05:00:00Z',
      chairman_application_certificate_approved_at: '2025-03-08T05:00:00Z',
      certificate_approved_at: '2025-03-09T05:00:00Z',
      agreement_approved_at: '2025-03-10T05:00:00Z',
      chairman_approved_date: '2025-03-11T05:00:00Z',
    });
    expect(dates(issued)).toEqual([
      '2025-03-05T10:15:00.000Z',
      '2025-03-07T05:00:00Z',
      '2025-03-08T05:00:00Z',
      '2025-03-09T05:00:00Z',
      '2025-03-10T05:00:00Z',
      '2025-03-11T05:00:00Z',
      '2025-03-11T05:00:00Z',
    ]);
  });

  it('no date for a step not complete, nor one the server did not send', () => {
    const rejected = app([A, R, P, P], { certificate_approved_at: '2025-03-09T05:00:00Z' });
    expect(dates(rejected)).toEqual([
      '2025-03-05T10:15:00.000Z',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('trackerSteps due dates (issue 30)', () => {
  const clock = {
    started_on: '2026-10-19',
    due_on: '2026-10-23',
    paused_on: null,
    decided_on: null,
    overdue: false,
    escalated_to: null,
  };

  it('the current step carries its running clock’s due date; no other step does', () => {
    const steps = trackerSteps({
      ...app([A, P, P, P, P]),
      steps: [
        { ...clock, step: 'acknowledgement', started_on: '2026-10-16', decided_on: '2026-10-19' },
        { ...clock, step: 'chairman_application_certificate' },
      ],
    });
    expect(steps.map((s) => s.dueOn)).toEqual([null, null, '2026-10-23', null, null, null, null]);
  });

  it('no due date while the club has the ball, nor without clocks (a PHP host)', () => {
    const paused = { ...clock, step: 'acknowledgement' as const, paused_on: '2026-10-20' };
    expect(trackerSteps({ ...app([P, P, P, P, P]), steps: [paused] })[1]?.dueOn).toBeNull();
    expect(trackerSteps(app([P, P, P, P, P])).every((s) => s.dueOn === null)).toBe(true);
  });
});
