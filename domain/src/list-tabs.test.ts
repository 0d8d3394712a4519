import { describe, expect, it } from 'vitest';
import type { Application } from './application';
import {
  DEFAULT_LIST_FILTERS,
  LIST_TAB_LABEL,
  PENDING_DOC_LABEL,
  clearFilters,
  filterApplications,
  isFilterActive,
  isInTab,
  isListed,
  isPendingDocument,
  matchesListSearch,
  parseListFilters,
  parseSearchText,
  parseWard,
  tabsForRole,
  toListSearch,
  type ListFilters,
  type ListTab,
  type PendingDocFilter,
} from './list-tabs';
import {
  A,
  P,
  R,
  acknowledgedApplication,
  freshApplication,
  withStatuses as app,
} from './test-support/application';

const SPEC_TABS: ListTab[] = ['all', 'pending', 'chairmanReview', 'approved', 'rejected'];
const TABS: ListTab[] = [...SPEC_TABS, 'awaitingAcknowledgement'];
const DOCS: PendingDocFilter[] = ['chairmanApplication', 'certificate', 'agreement', 'chairman'];

describe('tabs (SPEC §2, §6)', () => {
  it.each([
    ['admin', TABS],
    ['chairman', TABS],
    ['store', ['all', 'pending', 'approved', 'rejected', 'awaitingAcknowledgement']],
  ] as const)('a %s user sees the tabs %j', (role, tabs) => {
    expect(tabsForRole(role)).toEqual(tabs);
  });
  it('keeps the spec tabs exactly and adds Awaiting acknowledgement after them', () => {
    expect(tabsForRole('admin').slice(0, 5)).toEqual(SPEC_TABS);
    expect(LIST_TAB_LABEL.awaitingAcknowledgement).toBe('applications.tab.awaitingAcknowledgement');
  });
  it('tabs are labelled All NOCs, Pending, Chairman Review, Approved, Rejected', () => {
    expect(SPEC_TABS.map((t) => LIST_TAB_LABEL[t])).toEqual([
      'applications.tab.all',
      'applications.tab.pending',
      'applications.tab.chairmanReview',
      'applications.tab.approved',
      'applications.tab.rejected',
    ]);
    expect(PENDING_DOC_LABEL.chairman).toBe('applications.pendingDoc.chairman');
  });
});

describe('list tab rules (SPEC §4)', () => {
  it('only applications that have an acknowledgement are shown', () => {
    expect(isListed(freshApplication())).toBe(false);
    expect(isListed(acknowledgedApplication())).toBe(true);
    expect(filterApplications([freshApplication()], {})).toEqual([]);
  });

  it.each([
    // statuses: acknowledgement, chairman application, certificate, agreement, chairman
    ['acknowledgement waiting', [P, P, P, P, P], ['all', 'pending']],
    ['acknowledgement rejected', [R, P, P, P, P], ['all', 'pending', 'rejected']],
    ['chairman application waiting', [A, P, P, P, P], ['all', 'pending']],
    ['certificate rejected', [A, A, R, P, P], ['all', 'pending', 'rejected']],
    ['agreement waiting', [A, A, A, P, P], ['all', 'pending']],
    ['agreement approved, chairman pending', [A, A, A, A, P], ['all', 'pending', 'chairmanReview']],
    ['chairman approved', [A, A, A, A, A], ['all', 'approved']],
    ['chairman rejected', [A, A, A, A, R], ['all', 'rejected']],
  ] as const)('%s is in the tabs %j', (_name, statuses, tabs) => {
    const a = app([...statuses]);
    expect(TABS.filter((tab) => isInTab(a, tab))).toEqual(tabs);
  });

  it('an application without its acknowledgement is only in Awaiting acknowledgement', () => {
    const fresh = freshApplication();
    expect(TABS.filter((tab) => filterApplications([fresh], { tab }).length > 0)).toEqual([
      'awaitingAcknowledgement',
    ]);
  });

  it('All NOCs and Awaiting acknowledgement hold every application exactly once', () => {
    const apps = [
      freshApplication({ id: 1 }),
      acknowledgedApplication({ id: 2 }),
      app([A, A, A, A, A], { id: 3 }),
      freshApplication({ id: 4, acknowledgement: '' }),
    ];
    const all = filterApplications(apps, { tab: 'all' }).map((a) => a.id);
    const awaiting = filterApplications(apps, { tab: 'awaitingAcknowledgement' }).map((a) => a.id);
    expect(all).toEqual([2, 3]);
    expect(awaiting).toEqual([1, 4]);
  });

  it.each([
    ['chairman application pending', [A, P, P, P, P], ['chairmanApplication']],
    ['certificate pending after chairman application approved', [A, A, P, P, P], ['certificate']],
    ['agreement pending after certificate approved', [A, A, A, P, P], ['agreement']],
    ['chairman pending after agreement approved', [A, A, A, A, P], ['chairman']],
    ['certificate rejected', [A, A, R, P, P], []],
    ['all decided', [A, A, A, A, A], []],
  ] as const)('the Pending Document filter puts %s under %j', (_name, statuses, docs) => {
    const a = app([...statuses]);
    expect(DOCS.filter((doc) => isPendingDocument(a, doc))).toEqual(docs);
    expect(isPendingDocument(a, 'all')).toBe(true);
  });
});

