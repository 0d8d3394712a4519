import {
  parseListFilters,
  type ListFilters,
  type ListTab,
  type PendingDocFilter,
  type ReviewItem,
  type Role,
} from '@puja/domain';

/** The NOC list's view state as it sits in the URL: defaults left out so links stay short. */
/** The list's orders besides its own: oldest waiting first, soonest due first. */
export type ListSort = 'oldest' | 'due';

export interface ListSearch {
  tab?: ListTab;
  q?: string;
  ward?: number;
  pendingDoc?: PendingDocFilter;
  /** The review step applications wait at now (the dashboard's drill-down). */
  step?: ReviewItem;
  /** Oldest waiting first, or (issue 30) soonest due first, instead of the list's order. */
  sort?: ListSort;
  /** Issue 29: applications referred to this department (its id). */
  department?: number;
  /** Issue 30: applications with a decision due on or before this day (`YYYY-MM-DD`). */
  dueBy?: string;
  /** 1-based page of the cards; 1 is left out. */
  page?: number;
}

/**
 * The route's validateSearch: anything from a URL becomes a valid ListSearch through domain's
 * parser (an unknown tab is All, a bad ward is all wards).
 * @example validateListSearch({ tab: 'pending', ward: '30', page: '2' }) // { tab: 'pending', page: 2 }
 */
export function validateListSearch(input: Readonly<Record<string, unknown>>): ListSearch {
  const filters = parseListFilters(input);
  const search: ListSearch = {};
  if (filters.tab !== 'all') search.tab = filters.tab;
  if (filters.q !== '') search.q = filters.q;
  if (filters.ward !== null) search.ward = filters.ward;
  if (filters.pendingDoc !== 'all') search.pendingDoc = filters.pendingDoc;
  if (filters.step !== null) search.step = filters.step;
  if (filters.department !== undefined && filters.department !== null) {
    search.department = filters.department;
  }
  if (filters.dueBy !== undefined && filters.dueBy !== null) search.dueBy = filters.dueBy;
  if (input.sort === 'oldest' || input.sort === 'due') search.sort = input.sort;
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
export function toSearch(filters: ListFilters, sort?: ListSort): ListSearch {
  return validateListSearch({ ...filters, ...(sort ? { sort } : {}) });
}
