import { describe, expect, it } from 'vitest';
import { filterApplications } from './list-tabs';
import { REVIEW_STEPS, parseReviewStep } from './review-queue';
import {
  MAX_SEASON_DAYS,
  countByActiveWeek,
  countByDay,
  countByWard,
  countWaitingByStep,
  dayOf,
  seasonFigures,
} from './season-dashboard';
import { A, P, R, freshApplication, withStatuses as app } from './test-support/application';

const counts = (apps: Parameters<typeof countWaitingByStep>[0]) =>
  Object.fromEntries(countWaitingByStep(apps).map((s) => [s.step, s.count]));

describe('countWaitingByStep', () => {
  it('lists the five steps in review order with their labels, zeros included', () => {
    expect(countWaitingByStep([])).toEqual([
      { step: 'acknowledgement', label: 'reviewStep.acknowledgement', count: 0 },
      {
        step: 'chairman_application_certificate',
        label: 'reviewStep.chairmanApplication',
        count: 0,
      },
      { step: 'certificate', label: 'reviewStep.certificate', count: 0 },
      { step: 'agreement', label: 'reviewStep.agreement', count: 0 },
      { step: 'chairman', label: 'reviewStep.chairman', count: 0 },
    ]);
  });

  it('counts each application at the one step it waits at now', () => {
    const apps = [
      app([P, P, P, P]), // acknowledgement
      app([P, P, P, P]),
      app([A, P, P, P]), // chairman application
      app([A, A, P, P]), // SDO certificate
      app([A, A, A, P]), // land agreement
      app([A, A, A, A, P]), // final decision
      app([A, A, A, A, P]),
      app([A, A, A, A, P]),
    ];
    expect(counts(apps)).toEqual({
      acknowledgement: 2,
      chairman_application_certificate: 1,
      certificate: 1,
      agreement: 1,
      chairman: 3,
    });
  });

  it('leaves out applications that wait for nobody on the staff', () => {
    const apps = [
      freshApplication(), // no acknowledgement: the club's turn
      app([A, R, P, P]), // rejected: awaiting the club's re-upload
      app([A, A, A, A, A]), // NOC issued
      app([A, A, A, A, R]), // refused
    ];
    expect(Object.values(counts(apps))).toEqual([0, 0, 0, 0, 0]);
  });

  it('each count is what the list shows for that step', () => {
    const apps = [
      app([P, P, P, P], { id: 1 }),
      app([A, P, P, P], { id: 2 }),
      app([A, A, A, A, P], { id: 3 }),
      app([A, A, R, P], { id: 4 }),
      freshApplication({ id: 5 }),
    ];
    for (const { step, count } of countWaitingByStep(apps)) {
      expect(filterApplications(apps, { step })).toHaveLength(count);
    }
  });
});

describe('parseReviewStep', () => {
  it.each([...REVIEW_STEPS])('reads %s', (step) => {
    expect(parseReviewStep(step)).toBe(step);
  });
  it.each(['', 'x', 'chairman_status', null, 3, ['agreement']])('%j is no step', (value) => {
    expect(parseReviewStep(value)).toBeNull();
  });
});

