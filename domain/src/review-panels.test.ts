import { describe, expect, it } from 'vitest';
import { awaitsChairmanReview, awaitsDocumentReview } from './review-panels';
import type { ReviewStatus } from './status';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

const app = ([cert, agreement, chairman]: readonly ReviewStatus[]) =>
  withStatuses([A, A, cert ?? P, agreement ?? P, chairman ?? P]);

describe('Document Review Panel and Chairman Final Review (SPEC §2)', () => {
  it.each([
    ['certificate pending', [P, P, P], true, false],
    ['certificate rejected, agreement pending', [R, P, P], true, false],
    ['agreement pending', [A, P, P], true, false],
    ['agreement rejected', [A, R, P], false, false],
    ['both approved, chairman pending', [A, A, P], false, true],
    ['chairman decided', [A, A, A], false, false],
    ['chairman rejected', [A, A, R], false, false],
  ] as const)(
    'with %s: in the store panel %s, in the chairman panel %s',
    (_n, statuses, store, chairman) => {
      const a = app([...statuses]);
      expect(awaitsDocumentReview(a)).toBe(store);
      expect(awaitsChairmanReview(a)).toBe(chairman);
    },
  );

  it('an application without an acknowledgement is not in the store panel yet', () => {
    expect(awaitsDocumentReview(freshApplication())).toBe(false);
  });
});
