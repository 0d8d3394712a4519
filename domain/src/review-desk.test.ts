import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Application } from './application';
import { formatMessage } from './messages';
import { STAFF_ROLES, can } from './permissions';
import { canDecideDocument } from './review-order';
import {
  FINAL_CONFIRMATION,
  applicationProgress,
  approvalNeedsConfirmation,
  cardFacts,
  describeWaitingDays,
  deskSteps,
  finalDecisionConsequence,
  nextWaitingFor,
  oldestWaitingIds,
  waitingDays,
} from './review-desk';
import { currentReviewItem } from './review-queue';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const since = (iso: string) => ({ updated_at: iso });

/** Each step's [approve blocker, reject blocker] for a role. */
const blockers = (app: Application, role: Parameters<typeof deskSteps>[1]) =>
  Object.fromEntries(
    deskSteps(app, role).map((s) => [s.item, [s.approveBlocker, s.rejectBlocker]]),
  );

describe('deskSteps: every step, its state and why an action is not available', () => {
  it('a fresh application waits for the signed acknowledgement, then each step for the one before', () => {
    expect(blockers(freshApplication(), 'store')).toEqual({
      acknowledgement: ['desk.reason.noAcknowledgement', 'desk.reason.noAcknowledgement'],
      chairman_application_certificate: [
        'desk.waitsFor.acknowledgement',
        'desk.waitsFor.acknowledgement',
      ],
      certificate: ['desk.waitsFor.chairmanApplication', 'desk.waitsFor.chairmanApplication'],
      agreement: ['desk.waitsFor.certificate', 'desk.waitsFor.certificate'],
      chairman: ['final.notReady', 'final.notReady'],
    });
  });

  it('the step whose turn it is can be decided by store and admin, and is marked current', () => {
    for (const role of ['store', 'admin'] as const) {
      const steps = deskSteps(withStatuses([A, A, P, P]), role);
      expect(steps.map((s) => s.current)).toEqual([false, false, true, false, false]);
      expect(steps[2]).toMatchObject({
        item: 'certificate',
        label: 'reviewStep.certificate',
        status: 'Pending',
        hasFile: true,
        approveBlocker: null,
        rejectBlocker: null,
      });
      expect(steps[0]!.approveBlocker).toBe('desk.reason.approved');
      expect(steps[3]!.approveBlocker).toBe('desk.waitsFor.certificate');
    }
  });

  it('a chairman sees the document step is not theirs to decide', () => {
    expect(deskSteps(withStatuses([P, P, P, P]), 'chairman')[0]!.approveBlocker).toBe(
      'desk.reason.documentsRole',
    );
  });

  it('a rejected document waits for the club, and the steps after it wait for it', () => {
    const steps = blockers(withStatuses([A, R, P, P]), 'store');
    expect(steps.chairman_application_certificate).toEqual([
      'desk.reason.awaitsReupload',
      'desk.reason.awaitsReupload',
    ]);
    expect(steps.certificate).toEqual([
      'desk.waitsFor.chairmanApplication',
      'desk.waitsFor.chairmanApplication',
    ]);
  });

  it.each([
    ['chairman', [A, A, A, A, P], [null, null]],
    ['admin', [A, A, A, A, P], [null, null]],
    ['store', [A, A, A, A, P], ['desk.reason.finalRole', 'desk.reason.finalRole']],
    ['chairman', [A, A, A, A, A], ['desk.reason.approved', null]],
    ['chairman', [A, A, A, A, R], [null, 'desk.reason.rejected']],
    ['chairman', [A, A, A, P, P], ['final.notReady', 'final.notReady']],
  ] as const)('the final decision for %s with %j: %j', (role, statuses, expected) => {
    expect(blockers(withStatuses(statuses), role).chairman).toEqual(expected);
  });

  it('has no file to open for the final decision, and every step has its label', () => {
    const steps = deskSteps(withStatuses([A, A, A, A]), 'admin');
    expect(steps.map((s) => s.label)).toEqual([
      'reviewStep.acknowledgement',
      'reviewStep.chairmanApplication',
      'reviewStep.certificate',
      'reviewStep.agreement',
      'reviewStep.chairman',
    ]);
    expect(steps.map((s) => s.hasFile)).toEqual([true, true, true, true, false]);
  });

  it('a document action is available exactly when the server would take it from this role', () => {
    const status = fc.constantFrom(A, R, P);
    fc.assert(
      fc.property(
        fc.tuple(status, status, status, status, status),
        fc.constantFrom(...STAFF_ROLES),
        (statuses, role) => {
          const app = withStatuses(statuses);
          for (const step of deskSteps(app, role)) {
            if (step.item === 'chairman') continue;
            const open = step.approveBlocker === null;
            expect(open).toBe(canDecideDocument(app, step.item) && can(role, 'reviewDocument'));
            if (open && step.item === currentReviewItem(app)) expect(step.current).toBe(true);
          }
        },
      ),
    );
  });
});

describe('approving a document the clerk has not opened', () => {
  const app = withStatuses([A, A, P, P], { certificate_image: 'files/4/new.pdf?sig=x' });
  it.each([
    [[], true],
    [['old.pdf'], true],
    [['new.pdf'], false],
  ])('opened %j: asks once first: %s', (opened, asks) => {
    expect(approvalNeedsConfirmation(app, 'certificate', new Set(opened))).toBe(asks);
  });
  it('a missing file always asks', () => {
    expect(approvalNeedsConfirmation(freshApplication(), 'acknowledgement', new Set(['']))).toBe(
      true,
    );
  });
});

