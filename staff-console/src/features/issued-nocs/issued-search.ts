import { parseSearchText, parseWard, type IssuedNocFilters } from '@puja/domain';

/** Issued NOCs' view state as it sits in the URL: defaults left out so links stay short. */
export interface IssuedSearch {
  q?: string;
  ward?: number;
}

/**
 * The route's validateSearch: the search text and ward read as the NOC list reads them (a bad
 * ward is all wards).
 * @example validateIssuedSearch({ q: 'durga', ward: '30' }) // { q: 'durga' }
 */
export function validateIssuedSearch(input: Readonly<Record<string, unknown>>): IssuedSearch {
  const q = parseSearchText(input.q);
  const ward = parseWard(input.ward);
  return { ...(q !== '' ? { q } : {}), ...(ward !== null ? { ward } : {}) };
}

/** The filters the URL asks for. @example issuedFilters({ ward: 7 }) // { q: '', ward: 7 } */
export function issuedFilters(search: IssuedSearch): IssuedNocFilters {
  return { q: search.q ?? '', ward: search.ward ?? null };
}
