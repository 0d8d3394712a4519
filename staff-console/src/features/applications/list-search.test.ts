import { describe, expect, it } from 'vitest';
import { filtersFor, toSearch, validateListSearch } from './list-search';

describe('the NOC list view state in the URL', () => {
  it('keeps valid values and drops defaults', () => {
    expect(
      validateListSearch({
        tab: 'pending',
        q: 'sangha',
        ward: '7',
        pendingDoc: 'agreement',
        step: 'certificate',
        page: '3',
        sort: 'oldest',
      }),
    ).toEqual({
      tab: 'pending',
      q: 'sangha',
      ward: 7,
      pendingDoc: 'agreement',
      step: 'certificate',
      page: 3,
      sort: 'oldest',
    });
    expect(validateListSearch({ tab: 'all', q: '', pendingDoc: 'all', page: '1' })).toEqual({});
  });

  it('falls back safely on anything a hand-edited URL holds', () => {
    expect(
      validateListSearch({ tab: 'nope', ward: '30', step: 'bogus', page: '-2', sort: 'x' }),
    ).toEqual({});
  });

  it('round-trips filters through the URL', () => {
    const filters = {
      tab: 'rejected',
      q: 'club',
      ward: 12,
      pendingDoc: 'all',
      step: 'chairman',
    } as const;
    const search = toSearch(filters, 'oldest');
    const url = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)]));
    expect(filtersFor(validateListSearch(Object.fromEntries(url)), 'admin')).toEqual(filters);
  });

  it('a store user sent the Chairman Review tab sees All', () => {
    expect(filtersFor({ tab: 'chairmanReview' }, 'store').tab).toBe('all');
    expect(filtersFor({ tab: 'chairmanReview' }, 'chairman').tab).toBe('chairmanReview');
  });
});