describe('filterApplications', () => {
  const apps = [
    app([A, P, P, P, P], { id: 1, club_name: 'Sree Sangha', ward_no: 3, puja_location_ward_no: 4 }),
    app([A, A, A, A, P], {
      id: 2,
      club_name: 'Nabin Sangha',
      ward_no: 7,
      puja_location_ward_no: 7,
    }),
    app([A, A, A, A, A], { id: 3, club_name: 'Youth Club', ward_no: 4, puja_location_ward_no: 12 }),
    freshApplication({ id: 4, club_name: 'Sree Durga' }),
  ];
  const ids = (list: Application[]) => list.map((a) => a.id);

  it.each([
    ['nothing set', {}, [1, 2, 3]],
    ['the Pending tab', { tab: 'pending' }, [1, 2]],
    ['the Chairman Review tab', { tab: 'chairmanReview' }, [2]],
    [
      'the Pending tab with Chairman Status pending',
      { tab: 'pending', pendingDoc: 'chairman' },
      [2],
    ],
    [
      'a Pending Document filter outside the Pending tab (ignored)',
      { tab: 'all', pendingDoc: 'chairman' },
      [1, 2, 3],
    ],
    ['the search "SANGHA"', { q: 'SANGHA' }, [1, 2]],
    ['ward 4 (club ward or puja ward)', { ward: 4 }, [1, 3]],
    ['ward 12 (puja ward)', { ward: 12 }, [3]],
    ['the Approved tab in ward 7', { tab: 'approved', ward: 7 }, []],
    [
      'the step Chairman application (waiting there now)',
      { step: 'chairman_application_certificate' },
      [1],
    ],
    ['the step Final decision', { step: 'chairman' }, [2]],
    ['the step Final decision on the Approved tab', { tab: 'approved', step: 'chairman' }, []],
    ['the step Acknowledgement (none waits)', { step: 'acknowledgement' }, []],
  ] as const)('with %s the list shows %j', (_name, filters, expected) => {
    expect(ids(filterApplications(apps, filters))).toEqual(expected);
  });

  it.each([
    ['the application number as sent', 'NOC-2025-0031', [5]],
    ['part of the application number', '0031', [5]],
    ['the govt. registration no.', 'wb/reg/118', [5]],
    ['the club phone', '9830055555', [5]],
    ['the club phone typed with spaces and +91', '+91 98300 55555', [5]],
    ['the club phone in Bengali digits', '৯৮৩০০৫৫৫৫৫', [5]],
    ["a contact's phone", '9830077777', [5]],
    ['the club name in Bengali digits', '৭ নং', [6]],
  ] as const)('the search finds %s (%j)', (_name, q, expected) => {
    const searched = [
      freshApplication({
        id: 5,
        reg_no: 'NOC-2025-0031',
        govt_register_no: 'WB/REG/118',
        phone: '98300 55555',
        puja_secretary_phone: '9830077777',
      }),
      freshApplication({ id: 6, club_name: '৭ নং পল্লি', phone: '9000000000' }),
    ];
    expect(ids(filterApplications(searched, { tab: 'awaitingAcknowledgement', q }))).toEqual(
      expected,
    );
  });

  it('matches phones only on the digits typed, and letters never as a phone', () => {
    const one = freshApplication({ reg_no: '12', phone: '9830012345' });
    expect(matchesListSearch('98', one)).toBe(true);
    expect(matchesListSearch('98x', one)).toBe(false);
    expect(matchesListSearch('983-001', one)).toBe(true);
    expect(matchesListSearch('9831', one)).toBe(false);
  });

  it('does not change the list it is given', () => {
    const copy = structuredClone(apps);
    filterApplications(apps, { tab: 'pending' });
    expect(apps).toEqual(copy);
  });
});

describe('Clear All', () => {
  it.each([
    [DEFAULT_LIST_FILTERS, false],
    [{ ...DEFAULT_LIST_FILTERS, tab: 'rejected' }, false],
    [{ ...DEFAULT_LIST_FILTERS, q: '  ' }, false],
    [{ ...DEFAULT_LIST_FILTERS, q: 'x' }, true],
    [{ ...DEFAULT_LIST_FILTERS, ward: 3 }, true],
    [{ ...DEFAULT_LIST_FILTERS, pendingDoc: 'agreement' }, true],
    [{ ...DEFAULT_LIST_FILTERS, step: 'agreement' }, true],
  ] as const)('%j has active filters: %s', (filters, active) => {
    expect(isFilterActive(filters)).toBe(active);
  });

  it('resets every filter and keeps the tab', () => {
    expect(
      clearFilters({ tab: 'pending', q: 'x', ward: 3, pendingDoc: 'agreement', step: 'chairman' }),
    ).toEqual({ tab: 'pending', q: '', ward: null, pendingDoc: 'all', step: null });
  });
});

