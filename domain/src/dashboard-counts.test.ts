import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_COUNTERS,
  countPending,
  readDashboardStats,
  summariseApplications,
} from './dashboard-counts';
import { A, P, R, withStatuses } from './test-support/application';

describe('countPending', () => {
  it.each([
    [12, 3, 2, 7],
    [5, 5, 0, 0],
    [0, 0, 0, 0],
    [5, 4, 3, 0],
    [1, 9, 9, 0],
  ])(
    'total %i − approved %i − rejected %i gives %i pending (never below 0)',
    (total, approved, rejected, pending) => {
      expect(countPending({ total, approved, rejected })).toBe(pending);
    },
  );
});

describe('readDashboardStats', () => {
  it('reads the server numbers sent as strings', () => {
    expect(
      readDashboardStats({ total_applications: '12', total_approved: '3', total_rejected: '2' }),
    ).toEqual({ total: 12, approved: 3, rejected: 2, pending: 7 });
  });
  it.each([
    [
      'numbers',
      { total_applications: 4, total_approved: 1, total_rejected: 1 },
      { total: 4, approved: 1, rejected: 1, pending: 2 },
    ],
    [
      'padded strings',
      { total_applications: ' 4 ', total_approved: '0', total_rejected: '' },
      { total: 4, approved: 0, rejected: 0, pending: 4 },
    ],
    [
      'garbage',
      { total_applications: 'x', total_approved: '-1', total_rejected: '1.5' },
      { total: 0, approved: 0, rejected: 0, pending: 0 },
    ],
    [
      'more decided than total',
      { total_applications: '2', total_approved: '2', total_rejected: '1' },
      { total: 2, approved: 2, rejected: 1, pending: 0 },
    ],
    ['no data', null, { total: 0, approved: 0, rejected: 0, pending: 0 }],
    ['a string', 'oops', { total: 0, approved: 0, rejected: 0, pending: 0 }],
  ])('reads %s safely', (_name, raw, stats) => {
    expect(readDashboardStats(raw)).toEqual(stats);
  });
});

describe('summariseApplications', () => {
  it('counts Approved NOC and Rejected as the list tabs of those names do, as strings', () => {
    const apps = [
      withStatuses([A, A, A, A, A]),
      withStatuses([A, A, A, A, A]),
      withStatuses([A, A, A, A, R]),
      withStatuses([A, A, R, P]),
      withStatuses([R, P, P, P]),
      withStatuses([A, P, P, P]),
    ];
    expect(summariseApplications(apps)).toEqual({
      total_applications: '6',
      total_approved: '2',
      total_rejected: '3',
    });
  });

  it('leaves in review, hence pending, an application nobody has decided against', () => {
    const stats = readDashboardStats(summariseApplications([withStatuses([A, A, A, P])]));
    expect(stats).toEqual({ total: 1, approved: 0, rejected: 0, pending: 1 });
  });
});

describe('DASHBOARD_COUNTERS', () => {
  it('shows Total Applications, Approved NOC, Pending Review and Rejected', () => {
    expect(DASHBOARD_COUNTERS.map((c) => c.label)).toEqual([
      'dashboard.totalApplications',
      'dashboard.approved',
      'dashboard.pending',
      'dashboard.rejected',
    ]);
  });

  it('each counter opens the list tab of the same meaning', () => {
    expect(DASHBOARD_COUNTERS.map((c) => [c.key, c.tab])).toEqual([
      ['total', 'all'],
      ['approved', 'approved'],
      ['pending', 'pending'],
      ['rejected', 'rejected'],
    ]);
  });
});
