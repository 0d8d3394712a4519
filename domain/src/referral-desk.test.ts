import { describe, expect, it } from 'vitest';
import { departmentCounts, formatWards, referralWorkList, withDepartments } from './referral-desk';
import { validateAgency } from './referrals';
import type { ReferralStatus } from './referrals';
import { workingCalendar } from './working-days';

const calendar = workingCalendar();
const referral = (id: number, status: ReferralStatus, due_on: string, ward: number | null = 7) => ({
  id,
  status,
  due_on,
  agency_id: id % 2 === 0 ? 2 : 3,
  agency_name: id % 2 === 0 ? 'Police station' : 'Fire & Emergency Services',
  application: { puja_location_ward_no: ward },
});
// Thursday 20 August 2026.
const today = '2026-08-20';
const list = [
  referral(1, 'pending', '2026-08-25'),
  referral(2, 'pending', '2026-08-21', 14),
  referral(3, 'pending', '2026-08-14'),
  referral(4, 'objected', '2026-08-12'),
  referral(5, 'approved', '2026-08-10'),
  referral(6, 'withdrawn', '2026-08-11'),
];

describe('the agency desk work list (issue 29)', () => {
  it('shows a tab overdue first, then by due date; of one ward when asked', () => {
    const ids = (tab: 'pending' | 'objected' | 'decided' | 'all', ward: number | null = null) =>
      referralWorkList(list, { tab, ward }, today, calendar).map((r) => r.id);
    expect(ids('pending')).toEqual([3, 2, 1]);
    expect(ids('pending', 7)).toEqual([3, 1]);
    expect(ids('objected')).toEqual([4]);
    expect(ids('decided')).toEqual([5, 6]);
    expect(ids('all')).toEqual([3, 5, 6, 4, 2, 1]);
  });

  it('an application is With departments while any referral is open (of one department when asked)', () => {
    const app = { referrals: [referral(3, 'pending', today), referral(2, 'approved', today)] };
    expect(withDepartments(app)).toBe(true);
    expect(withDepartments(app, 3)).toBe(true);
    expect(withDepartments(app, 2)).toBe(false);
    expect(withDepartments({})).toBe(false);
  });

  it('counts open and overdue referrals per department, by name', () => {
    expect(departmentCounts([{ referrals: list }, {}], today, calendar)).toEqual([
      { agency_id: 3, agency_name: 'Fire & Emergency Services', open: 2, overdue: 1 },
      { agency_id: 2, agency_name: 'Police station', open: 2, overdue: 0 },
    ]);
    expect(departmentCounts([], today, calendar)).toEqual([]);
  });

  it('writes wards as ranges that validateAgency reads back', () => {
    expect(formatWards([1, 2, 3, 4, 14, 20, 21])).toBe('1–4, 14, 20–21');
    expect(formatWards([])).toBe('');
    const fields = { name: 'Police', kind: 'police', mode: 'online', days: '7' };
    const checked = validateAgency({ ...fields, wards: formatWards([1, 2, 3, 14]) });
    expect(checked.ok && checked.value.wards).toEqual([1, 2, 3, 14]);
  });
});
