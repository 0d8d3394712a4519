import { hasAcknowledgement, isInWard, type Application, type ReviewItem } from './application';
import type { MessageKey } from './messages';
import { formatRegNo } from './memo-number';
import { can, type Role } from './permissions';
import { currentReviewItem, parseReviewStep } from './review-queue';
import { withDepartments } from './referral-desk';
import { matchesSearch } from './text-search';
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
] as const;
export type ListTab = (typeof LIST_TABS)[number];

export const LIST_TAB_LABEL: Readonly<Record<ListTab, MessageKey>> = {
  all: 'applications.tab.all',
  pending: 'applications.tab.pending',
  chairmanReview: 'applications.tab.chairmanReview',
  approved: 'applications.tab.approved',
  rejected: 'applications.tab.rejected',
  awaitingAcknowledgement: 'applications.tab.awaitingAcknowledgement',
  withDepartments: 'referrals.withDepartments',
};

/** The Pending Document filter of the Pending tab (SPEC §2, §4). */
export const PENDING_DOC_FILTERS = [
  'all',
  'chairmanApplication',
  'certificate',
  'agreement',
  'chairman',
] as const;
export type PendingDocFilter = (typeof PENDING_DOC_FILTERS)[number];

export const PENDING_DOC_LABEL: Readonly<Record<PendingDocFilter, MessageKey>> = {
  all: 'applications.pendingDoc.all',
  chairmanApplication: 'applications.pendingDoc.chairmanApplication',
  certificate: 'applications.pendingDoc.certificate',
  agreement: 'applications.pendingDoc.agreement',
  chairman: 'applications.pendingDoc.chairman',
};

/**
 * SPEC §6: the Chairman Review tab only for admin and chairman; every staff role sees Awaiting
 * acknowledgement; With departments (issue 29) only where departments take part (`departments`:
 * an application of the season has referrals), so the spec's flow shows its tabs unchanged.
 * @example tabsForRole('store') // ['all', 'pending', 'approved', 'rejected', 'awaitingAcknowledgement']
 * @example tabsForRole('store', { departments: true }).at(-1) // 'withDepartments'
 */
export function tabsForRole(role: Role, options: { departments?: boolean } = {}): ListTab[] {
  return LIST_TABS.filter(
    (tab) =>
      (tab !== 'chairmanReview' || can(role, 'viewChairmanReviewTab')) &&
      (tab !== 'withDepartments' || options.departments === true),
  );
}

/**
 * SPEC §4: the list shows only applications that have an acknowledgement.
 * @example isListed(freshApp) // false
 */
export function isListed(app: Application): boolean {
  return hasAcknowledgement(app);
}

const is = (app: Application, status: string, ...items: ReviewItem[]) =>
  items.some((item) => app[`${item}_status`] === status);

/**
 * SPEC §4 list tab rules. Rejected: the spec says "any of the four statuses"; we count all five
 * review items (acknowledgement, three documents, chairman), so a chairman rejection and a
 * rejected acknowledgement both land in Rejected under either reading of "four".
 * @example isInTab(app, 'approved') // app.chairman_status === 'Approved'
 */
export function isInTab(app: Application, tab: ListTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'awaitingAcknowledgement':
      return !isListed(app);
    case 'chairmanReview':
      return app.agreement_status === 'Approved' && app.chairman_status === 'Pending';
    case 'pending':
      return (
        is(app, 'Pending', 'chairman_application_certificate', 'certificate', 'agreement') ||
        isInTab(app, 'chairmanReview')
      );
    case 'approved':
      return app.chairman_status === 'Approved';
    case 'withDepartments':
      return withDepartments(app);
    case 'rejected':
      return is(
        app,
        'Rejected',
        'acknowledgement',
        'chairman_application_certificate',
        'certificate',
        'agreement',
        'chairman',
      );
  }
}

/**
 * SPEC §4 Pending Document filter: the document whose turn it is.
 * @example isPendingDocument(app, 'certificate') // certificate Pending with chairman application Approved
 */
export function isPendingDocument(app: Application, filter: PendingDocFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'chairmanApplication':
      return app.chairman_application_certificate_status === 'Pending';
    case 'certificate':
      return (
        app.certificate_status === 'Pending' &&
        app.chairman_application_certificate_status === 'Approved'
      );
    case 'agreement':
      return app.agreement_status === 'Pending' && app.certificate_status === 'Approved';
    case 'chairman':
      return app.chairman_status === 'Pending' && app.agreement_status === 'Approved';
  }
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
}

