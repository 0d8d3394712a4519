import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVIEW_DOCUMENTS, normaliseApplication, type Application } from './application';
import { countPending, readDashboardStats, summariseApplications } from './dashboard-counts';
import { filterIssuedNocs } from './issued-nocs';
import {
  DEFAULT_LIST_FILTERS,
  LIST_TABS,
  PENDING_DOC_FILTERS,
  filterApplications,
  isInTab,
  parseListFilters,
  toListSearch,
} from './list-tabs';
import { formatMemoNumber } from './memo-number';
import { trackerSteps } from './progress-tracker';
import { REVIEW_STEPS } from './review-queue';
import { codeFromStatus, type ReviewStatus } from './status';
import { reachableApplicationArb, regNoArb } from './test-support/arbitraries';
import { freshApplication } from './test-support/application';

const appsArb = fc.array(reachableApplicationArb, { maxLength: 12 });
const statusArb = fc.constantFrom<ReviewStatus>('Pending', 'Approved', 'Rejected');

describe('invariants over every application reachable through the review order', () => {
  it('the pending count is never negative, and no application is counted twice', () => {
    fc.assert(
      fc.property(appsArb, (apps) => {
        const stats = readDashboardStats(summariseApplications(apps));
        expect(stats.pending).toBeGreaterThanOrEqual(0);
        // Approved and Rejected never overlap, so the counters add up to the total exactly.
        for (const app of apps) {
          expect(isInTab(app, 'approved') && isInTab(app, 'rejected')).toBe(false);
        }
        expect(stats.approved + stats.rejected + stats.pending).toBe(stats.total);
      }),
    );
  });

  it('the pending count is never negative for any counts at all', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (total, approved, rejected) => {
        expect(countPending({ total, approved, rejected })).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('at most one tracker step is current', () => {
    fc.assert(
      fc.property(reachableApplicationArb, (app) => {
        expect(trackerSteps(app).filter((s) => s.state === 'current').length).toBeLessThanOrEqual(
          1,
        );
      }),
    );
  });

  it('at most one tracker step is current even for inconsistent server data', () => {
    fc.assert(
      fc.property(fc.array(statusArb, { minLength: 5, maxLength: 5 }), ([a, b, c, d, e]) => {
        const app = freshApplication({
          acknowledgement_status: a,
          chairman_application_certificate_status: b,
          certificate_status: c,
          agreement_status: d,
          chairman_status: e,
        });
        expect(trackerSteps(app).filter((s) => s.state === 'current').length).toBeLessThanOrEqual(
          1,
        );
      }),
    );
  });

  it('every application in the Chairman Review tab is also in the Pending tab', () => {
    fc.assert(
      fc.property(appsArb, (apps) => {
        const pending = filterApplications(apps, { tab: 'pending' });
        for (const app of filterApplications(apps, { tab: 'chairmanReview' })) {
          expect(pending).toContain(app);
        }
      }),
    );
  });

  it('a later document is never Approved while an earlier one is not', () => {
    fc.assert(
      fc.property(reachableApplicationArb, (app) => {
        const statuses = REVIEW_DOCUMENTS.map((doc) => app[`${doc}_status`]);
        statuses.forEach((status, i) => {
          if (status === 'Approved')
            expect(statuses.slice(0, i).every((s) => s === 'Approved')).toBe(true);
        });
      }),
    );
  });

  it('an issued NOC always has all four documents Approved', () => {
    fc.assert(
      fc.property(appsArb, (apps) => {
        for (const app of filterIssuedNocs(apps, { q: '', ward: null })) {
          expect(REVIEW_DOCUMENTS.map((doc) => app[`${doc}_status`])).toEqual([
            'Approved',
            'Approved',
            'Approved',
            'Approved',
          ]);
          expect(app.chairman_approved_date).not.toBeNull();
        }
      }),
    );
  });

  it('every listed application is in All and in at least one other tab', () => {
    fc.assert(
      fc.property(reachableApplicationArb, (app) => {
        if (app.acknowledgement === null) return;
        const tabs = LIST_TABS.filter((tab) => isInTab(app, tab));
        expect(tabs[0]).toBe('all');
        expect(tabs.length).toBeGreaterThan(1);
      }),
    );
  });

  it('a rejected document is always shown with a reason in the tracker', () => {
    fc.assert(
      fc.property(reachableApplicationArb, (app) => {
        for (const step of trackerSteps(app)) {
          if (step.state === 'error' && step.id !== 'nocIssued') expect(step.reason).not.toBe('');
        }
      }),
    );
  });

  it('the server wire form (status codes as strings) normalises back to the same application', () => {
    fc.assert(
      fc.property(reachableApplicationArb, (app) => {
        const wire: Record<string, unknown> = {
          ...app,
          clubname: app.club_name,
          id: String(app.id),
        };
        for (const item of [...REVIEW_DOCUMENTS, 'chairman'] as const) {
          wire[`${item}_status`] = codeFromStatus(app[`${item}_status`]);
        }
        expect(normaliseApplication(wire)).toEqual(app);
      }),
    );
  });
});

describe('memo numbers', () => {
  it('always read XX/DURGAPUJA/YYYY, XX the last two characters of the reg no', () => {
    fc.assert(
      fc.property(regNoArb, fc.integer({ min: 2000, max: 2100 }), (regNo, year) => {
        const memo = formatMemoNumber(regNo, year);
        expect(memo).toMatch(/^.{2}\/DURGAPUJA\/\d{4}$/);
        expect(memo.slice(0, 2)).toBe(regNo.slice(-2).padStart(2, '0'));
      }),
    );
  });

  it('start with two digits for every reg no our server assigns (a number)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(formatMemoNumber(n, 2025)).toMatch(/^\d{2}\/DURGAPUJA\/2025$/);
      }),
    );
  });

  it('keep the last two digits of the reg no', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(formatMemoNumber(String(n), 2025).slice(0, 2)).toBe(
          String(n % 100).padStart(2, '0'),
        );
      }),
    );
  });
});

describe('list view state in the URL', () => {
  const filtersArb = fc.record({
    tab: fc.constantFrom(...LIST_TABS),
    q: fc.string({ maxLength: 30 }).filter((q) => q.trim() === q),
    ward: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
    pendingDoc: fc.constantFrom(...PENDING_DOC_FILTERS),
    step: fc.option(fc.constantFrom(...REVIEW_STEPS), { nil: null }),
  });

  it('survives being written to the URL and read back', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        expect(parseListFilters(toListSearch(filters), 'admin')).toEqual(filters);
      }),
    );
  });

  it('reads any junk as a valid view state', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (junk) => {
        const filters = parseListFilters(junk, 'store');
        expect(LIST_TABS).toContain(filters.tab);
        expect(filters.tab).not.toBe('chairmanReview');
        expect(filters.ward === null || (filters.ward >= 1 && filters.ward <= 25)).toBe(true);
        expect(PENDING_DOC_FILTERS).toContain(filters.pendingDoc);
      }),
    );
  });

  it('a filtered list is a part of the list and leaves it unchanged', () => {
    fc.assert(
      fc.property(appsArb, filtersArb, (apps: Application[], filters) => {
        const before = structuredClone(apps);
        const shown = filterApplications(apps, filters);
        for (const app of shown) expect(apps).toContain(app);
        expect(apps).toEqual(before);
        expect(filterApplications(apps, DEFAULT_LIST_FILTERS).length).toBeGreaterThanOrEqual(
          shown.length,
        );
      }),
    );
  });
});
