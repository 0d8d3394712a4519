import { isInWard, isListed, type Application, type ReviewItem } from './application';
import type { MessageKey } from './messages';
import { formatRegNo } from './memo-number';
import { currentReviewItem } from './review-queue';
import { withDepartments } from './referral-desk';
import { hasOverdueStep, nextDueOn } from './step-clocks';
import { matchesSearch } from './text-search';
import {
  DEFAULT_LIST_FILTERS,
  type ListFilters,
  type ListTab,
  type PendingDocFilter,
} from './list-search';

// The URL state of the list, kept with its rules for the importers of this module.
export * from './list-search';

export const LIST_TAB_LABEL: Readonly<Record<ListTab, MessageKey>> = {
  all: 'applications.tab.all',
  pending: 'applications.tab.pending',
  chairmanReview: 'applications.tab.chairmanReview',
  approved: 'applications.tab.approved',
  rejected: 'applications.tab.rejected',
  awaitingAcknowledgement: 'applications.tab.awaitingAcknowledgement',
  withDepartments: 'referrals.withDepartments',
  overdue: 'due.tab',
};

export const PENDING_DOC_LABEL: Readonly<Record<PendingDocFilter, MessageKey>> = {
  all: 'applications.pendingDoc.all',
  chairmanApplication: 'applications.pendingDoc.chairmanApplication',
  certificate: 'applications.pendingDoc.certificate',
  agreement: 'applications.pendingDoc.agreement',
  chairman: 'applications.pendingDoc.chairman',
};

// SPEC §4's isListed lives in application.ts (the season's dashboard reads it without the list's
// rules, which the staff login's first load would then carry).
export { isListed };

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
    case 'overdue':
      return isOverdueApplication(app);
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
 * Issue 30: an application with a step the sweep found late (its own, or a department's
 * referral still pending): the Overdue tab and the marked cards.
 * @example isOverdueApplication({ ...app, steps: [{ …, overdue: true }] }) // true
 */
export function isOverdueApplication(app: Pick<Application, 'steps' | 'referrals'>): boolean {
  return hasOverdueStep(app) || (app.referrals ?? []).some((referral) => referral.overdue === true);
}

/**
 * The day an application's next decision is due: its running step's, or a pending referral's,
 * whichever comes first; null when nothing of it runs (the due-date sort and filter).
 * @example applicationDueOn(app) // '2026-10-23'
 */
export function applicationDueOn(app: Pick<Application, 'steps' | 'referrals'>): string | null {
  const days = [
    nextDueOn(app),
    ...(app.referrals ?? []).filter((r) => r.status === 'pending').map((r) => r.due_on),
  ].filter((day): day is string => day !== null);
  return days.sort()[0] ?? null;
}

/**
 * Soonest due first (issue 30): by `applicationDueOn`, those with nothing due last, then by id.
 * @example sortByDueDate([later, sooner]) // [sooner, later]
 */
export function sortByDueDate<T extends Application>(apps: readonly T[]): T[] {
  const key = (app: T) => applicationDueOn(app) ?? '9999-12-31';
  return [...apps].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
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
  const { tab, q, ward, pendingDoc, step, department, dueBy } = {
    ...DEFAULT_LIST_FILTERS,
    ...filters,
  };
  return apps.filter(
    (app) =>
      (tab === 'awaitingAcknowledgement' || isListed(app)) &&
      isInTab(app, tab) &&
      (tab !== 'pending' || isPendingDocument(app, pendingDoc)) &&
      (step === null || currentReviewItem(app) === step) &&
      matchesListSearch(q, app) &&
      isInWard(app, ward) &&
      (department === undefined || department === null || referredTo(app, department)) &&
      (dueBy === undefined || dueBy === null || isDueBy(app, dueBy)),
  );
}

/** Whether an application has a decision due on or before `day`. */
function isDueBy(app: Application, day: string): boolean {
  const due = applicationDueOn(app);
  return due !== null && due <= day;
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
    (filters.department ?? null) !== null ||
    (filters.dueBy ?? null) !== null
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

/** Whether an application was referred to a department (a withdrawn referral does not count). */
function referredTo(app: Application, department: number): boolean {
  return (app.referrals ?? []).some(
    (referral) => referral.agency_id === department && referral.status !== 'withdrawn',
  );
}
