import { describe, expect, it } from 'vitest';
import { accept, refuse, type Outcome } from './change';

describe('accept and refuse: the two outcomes of a rule that changes something', () => {
  it('an accepted change carries what it was given', () => {
    const outcome: Outcome<{ n: number }> = accept({ n: 3 });
    expect(outcome).toEqual({ ok: true, n: 3 });
  });

  it('a refusal names its message key and its kind', () => {
    const outcome: Outcome<{ n: number }> = refuse('review.alreadyDecided', 'conflict');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect([outcome.key, outcome.kind]).toEqual(['review.alreadyDecided', 'conflict']);
  });
});
