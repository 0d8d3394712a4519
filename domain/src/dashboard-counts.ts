import type { Application } from './application';
import { filterApplications, isInTab, type ListTab } from './list-tabs';
import type { MessageKey } from './messages';

/** The four counters of the staff dashboard (SPEC §2). */
export interface DashboardStats {
  total: number;
  approved: number;
  rejected: number;
  pending: number;
  /**
   * Of the total (and of Pending Review), the applications still without their signed
   * acknowledgement: the Awaiting acknowledgement tab (issue 27). Absent when the host does not
   * count them (an addition to SPEC §3's answer).
   */
  awaiting?: number;
  /**
   * Of Rejected, the applications waiting for a new document, which SPEC §4's Pending tab lists
   * too (a document still Pending). Absent when the host does not count them.
   */
  returned?: number;
}

/** The server's answer (SPEC §3: numbers as strings; the last one an addition). */
export interface DashboardStatsWire {
  total_applications: string;
  total_approved: string;
  total_rejected: string;
  total_awaiting_acknowledgement: string;
  total_returned: string;
}

/**
 * SPEC §2: pending = total − approved − rejected, never below 0.
 * @example countPending({ total: 5, approved: 4, rejected: 3 }) // 0
 */
export function countPending(counts: {
  total: number;
  approved: number;
  rejected: number;
}): number {
  return Math.max(0, counts.total - counts.approved - counts.rejected);
}

function count(value: unknown): number {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(text) ? Number(text) : 0;
}

/**
 * Reads the dashboard answer; anything that is not a whole number counts as 0.
 * @example readDashboardStats({ total_applications: '12', total_approved: '3', total_rejected: '2' })
 *   // { total: 12, approved: 3, rejected: 2, pending: 7 }
 */
export function readDashboardStats(raw: unknown): DashboardStats {
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const counts = {
    total: count(data.total_applications),
    approved: count(data.total_approved),
    rejected: count(data.total_rejected),
  };
  const pending = countPending(counts);
  const stats: DashboardStats = { ...counts, pending };
  // Never more than the counter they are part of: a breakdown stays within its counter.
  if (data.total_awaiting_acknowledgement !== undefined)
    stats.awaiting = Math.min(count(data.total_awaiting_acknowledgement), pending);
  if (data.total_returned !== undefined)
    stats.returned = Math.min(count(data.total_returned), counts.rejected);
  return stats;
}

/**
 * The dashboard answer for a set of applications (decision 0001). The counters count what the
 * list tabs show: Total Applications is All NOCs plus Awaiting acknowledgement (every
 * application once), Approved NOC the Approved tab, Rejected the Rejected tab, and Pending
 * Review (total − approved − rejected) the applications in review plus Awaiting
 * acknowledgement. Approved and Rejected never overlap (an approval needs every item
 * Approved). `total_returned`: the rejected ones SPEC §4's Pending tab also lists.
 * @example summariseApplications([]) // { total_applications: '0', ..., total_awaiting_acknowledgement: '0' }
 */
export function summariseApplications(apps: readonly Application[]): DashboardStatsWire {
  const inTab = (tab: ListTab) => filterApplications(apps, { tab });
  const rejected = inTab('rejected');
  return {
    total_applications: String(apps.length),
    total_approved: String(inTab('approved').length),
    total_rejected: String(rejected.length),
    total_awaiting_acknowledgement: String(inTab('awaitingAcknowledgement').length),
    total_returned: String(rejected.filter((app) => isInTab(app, 'pending')).length),
  };
}

/** The four counters of SPEC §2. */
export type CounterKey = 'total' | 'approved' | 'pending' | 'rejected';

/** What a counter's hint says it counts, and with which figures (dashboard, decision 0001). */
export interface CounterHint {
  key: MessageKey;
  params: Record<string, number>;
}

/**
 * The line under each dashboard counter saying what it counts, in the tabs' terms (with figures
 * when the host counts them): Total is All NOCs plus Awaiting acknowledgement; Pending Review
 * the applications in review plus Awaiting acknowledgement; Approved NOC and Rejected their
 * tabs, Rejected naming those waiting for a new document, which the Pending tab lists too.
 * @example counterHint('total', { total: 14, approved: 2, rejected: 1, pending: 11, awaiting: 1 })
 *   // { key: 'dashboard.hint.totalSplit', params: { listed: 13, awaiting: 1 } }
 */
export function counterHint(counter: CounterKey, stats: DashboardStats): CounterHint {
  const awaiting = stats.awaiting;
  switch (counter) {
    case 'total':
      return awaiting === undefined
        ? { key: 'dashboard.hint.total', params: {} }
        : {
            key: 'dashboard.hint.totalSplit',
            params: { listed: Math.max(0, stats.total - awaiting), awaiting },
          };
    case 'pending':
      return awaiting === undefined
        ? { key: 'dashboard.hint.pending', params: {} }
        : {
            key: 'dashboard.hint.pendingSplit',
            params: { inReview: stats.pending - awaiting, awaiting },
          };
    case 'approved':
      return { key: 'dashboard.hint.approved', params: {} };
    case 'rejected':
      return stats.returned
        ? { key: 'dashboard.hint.rejectedReturned', params: { returned: stats.returned } }
        : { key: 'dashboard.hint.rejected', params: {} };
  }
}

/**
 * The counters in screen order with their labels (SPEC §2 "Admin dashboard"), each with the
 * list tab of the same meaning that it opens (the dashboard drill-down, decision 0001).
 * @example DASHBOARD_COUNTERS[1] // { key: 'approved', label: 'dashboard.approved', tab: 'approved' }
 */
export const DASHBOARD_COUNTERS: readonly {
  key: CounterKey;
  label: MessageKey;
  tab: ListTab;
}[] = [
  { key: 'total', label: 'dashboard.totalApplications', tab: 'all' },
  { key: 'approved', label: 'dashboard.approved', tab: 'approved' },
  { key: 'pending', label: 'dashboard.pending', tab: 'pending' },
  { key: 'rejected', label: 'dashboard.rejected', tab: 'rejected' },
];
