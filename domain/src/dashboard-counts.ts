import type { Application } from './application';
import { isInTab, type ListTab } from './list-tabs';
import type { MessageKey } from './messages';

/** The four counters of the staff dashboard (SPEC §2). */
export interface DashboardStats {
  total: number;
  approved: number;
  rejected: number;
  pending: number;
}

/** The server's answer (SPEC §3: numbers as strings). */
export interface DashboardStatsWire {
  total_applications: string;
  total_approved: string;
  total_rejected: string;
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
  return { ...counts, pending: countPending(counts) };
}

/**
 * The dashboard answer for a set of applications. The counters mean what the list tabs of the
 * same names mean: Approved NOC is the Approved tab (chairman Approved), Rejected the Rejected
 * tab (any review item Rejected). The two never overlap (an approval needs every item
 * Approved), so pending = total − approved − rejected is the applications still in review.
 * @example summariseApplications([]) // { total_applications: '0', total_approved: '0', total_rejected: '0' }
 */
export function summariseApplications(apps: readonly Application[]): DashboardStatsWire {
  const inTab = (tab: 'approved' | 'rejected') => apps.filter((app) => isInTab(app, tab)).length;
  return {
    total_applications: String(apps.length),
    total_approved: String(inTab('approved')),
    total_rejected: String(inTab('rejected')),
  };
}

/**
 * The counters in screen order with their labels (SPEC §2 "Admin dashboard"), each with the
 * list tab of the same meaning that it opens (the dashboard drill-down, decision 0001).
 * @example DASHBOARD_COUNTERS[1] // { key: 'approved', label: 'dashboard.approved', tab: 'approved' }
 */
export const DASHBOARD_COUNTERS: readonly {
  key: keyof DashboardStats;
  label: MessageKey;
  tab: ListTab;
}[] = [
  { key: 'total', label: 'dashboard.totalApplications', tab: 'all' },
  { key: 'approved', label: 'dashboard.approved', tab: 'approved' },
  { key: 'pending', label: 'dashboard.pending', tab: 'pending' },
  { key: 'rejected', label: 'dashboard.rejected', tab: 'rejected' },
];