describe('URL search params', () => {
  it.each([
    [{}, undefined, DEFAULT_LIST_FILTERS],
    [
      { tab: 'pending', q: 'sree', ward: 7, pendingDoc: 'agreement' },
      'admin',
      { tab: 'pending', q: 'sree', ward: 7, pendingDoc: 'agreement', step: null },
    ],
    [{ step: 'certificate' }, 'store', { ...DEFAULT_LIST_FILTERS, step: 'certificate' }],
    [{ step: 'certificate_status' }, 'store', DEFAULT_LIST_FILTERS],
    [{ tab: 'chairmanReview' }, 'store', DEFAULT_LIST_FILTERS],
    [{ tab: 'chairmanReview' }, 'chairman', { ...DEFAULT_LIST_FILTERS, tab: 'chairmanReview' }],
    [
      { tab: 'awaitingAcknowledgement' },
      'store',
      { ...DEFAULT_LIST_FILTERS, tab: 'awaitingAcknowledgement' },
    ],
    [{ tab: 'bogus', q: 42, ward: '30', pendingDoc: 'x' }, 'admin', DEFAULT_LIST_FILTERS],
    [{ ward: 25 }, 'store', { ...DEFAULT_LIST_FILTERS, ward: 25 }],
  ] as const)('%j for %s reads as %j', (search, role, filters) => {
    expect(parseListFilters(search, role)).toEqual(filters);
  });

  it('reads URLSearchParams too', () => {
    const params = new URLSearchParams('tab=rejected&ward=02&q=youth');
    expect(parseListFilters(params, 'store')).toEqual({
      tab: 'rejected',
      q: 'youth',
      ward: 2,
      pendingDoc: 'all',
      step: null,
    });
  });

  it.each([
    ['7', 7],
    [' 12 ', 12],
    [1, 1],
    [0, null],
    ['26', null],
    ['7.5', null],
    [7.5, null],
    ['', null],
    [null, null],
  ])('the ward %j reads as %j', (value, ward) => {
    expect(parseWard(value)).toBe(ward);
  });

  it('a search text is cut to 200 characters', () => {
    expect(parseSearchText('x'.repeat(300))).toHaveLength(200);
    expect(parseSearchText(['x'])).toBe('');
  });

  it.each([
    [DEFAULT_LIST_FILTERS, {}],
    [
      { tab: 'pending', q: 'sree', ward: 7, pendingDoc: 'agreement', step: null },
      { tab: 'pending', q: 'sree', ward: 7, pendingDoc: 'agreement' },
    ],
    [{ ...DEFAULT_LIST_FILTERS, step: 'chairman' }, { step: 'chairman' }],
    [{ ...DEFAULT_LIST_FILTERS, q: '  ' }, { q: '  ' }],
  ] as const)('%j is written to the URL as %j', (filters, search) => {
    expect(toListSearch(filters)).toEqual(search);
  });

  it('writing and reading the URL gives the same view', () => {
    const filters = {
      tab: 'approved',
      q: 'club',
      ward: 9,
      pendingDoc: 'certificate',
      step: 'agreement',
    } as const;
    expect(parseListFilters(toListSearch(filters), 'admin')).toEqual(filters);
  });
});

describe('With departments and the department filter (issue 29)', () => {
  const referral = (agency_id: number, status: 'pending' | 'approved' | 'withdrawn') => ({
    id: agency_id,
    agency_id,
    agency_name: `Department ${agency_id}`,
    kind: 'police' as const,
    status,
    due_on: '2026-08-18',
    decided_on: null,
    reference_no: null,
    conditions: [],
    reason: null,
    response: null,
    round: 1,
  });
  const open = acknowledgedApplication({ id: 1, referrals: [referral(3, 'pending')] });
  const cleared = acknowledgedApplication({
    id: 2,
    referrals: [referral(3, 'approved'), referral(4, 'withdrawn')],
  });
  const none = acknowledgedApplication({ id: 3 });

  it('shows the tab only where departments take part, and lists applications with an open referral', () => {
    expect(tabsForRole('store')).not.toContain('withDepartments');
    expect(tabsForRole('store', { departments: true }).at(-1)).toBe('withDepartments');
    const ids = (filters: Partial<ListFilters>) =>
      filterApplications([open, cleared, none], filters).map((a) => a.id);
    expect(ids({ tab: 'withDepartments' })).toEqual([1]);
    expect(ids({ department: 3 })).toEqual([1, 2]);
    expect(ids({ department: 4 })).toEqual([]);
  });

  it('reads the department from the URL and writes it back', () => {
    expect(parseListFilters({ department: '3', tab: 'withDepartments' }, 'chairman')).toMatchObject(
      { department: 3, tab: 'withDepartments' },
    );
    expect(parseListFilters({ department: 'x' })).not.toHaveProperty('department');
    expect(toListSearch({ ...DEFAULT_LIST_FILTERS, department: 3 })).toEqual({ department: 3 });
  });
});