describe('list cards: status words, the step it waits at, days waiting only while waiting', () => {
  it.each([
    [freshApplication(), 'awaitingAcknowledgement'],
    [withStatuses([P, P, P, P]), 'inReview'],
    [withStatuses([A, A, R, P]), 'returned'],
    [withStatuses([A, A, A, A, A]), 'issued'],
    [withStatuses([A, A, A, A, R]), 'notApproved'],
  ] as const)('%#: progress %s', (app, progress) => {
    expect(applicationProgress(app)).toBe(progress);
  });

  it('an application waiting at a step shows the step and whole days', () => {
    const app = withStatuses([A, P, P, P], since('2025-03-07T11:00:00Z'));
    expect(cardFacts(app, NOW)).toEqual({
      progress: 'inReview',
      progressLabel: 'progress.inReview',
      waitsAt: 'chairman_application_certificate',
      waitsAtLabel: 'reviewStep.chairmanApplication',
      waitingDays: 3,
    });
  });

  it.each([
    withStatuses([A, A, A, A, A], since('2025-01-01T00:00:00Z')),
    withStatuses([A, A, A, A, R], since('2025-01-01T00:00:00Z')),
    withStatuses([A, R, P, P], since('2025-01-01T00:00:00Z')),
    freshApplication(since('2025-01-01T00:00:00Z')),
  ])('issued, refused, returned and unacknowledged applications are not "waiting" (%#)', (app) => {
    expect(waitingDays(app, NOW)).toBeNull();
    expect(cardFacts(app, NOW).waitsAt).toBeNull();
  });

  it('an unknown moment gives no days', () => {
    const app = withStatuses([P, P, P, P], { updated_at: null, created_at: null });
    expect(waitingDays(app, NOW)).toBeNull();
  });

  it.each([
    [0, 'waitingDays.today'],
    [1, 'waitingDays.one'],
    [12, 'waitingDays.many'],
    [-2, 'waitingDays.today'],
  ] as const)('%i days reads %s', (days, key) => {
    expect(describeWaitingDays(days)).toEqual({ key, params: { count: Math.max(0, days) } });
  });
});

describe('the oldest waiting stand out', () => {
  const apps = [
    withStatuses([A, A, A, A, A], { id: 1, updated_at: '2025-01-01T00:00:00Z' }),
    withStatuses([P, P, P, P], { id: 2, updated_at: '2025-03-05T00:00:00Z' }),
    withStatuses([A, A, A, A], { id: 3, updated_at: '2025-03-01T00:00:00Z' }),
    withStatuses([A, R, P, P], { id: 4, updated_at: '2025-02-01T00:00:00Z' }),
    withStatuses([A, P, P, P], { id: 5, updated_at: '2025-03-02T00:00:00Z' }),
    withStatuses([A, A, P, P], { id: 6, updated_at: '2025-03-09T00:00:00Z' }),
  ];
  it('the three longest waiting at a step, oldest first; decided and returned ones never', () => {
    expect(oldestWaitingIds(apps)).toEqual([3, 5, 2]);
  });
  it('takes a count', () => {
    expect(oldestWaitingIds(apps, 1)).toEqual([3]);
    expect(oldestWaitingIds([], 3)).toEqual([]);
  });
});

describe('Next waiting: the oldest waiting for a decision this user may take, any step', () => {
  const apps = [
    withStatuses([P, P, P, P], { id: 1, updated_at: '2025-03-04T00:00:00Z' }),
    withStatuses([A, P, P, P], { id: 2, updated_at: '2025-03-03T00:00:00Z' }),
    withStatuses([A, A, P, P], { id: 3, updated_at: '2025-03-02T00:00:00Z' }),
    withStatuses([A, A, A, A], { id: 4, updated_at: '2025-03-01T00:00:00Z' }),
    withStatuses([A, A, A, A, A], { id: 5, updated_at: '2025-02-01T00:00:00Z' }),
  ];
  it.each([
    ['store', null, 3],
    ['store', 3, 2],
    ['chairman', null, 4],
    ['chairman', 4, null],
    ['admin', null, 4],
    ['admin', 4, 3],
    ['club', null, null],
  ] as const)('for %s with %s open: %s', (role, open, next) => {
    expect(nextWaitingFor(apps, role, open)?.id ?? null).toBe(next);
  });

  it('four applications at four different steps: the store user is sent to the oldest of them', () => {
    expect(nextWaitingFor(apps.slice(0, 3), 'store', 99)?.id).toBe(3);
  });
});

describe("the chairman's confirmation", () => {
  it.each([
    ['Pending', 'approve', 'issue'],
    ['Rejected', 'approve', 'issue'],
    ['Pending', 'reject', 'refuse'],
    ['Approved', 'reject', 'withdraw'],
  ] as const)('%s then %s: %s', (status, decision, consequence) => {
    expect(finalDecisionConsequence({ chairman_status: status }, decision)).toBe(consequence);
  });

  it('each dialog names the club, and withdrawing says the code stops verifying', () => {
    for (const { title, text } of Object.values(FINAL_CONFIRMATION)) {
      expect(formatMessage(title, { club: 'Sree Sangha' })).toContain('Sree Sangha');
      expect(formatMessage(text, { club: 'Sree Sangha' })).toContain('Sree Sangha');
    }
    expect(formatMessage(FINAL_CONFIRMATION.withdraw.text, { club: 'X' })).toContain(
      'verification code will stop verifying',
    );
  });
});
