/**
 * The NOC list's view state as it sits in the URL (tabs, filters, search): parsed from and
 * written to search params. Apart from list-tabs.ts's rules over applications so a route can read
 * its search without loading them (the staff login's first load carries this, not those).
 */
import type { ReviewItem } from './application';
import { can, type Role } from './permissions';
import { parseReviewStep } from './review-queue';
import { isWardNumber } from './validation';

/**
 * The tabs of the NOC applications list: SPEC §2's five, then Awaiting acknowledgement (issue
 * 27): the applications SPEC §4 keeps out of every other tab, so a clerk called by such a club
 * finds it. Together, All NOCs and Awaiting acknowledgement hold every application once.
 */
export const LIST_TABS = [
  'all',
  'pending',
  'chairmanReview',
  'approved',
  'rejected',
  'awaitingAcknowledgement',
  'withDepartments',
  'overdue',
] as const;
export type ListTab = (typeof LIST_TABS)[number];

/** The Pending Document filter of the Pending tab (SPEC §2, §4). */
export const PENDING_DOC_FILTERS = [
  'all',
  'chairmanApplication',
  'certificate',
  'agreement',
  'chairman',
] as const;
export type PendingDocFilter = (typeof PENDING_DOC_FILTERS)[number];

/**
 * SPEC §6: the Chairman Review tab only for admin and chairman; every staff role sees Awaiting
 * acknowledgement; With departments (issue 29) only where departments take part (`departments`:
 * an application of the season has referrals), and Overdue (issue 30) for admin, store and
 * chairman only where the server keeps step clocks (`clocks`: an application carries them), so
 * the spec's flow shows its tabs unchanged.
 * @example tabsForRole('store') // ['all', 'pending', 'approved', 'rejected', 'awaitingAcknowledgement']
 * @example tabsForRole('store', { departments: true }).at(-1) // 'withDepartments'
 * @example tabsForRole('chairman', { clocks: true }).at(-1) // 'overdue'
 */
export function tabsForRole(
  role: Role,
  options: { departments?: boolean; clocks?: boolean } = {},
): ListTab[] {
  return LIST_TABS.filter(
    (tab) =>
      (tab !== 'chairmanReview' || can(role, 'viewChairmanReviewTab')) &&
      (tab !== 'withDepartments' || options.departments === true) &&
      (tab !== 'overdue' ||
        (options.clocks === true && ['admin', 'store', 'chairman'].includes(role))),
  );
}

/** The list's view state, kept in the URL (STYLE: tabs and filters live in search params). */
export interface ListFilters {
  tab: ListTab;
  /** Club-name search. */
  q: string;
  /** 1..25, or null for all wards. */
  ward: number | null;
  /** Only used on the Pending tab. */
  pendingDoc: PendingDocFilter;
  /** The review step applications wait at now (`currentReviewItem`), or null for any. */
  step: ReviewItem | null;
  /** Issue 29: only applications referred to this department (its id); absent or null: any. */
  department?: number | null;
  /** Issue 30: only applications with a decision due on or before this day; absent or null: any. */
  dueBy?: string | null;
}

export const DEFAULT_LIST_FILTERS: Readonly<ListFilters> = {
  tab: 'all',
  q: '',
  ward: null,
  pendingDoc: 'all',
  step: null,
};

/** URL search params as a router hands them over, or anything with `get` (URLSearchParams). */
export type SearchInput = Readonly<Record<string, unknown>> | { get(name: string): string | null };

/** The longest search text kept from a URL. */
export const MAX_SEARCH_LENGTH = 200;

function readParam(input: SearchInput, name: string): unknown {
  return typeof input.get === 'function'
    ? (input as { get(name: string): string | null }).get(name)
    : (input as Readonly<Record<string, unknown>>)[name];
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return (options as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

/**
 * SPEC §2, §9: a ward from a URL or a select: 1..25 as a number or digit string, else null (all).
 * @example parseWard('7') // 7; parseWard('x') // null
 */
export function parseWard(value: unknown): number | null {
  const ward =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return isWardNumber(ward) ? ward : null;
}

/**
 * SPEC §2 search text from a URL: a string, cut to MAX_SEARCH_LENGTH; anything else is ''.
 * @example parseSearchText(['a']) // ''
 */
export function parseSearchText(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_SEARCH_LENGTH) : '';
}

/**
 * Reads the list's view state from URL search params, falling back safely: an unknown tab, or
 * a tab the role may not see, becomes All; a bad ward becomes all wards, an unknown step any step.
 * @example parseListFilters({ tab: 'chairmanReview', ward: '30' }, 'store')
 *   // { tab: 'all', q: '', ward: null, pendingDoc: 'all', step: null }
 */
export function parseListFilters(input: SearchInput, role?: Role): ListFilters {
  const allowed =
    role === undefined ? LIST_TABS : tabsForRole(role, { departments: true, clocks: true });
  const department = parseDepartment(readParam(input, 'department'));
  const dueBy = parseDay(readParam(input, 'dueBy'));
  return {
    tab: oneOf(allowed, readParam(input, 'tab'), 'all'),
    q: parseSearchText(readParam(input, 'q')),
    ward: parseWard(readParam(input, 'ward')),
    pendingDoc: oneOf(PENDING_DOC_FILTERS, readParam(input, 'pendingDoc'), 'all'),
    step: parseReviewStep(readParam(input, 'step')),
    ...(department === null ? {} : { department }),
    ...(dueBy === null ? {} : { dueBy }),
  };
}

/** A calendar day from a URL (`YYYY-MM-DD`), else null. */
function parseDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** A view state as URL search params: each filter only when it is not its default. */
// A type, not an interface: it is read back as SearchInput (a record).
export type ListSearchParams = {
  tab?: ListTab;
  q?: string;
  ward?: number;
  pendingDoc?: PendingDocFilter;
  step?: ReviewItem;
  department?: number;
  /** Issue 30: a decision due on or before this day (`YYYY-MM-DD`). */
  dueBy?: string;
};

/**
 * The search params for a view state, leaving out defaults so links stay short (a search text
 * is kept as typed, spaces and all, so the box shows what was typed).
 * @example toListSearch({ tab: 'pending', q: '', ward: 7, pendingDoc: 'all', step: null }) // { tab: 'pending', ward: 7 }
 */
export function toListSearch(filters: ListFilters): ListSearchParams {
  const search: ListSearchParams = {};
  if (filters.tab !== DEFAULT_LIST_FILTERS.tab) search.tab = filters.tab;
  if (filters.q !== '') search.q = filters.q;
  if (filters.ward !== null) search.ward = filters.ward;
  if (filters.pendingDoc !== DEFAULT_LIST_FILTERS.pendingDoc)
    search.pendingDoc = filters.pendingDoc;
  if (filters.step !== null) search.step = filters.step;
  if ((filters.department ?? null) !== null) search.department = filters.department!;
  if ((filters.dueBy ?? null) !== null) search.dueBy = filters.dueBy!;
  return search;
}

/** A department's id from a URL: a positive whole number, else null (any). */
function parseDepartment(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
