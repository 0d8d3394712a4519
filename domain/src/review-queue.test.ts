import { describe, expect, it } from 'vitest';
import {
  canDecideItem,
  currentReviewItem,
  sortByOldestWaiting,
  waitingMs,
  waitingSince,
} from './review-queue';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

describe('the review item an application waits at', () => {
  it.each([
    [[P, P, P, P], 'acknowledgement'],
    [[A, P, P, P], 'chairman_application_certificate'],
    [[A, A, P, P], 'certificate'],
    [[A, A, A, P], 'agreement'],
    [[A, A, A, A], 'chairman'],
    [[A, R, P, P], null],
    [[A, A, A, A, A], null],
    [[A, A, A, A, R], null],
  ] as const)('statuses %j wait at %s', (statuses, item) => {
    expect(currentReviewItem(withStatuses(statuses))).toBe(item);
  });

  it('an application without acknowledgement waits for the club, not for staff', () => {
    expect(currentReviewItem(freshApplication())).toBeNull();
  });

  it('documents are for admin and store, the final decision for admin and chairman', () => {
    expect(canDecideItem('store', 'certificate')).toBe(true);
    expect(canDecideItem('store', 'chairman')).toBe(false);
    expect(canDecideItem('chairman', 'chairman')).toBe(true);
    expect(canDecideItem('chairman', 'agreement')).toBe(false);
    expect(canDecideItem('admin', 'agreement')).toBe(true);
  });
});

describe('waiting time', () => {
  it('counts from the last change, or from creation when the host sends none', () => {
    const app = freshApplication({ updated_at: null });
    expect(waitingSince(app)).toBe(app.created_at);
    expect(waitingSince(freshApplication({ updated_at: '2025-04-01T00:00:00.000Z' }))).toBe(
      '2025-04-01T00:00:00.000Z',
    );
  });

  it('is never negative and unknown without a date', () => {
    const app = freshApplication({ updated_at: '2025-04-01T00:00:00.000Z' });
    expect(waitingMs(app, Date.parse('2025-04-02T00:00:00.000Z'))).toBe(86_400_000);
    expect(waitingMs(app, Date.parse('2025-03-01T00:00:00.000Z'))).toBe(0);
    expect(waitingMs(freshApplication({ updated_at: null, created_at: null }), 0)).toBeNull();
  });
});

describe('the next application waiting', () => {
  const at = (id: number, statuses: Parameters<typeof withStatuses>[0], updated: string) =>
    withStatuses(statuses, { id, updated_at: updated });

  it('sorts oldest waiting first, ties by id', () => {
    const apps = [
      at(3, [P, P, P, P], '2025-04-03T00:00:00Z'),
      at(2, [P, P, P, P], '2025-04-01T00:00:00Z'),
      at(1, [P, P, P, P], '2025-04-01T00:00:00Z'),
    ];
    expect(sortByOldestWaiting(apps).map((a) => a.id)).toEqual([1, 2, 3]);
  });
});
