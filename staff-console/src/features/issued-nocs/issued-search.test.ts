import { describe, expect, it } from 'vitest';
import { issuedFilters, validateIssuedSearch } from './issued-search';

describe('Issued NOCs in the URL', () => {
  it('keeps the search text and a ward from 1 to 25', () => {
    expect(validateIssuedSearch({ q: '07/durga', ward: '7' })).toEqual({ q: '07/durga', ward: 7 });
  });

  it('leaves out what is empty or not a ward, so a bad link shows every issued NOC', () => {
    expect(validateIssuedSearch({ q: '', ward: '30' })).toEqual({});
    expect(validateIssuedSearch({ q: ['a'], ward: 'x' })).toEqual({});
  });

  it('gives the filters of a URL without them as everything', () => {
    expect(issuedFilters({})).toEqual({ q: '', ward: null });
    expect(issuedFilters({ q: 'sangha', ward: 3 })).toEqual({ q: 'sangha', ward: 3 });
  });
});