describe('countByWard', () => {
  it('lists wards 1 to 25 in order', () => {
    const wards = countByWard([]);
    expect(wards.map((w) => w.ward)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(wards.every((w) => w.count === 0)).toBe(true);
  });

  it('counts listed applications by club ward or puja ward, as the list filter does', () => {
    const apps = [
      app([P, P, P, P], { id: 1, ward_no: 7, puja_location_ward_no: 9 }),
      app([A, A, A, A, A], { id: 2, ward_no: 7, puja_location_ward_no: 7 }),
      app([A, R, P, P], { id: 3, ward_no: 25, puja_location_ward_no: null }),
      freshApplication({ id: 4, ward_no: 7, puja_location_ward_no: 7 }), // not listed yet
    ];
    const nonZero = countByWard(apps).filter((w) => w.count > 0);
    expect(nonZero).toEqual([
      { ward: 7, count: 2 },
      { ward: 9, count: 1 },
      { ward: 25, count: 1 },
    ]);
    for (const { ward, count } of countByWard(apps)) {
      expect(filterApplications(apps, { ward })).toHaveLength(count);
    }
  });
});

describe('dayOf', () => {
  it.each([
    ['2025-03-05', '2025-03-05'],
    ['2025-03-05 23:30:00', '2025-03-05'],
    ['2025-09-30T20:00:00Z', '2025-10-01'],
    ['2025-09-30T18:29:59Z', '2025-09-30'],
    ['0000-00-00 00:00:00', null],
    ['', null],
    [null, null],
  ])('%j is the municipal day %j', (value, day) => {
    expect(dayOf(value)).toBe(day);
  });
});

describe('countByDay', () => {
  it('is empty when no date is known', () => {
    expect(countByDay([])).toEqual([]);
    expect(countByDay([freshApplication({ created_at: null })])).toEqual([]);
  });

  it('counts submissions and issued NOCs per municipal day, every day between with zeros', () => {
    const apps = [
      freshApplication({ created_at: '2025-03-05T04:00:00Z' }),
      app([A, A, A, A, A], {
        created_at: '2025-03-05T20:00:00Z', // 01:30 IST on 6 March
        chairman_approved_date: '2025-03-08T06:00:00Z',
      }),
      app([A, A, A, A, A], {
        created_at: '2025-03-06 10:00:00',
        chairman_approved_date: '2025-03-08 12:00:00',
      }),
      // A refusal is no issued NOC, whatever date it carries.
      app([A, A, A, A, R], { created_at: '2025-03-06', chairman_approved_date: '2025-03-07' }),
    ];
    expect(countByDay(apps)).toEqual([
      { day: '2025-03-05', label: '05 Mar 2025', submitted: 1, issued: 0 },
      { day: '2025-03-06', label: '06 Mar 2025', submitted: 3, issued: 0 },
      { day: '2025-03-07', label: '07 Mar 2025', submitted: 0, issued: 0 },
      { day: '2025-03-08', label: '08 Mar 2025', submitted: 0, issued: 2 },
    ]);
  });

  it('crosses month and year ends', () => {
    const days = countByDay([
      freshApplication({ created_at: '2024-12-31' }),
      freshApplication({ created_at: '2025-01-01' }),
      freshApplication({ created_at: '2024-02-28' }),
    ]).map((d) => d.day);
    expect(days[0]).toBe('2024-02-28');
    expect(days[1]).toBe('2024-02-29');
    expect(days.at(-2)).toBe('2024-12-31');
    expect(days.at(-1)).toBe('2025-01-01');
    expect(days).toHaveLength(309);
  });

  it('keeps only the last year of a long run of dates', () => {
    const days = countByDay([
      freshApplication({ created_at: '2020-01-01' }),
      freshApplication({ created_at: '2025-10-01' }),
    ]);
    expect(days).toHaveLength(MAX_SEASON_DAYS);
    expect(days.at(-1)).toMatchObject({ day: '2025-10-01', submitted: 1 });
    expect(days.reduce((sum, d) => sum + d.submitted, 0)).toBe(1);
  });
});

describe('countByActiveWeek', () => {
  it('is empty when no date is known', () => {
    expect(countByActiveWeek([])).toEqual([]);
  });

  it('shows the days of the active weeks from the first event to the last, skipping quiet weeks', () => {
    const days = countByActiveWeek([
      freshApplication({ created_at: '2025-08-05' }), // Tuesday
      freshApplication({ created_at: '2025-08-06' }),
      app([A, A, A, A, A], { created_at: '2025-09-03', chairman_approved_date: '2025-09-03' }),
    ]);
    expect(days.map((d) => d.day)).toEqual([
      '2025-08-05',
      '2025-08-06',
      '2025-08-07',
      '2025-08-08',
      '2025-08-09',
      '2025-08-10',
      '2025-09-01',
      '2025-09-02',
      '2025-09-03',
    ]);
    expect(days.filter((d) => d.gapBefore).map((d) => d.day)).toEqual(['2025-09-01']);
    expect(days.at(-1)).toMatchObject({ submitted: 1, issued: 1, day: '2025-09-03' });
    expect(days.reduce((sum, d) => sum + d.submitted, 0)).toBe(3);
  });

  it('a test submission a year after the season adds one week, not a year of empty days', () => {
    const days = countByActiveWeek([
      freshApplication({ created_at: '2025-08-01' }),
      freshApplication({ created_at: '2026-07-30' }),
    ]);
    expect(days.length).toBeLessThanOrEqual(14);
    expect(days.filter((d) => d.gapBefore)).toHaveLength(1);
  });

  it('adjacent active weeks have no gap between them', () => {
    const days = countByActiveWeek([
      freshApplication({ created_at: '2025-08-10' }), // Sunday
      freshApplication({ created_at: '2025-08-11' }), // Monday
    ]);
    expect(days.map((d) => d.day)).toEqual(['2025-08-10', '2025-08-11']);
    expect(days.some((d) => d.gapBefore)).toBe(false);
  });
});

describe('seasonFigures', () => {
  it('says when the season has no application', () => {
    expect(seasonFigures([])).toMatchObject({ empty: true, days: [] });
    expect(seasonFigures([freshApplication()]).empty).toBe(false);
  });

  it('charts the active weeks', () => {
    const apps = [freshApplication({ created_at: '2025-08-06' })];
    expect(seasonFigures(apps).days).toEqual(countByActiveWeek(apps));
  });
});
