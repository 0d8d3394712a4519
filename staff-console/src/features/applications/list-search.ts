import {
  parseListFilters,
  toListSearch,
  type ListFilters,
  type ListSearchParams,
  type Role,
} from '@puja/domain';

/** The NOC list's view state as it sits in the URL: defaults left out so links stay short. */
export interface ListSearch extends ListSearchParams {
  /** Oldest waiting first instead of the list's order. */
  sort?: 'oldest';
  /** 1-based page of the cards; 1 is left out. */
  page?: number;
}

/**
 * The route's validateSearch: anything from a URL becomes a valid ListSearch through domain's
 * parser (an unknown tab is All, a bad ward is all wards).
 * @example validateListSearch({ tab: 'pending', ward: '30', page: '2' }) // { tab: 'pending', page: 2 }
 */
export function validateListSearch(input: Readonly<Record<string, unknown>>): ListSearch {
  const search: ListSearch = toListSearch(parseListFilters(input));
  if (input.sort === 'oldest') search.sort = 'oldest';
  const page = Number(input.page);
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

/** The filters for a role (a tab the role may not see falls back to All). */
export function filtersFor(search: ListSearch, role: Role): ListFilters {
  return parseListFilters({ ...search }, role);
}

/**
 * The URL state for new filters: the page goes back to 1 whenever a filter changes.
 * @example toSearch({ tab: 'pending', q: '', ward: 7, pendingDoc: 'all' }, 'oldest') // { tab: 'pending', ward: 7, sort: 'oldest' }
 */
export function toSearch(filters: ListFilters, sort?: 'oldest'): ListSearch {
  return validateListSearch({ ...filters, ...(sort ? { sort } : {}) });
}
