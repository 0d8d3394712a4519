/**
 * The staff console's views of referrals (issue 29): the agency desk's work list (status tabs,
 * overdue first), the applications "With departments", and the dashboard's open and overdue
 * counts per department. Due dates count working days (working-days.ts).
 */
import { isReferralOverdue, type ReferralState, type ReferralStatus } from './referrals';
import type { IsoDay, WorkingCalendar } from './working-days';

/** The work list's tabs: waiting for the agency, waiting for the club, decided, all. */
export const REFERRAL_TABS = ['pending', 'objected', 'decided', 'all'] as const;
export type ReferralTab = (typeof REFERRAL_TABS)[number];

/** Whether a referral still needs an answer (the agency's, or the club's to an objection). */
export function isReferralOpen(referral: Pick<ReferralState, 'status'>): boolean {
  return referral.status === 'pending' || referral.status === 'objected';
}

const TAB_OF: Readonly<Record<ReferralStatus, ReferralTab>> = {
  pending: 'pending',
  objected: 'objected',
  approved: 'decided',
  conditions: 'decided',
  rejected: 'decided',
  deemed: 'decided',
  withdrawn: 'decided',
};

/** A referral of the work list: its state and the puja ward of its application. */
type Listed = Pick<ReferralState, 'status' | 'due_on'> & {
  id: number;
  application?: { puja_location_ward_no: number | null } | null;
};

/**
 * The agency desk's work list: the tab's referrals (of one puja ward when given), the overdue
 * first, then by due date, then the oldest referral.
 * @example referralWorkList(list, { tab: 'pending', ward: null }, '2026-08-20', workingCalendar()).map((r) => r.id) // [3, 1]
 */
export function referralWorkList<R extends Listed>(
  referrals: readonly R[],
  filter: { tab: ReferralTab; ward: number | null },
  today: IsoDay,
  calendar: WorkingCalendar,
): R[] {
  const overdue = (referral: R) => (isReferralOverdue(referral, today, calendar) ? 0 : 1);
  return referrals
    .filter((referral) => filter.tab === 'all' || TAB_OF[referral.status] === filter.tab)
    .filter(
      (referral) =>
        filter.ward === null || referral.application?.puja_location_ward_no === filter.ward,
    )
    .sort((a, b) => overdue(a) - overdue(b) || a.due_on.localeCompare(b.due_on) || a.id - b.id);
}

/**
 * Whether an application is "With departments" (a staff list tab): any referral still open,
 * of one department when `agencyId` is given.
 * @example withDepartments({ referrals: [{ status: 'pending', agency_id: 3 }] }, 3) // true
 */
export function withDepartments(
  application: { referrals?: readonly Pick<ReferralState, 'status' | 'agency_id'>[] },
  agencyId: number | null = null,
): boolean {
  return (application.referrals ?? []).some(
    (referral) =>
      isReferralOpen(referral) && (agencyId === null || referral.agency_id === agencyId),
  );
}

/** One department's line of the dashboard. */
export interface DepartmentCount {
  agency_id: number;
  agency_name: string;
  open: number;
  overdue: number;
}

/**
 * The dashboard's referrals per department: open (pending or objected) and overdue (pending
 * past its due date), by name; only departments with a referral in the season.
 * @example departmentCounts(applications, '2026-08-20', workingCalendar())[0] // { agency_name: 'Fire & Emergency Services', open: 2, overdue: 1, … }
 */
export function departmentCounts(
  applications: readonly {
    referrals?: readonly Pick<ReferralState, 'status' | 'due_on' | 'agency_id' | 'agency_name'>[];
  }[],
  today: IsoDay,
  calendar: WorkingCalendar,
): DepartmentCount[] {
  const counts = new Map<number, DepartmentCount>();
  for (const referral of applications.flatMap((application) => application.referrals ?? [])) {
    const line = counts.get(referral.agency_id) ?? {
      agency_id: referral.agency_id,
      agency_name: referral.agency_name,
      open: 0,
      overdue: 0,
    };
    if (isReferralOpen(referral)) line.open += 1;
    if (isReferralOverdue(referral, today, calendar)) line.overdue += 1;
    counts.set(referral.agency_id, line);
  }
  return [...counts.values()].sort((a, b) => a.agency_name.localeCompare(b.agency_name));
}

/**
 * An agency's wards as admin reads and types them: runs as ranges, the rest one by one ('' for
 * none, which means all wards); `validateAgency` reads the text back.
 * @example formatWards([1, 2, 3, 4, 14]) // '1–4, 14'
 */
export function formatWards(wards: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < wards.length; i += 1) {
    let j = i;
    while (j + 1 < wards.length && wards[j + 1] === (wards[j] ?? 0) + 1) j += 1;
    runs.push(j > i ? `${wards[i]}–${wards[j]}` : String(wards[i]));
    i = j;
  }
  return runs.join(', ');
}
