import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_COUNTERS,
  counterHint,
  countPending,
  readDashboardStats,
  summariseApplications,
} from './dashboard-counts';
import { filterApplications, type ListTab } from './list-tabs';
import { formatMessage } from './messages';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

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
    [
      'the awaiting count, never above pending',
      {
        total_applications: '3',
        total_approved: '1',
        total_rejected: '1',
        total_awaiting_acknowledgement: '5',
      },
      { total: 3, approved: 1, rejected: 1, pending: 1, awaiting: 1 },
    ],
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
      total_awaiting_acknowledgement: '0',
      total_returned: '2',
    });
  });

  it('counts what the tabs show: total = All NOCs + Awaiting, pending = in review + Awaiting, returned = Rejected ∩ Pending', () => {
    const apps = [
      freshApplication({ id: 1 }),
      freshApplication({ id: 2 }),
      withStatuses([A, P, P, P]),
      withStatuses([A, A, A, A, P]),
      withStatuses([A, A, A, A, A]),
      withStatuses([A, A, R, P]),
    ];
    const stats = readDashboardStats(summariseApplications(apps));
    const tab = (name: ListTab) => filterApplications(apps, { tab: name }).length;
    expect(stats).toEqual({
      total: 6,
      approved: 1,
      rejected: 1,
      pending: 4,
      awaiting: 2,
      returned: 1,
    });
    expect(stats.total).toBe(tab('all') + tab('awaitingAcknowledgement'));
    expect(stats.approved).toBe(tab('approved'));
    expect(stats.rejected).toBe(tab('rejected'));
    // The Pending tab: the ones in review and the rejected ones waiting for a new document.
    expect(tab('pending')).toBe(stats.pending - (stats.awaiting ?? 0) + (stats.returned ?? 0));
  });

  it('leaves in review, hence pending, an application nobody has decided against', () => {
    const stats = readDashboardStats(summariseApplications([withStatuses([A, A, A, P])]));
    expect(stats).toEqual({
      total: 1,
      approved: 0,
      rejected: 0,
      pending: 1,
      awaiting: 0,
      returned: 0,
    });
  });
});

describe('counterHint', () => {
  const stats = { total: 14, approved: 2, rejected: 1, pending: 11, awaiting: 1, returned: 0 };
  it.each([
    ['total', 'dashboard.hint.totalSplit', { listed: 13, awaiting: 1 }],
    ['pending', 'dashboard.hint.pendingSplit', { inReview: 10, awaiting: 1 }],
    ['approved', 'dashboard.hint.approved', {}],
    ['rejected', 'dashboard.hint.rejected', {}],
  ] as const)('says what %s counts', (counter, key, params) => {
    expect(counterHint(counter, stats)).toEqual({ key, params });
  });

  it('says how many rejected ones wait for a new document, as the Pending tab lists them too', () => {
    expect(counterHint('rejected', { ...stats, returned: 1 })).toEqual({
      key: 'dashboard.hint.rejectedReturned',
      params: { returned: 1 },
    });
  });

  it('reads "14 = 13 in All NOCs + 1 awaiting acknowledgement" in English', () => {
    const { key, params } = counterHint('total', stats);
    expect(formatMessage(key, params)).toBe('13 in All NOCs + 1 awaiting acknowledgement');
  });

  it('says what a counter counts without figures when the host does not count the awaiting ones', () => {
    const { awaiting: _left, returned: _also, ...plain } = stats;
    expect(counterHint('total', plain)).toEqual({ key: 'dashboard.hint.total', params: {} });
    expect(counterHint('pending', plain)).toEqual({ key: 'dashboard.hint.pending', params: {} });
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