export const DEFAULT_LIST_FILTERS: Readonly<ListFilters> = {
  tab: 'all',
  q: '',
  ward: null,
  pendingDoc: 'all',
  step: null,
};

/** Bengali digits (০–৯) as ASCII ones, so a number typed either way finds the same. */
const asciiDigits = (text: string) =>
  text.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

/**
 * The list's search (issue 27): club name, application number (as sent or padded), the
 * government registration number, and the club's and its four contacts' phones; a query of
 * digits and spaces, dashes or a leading +91 finds a phone however it was written. Case-
 * insensitive substrings, as every search of the product (text-search).
 * @example matchesListSearch('98300 12345', { ...app, phone: '9830012345' }) // true
 */
export function matchesListSearch(query: string, app: Application): boolean {
  const q = asciiDigits(query);
  const phones = [
    app.phone,
    app.club_president_phone,
    app.club_secrety_phone,
    app.puja_presient_phone,
    app.puja_secretary_phone,
  ];
  const texts = [app.club_name, app.reg_no, formatRegNo(app.reg_no), app.govt_register_no];
  if (matchesSearch(query, ...texts) || matchesSearch(q, ...texts)) return true;
  const digits = q.replace(/^\s*\+91/, '').replace(/[\s()-]/g, '');
  if (!/^\d{3,}$/.test(digits)) return matchesSearch(q, ...phones);
  return phones.some((phone) =>
    asciiDigits(phone ?? '')
      .replace(/\D/g, '')
      .includes(digits),
  );
}

/**
 * The applications a list shows: those of the tab (acknowledged ones, SPEC §4, except on Awaiting
 * acknowledgement), then the Pending Document filter (Pending tab only), the review step they
 * wait at (the dashboard's drill-down), the search (matchesListSearch) and ward (club ward or
 * puja ward, as in SPEC §9).
 * @example filterApplications(apps, { ...DEFAULT_LIST_FILTERS, tab: 'pending', ward: 7 })
 */
export function filterApplications<T extends Application>(
  apps: readonly T[],
  filters: Partial<ListFilters>,
): T[] {
  const { tab, q, ward, pendingDoc, step, department } = { ...DEFAULT_LIST_FILTERS, ...filters };
  return apps.filter(
    (app) =>
      (tab === 'awaitingAcknowledgement' || isListed(app)) &&
      isInTab(app, tab) &&
      (tab !== 'pending' || isPendingDocument(app, pendingDoc)) &&
      (step === null || currentReviewItem(app) === step) &&
      matchesListSearch(q, app) &&
      isInWard(app, ward) &&
      (department === undefined || department === null || referredTo(app, department)),
  );
}

/**
 * Whether any filter differs from its default (the tab is not a filter); shows Clear All.
 * @example isFilterActive({ ...DEFAULT_LIST_FILTERS, q: 'sangha' }) // true
 */
export function isFilterActive(filters: ListFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    filters.ward !== null ||
    filters.pendingDoc !== DEFAULT_LIST_FILTERS.pendingDoc ||
    filters.step !== null ||
    (filters.department ?? null) !== null
  );
}

/**
 * SPEC §2 Clear All: resets the filters and keeps the tab.
 * @example clearFilters({ tab: 'pending', q: 'x', ward: 3, pendingDoc: 'agreement', step: null })
 *   // { tab: 'pending', q: '', ward: null, pendingDoc: 'all', step: null }
 */
export function clearFilters(filters: ListFilters): ListFilters {
  return { ...DEFAULT_LIST_FILTERS, tab: filters.tab };
}

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
  const allowed = role === undefined ? LIST_TABS : tabsForRole(role, { departments: true });
  const department = parseDepartment(readParam(input, 'department'));
  return {
    tab: oneOf(allowed, readParam(input, 'tab'), 'all'),
    q: parseSearchText(readParam(input, 'q')),
    ward: parseWard(readParam(input, 'ward')),
    pendingDoc: oneOf(PENDING_DOC_FILTERS, readParam(input, 'pendingDoc'), 'all'),
    step: parseReviewStep(readParam(input, 'step')),
    ...(department === null ? {} : { department }),
  };
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
  return search;
}

/** A department's id from a URL: a positive whole number, else null (any). */
function parseDepartment(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** Whether an application was referred to a department (a withdrawn referral does not count). */
function referredTo(app: Application, department: number): boolean {
  return (app.referrals ?? []).some(
    (referral) => referral.agency_id === department && referral.status !== 'withdrawn',
  );
}
