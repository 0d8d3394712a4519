/**
 * The demo's departments (issue 29): a realistic set, all INACTIVE so a fresh start keeps the
 * spec's flow (admin switches them on under Departments, or `update-agency.php` with
 * `active: true`): two police stations (wards 1–12 and 13–25), the fire service, WBSEDCL (its
 * silence counts as approval), the pollution board and the S.D.O. (both reply by letter), and
 * one officer each for the online ones.
 */
import type { AgencyFields } from '@puja/domain';
import type { Tx } from '../db/client';
import { agencies, users } from '../db/schema';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Each demo agency, and its officer's e-mail (none for the offline ones). */
export const DEMO_AGENCIES: readonly (AgencyFields & { officer: string | null })[] = [
  {
    name: 'Police Station (wards 1–12)',
    kind: 'police',
    wards: range(1, 12),
    mode: 'online',
    days: 7,
    deemed_approval: false,
    email: 'ps.north@example.org',
    phone: '03326000100',
    active: false,
    officer: 'police1@example.org',
  },
  {
    name: 'Police Station (wards 13–25)',
    kind: 'police',
    wards: range(13, 25),
    mode: 'online',
    days: 7,
    deemed_approval: false,
    email: 'ps.south@example.org',
    phone: '03326000200',
    active: false,
    officer: 'police2@example.org',
  },
  {
    name: 'West Bengal Fire & Emergency Services',
    kind: 'fire',
    wards: [],
    mode: 'online',
    days: 7,
    deemed_approval: false,
    email: 'fire.station@example.org',
    phone: '03326000101',
    active: false,
    officer: 'fire@example.org',
  },
  {
    name: 'WBSEDCL Customer Care Centre',
    kind: 'electricity',
    wards: [],
    mode: 'online',
    days: 5,
    deemed_approval: true,
    email: 'wbsedcl.ccc@example.org',
    phone: '03326000102',
    active: false,
    officer: 'power@example.org',
  },
  {
    name: 'West Bengal Pollution Control Board',
    kind: 'pollution',
    wards: [],
    mode: 'offline',
    days: 10,
    deemed_approval: false,
    email: null,
    phone: '03323359088',
    active: false,
    officer: null,
  },
  {
    name: 'Sub-Divisional Officer (S.D.O.)',
    kind: 'sdo',
    wards: [],
    mode: 'offline',
    days: 10,
    deemed_approval: false,
    email: null,
    phone: '03326000103',
    active: false,
    officer: null,
  },
];

/** Inserts the demo agencies and their officers (the demo password); the officers' e-mails. */
export async function seedDemoDepartments(tx: Tx, passwordHash: string): Promise<string[]> {
  const officers: string[] = [];
  for (const { officer, deemed_approval, ...agency } of DEMO_AGENCIES) {
    const [row] = await tx
      .insert(agencies)
      .values({ ...agency, deemedApproval: deemed_approval })
      .returning({ id: agencies.id });
    if (!row || officer === null) continue;
    await tx.insert(users).values({
      name: `Officer, ${agency.name}`,
      email: officer,
      phone: agency.phone ?? '',
      role: 'agency',
      deptment: 'agency',
      passwordHash,
      agencyId: row.id,
    });
    officers.push(officer);
  }
  return officers;
}
