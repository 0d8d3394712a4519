/**
 * Service standards (issue 30, domain service-standards.ts): the public charter, and admin's
 * changes of a step's days and Appellate Officer, each audited in the transaction that makes it.
 * The municipal steps live in `service_standards` (seeded by migration 0020); a department's
 * referral is its agency's `days` and `appellate_user_id`. A change applies to steps that start
 * afterwards: a step's due date is fixed when it starts.
 */
import {
  MUNICIPAL_STEPS,
  sortStandards,
  validateServiceStandard,
  type DesignatedRole,
  type ServiceStandard,
  type StandardChange,
} from '@puja/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { recordAudit } from '../applications/audit';
import type { Db, Tx } from '../db/client';
import { agencies, serviceStandards, users } from '../db/schema';
import { Refused, refusedBy } from '../refused';

/** Who may hear appeals: the municipality's staff. */
const APPELLATE_ROLES = ['admin', 'store', 'chairman', 'appellate'];

const designated = (role: string): DesignatedRole =>
  role === 'admin' || role === 'chairman' || role === 'agency' ? role : 'store';

/**
 * GET /list-service-standards.php: the municipal steps in their order, then each active
 * department's referral by name, each with its Appellate Officer's name (null: the chairman).
 */
export async function listServiceStandards(db: Db | Tx): Promise<ServiceStandard[]> {
  const own = await db
    .select({
      step: serviceStandards.step,
      days: serviceStandards.days,
      role: serviceStandards.designatedRole,
      appellateId: users.id,
      appellateName: users.name,
    })
    .from(serviceStandards)
    .leftJoin(users, eq(users.id, serviceStandards.appellateUserId));
  const departments = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      days: agencies.days,
      appellateId: users.id,
      appellateName: users.name,
    })
    .from(agencies)
    .leftJoin(users, eq(users.id, agencies.appellateUserId))
    .where(eq(agencies.active, true))
    .orderBy(asc(agencies.name));
  const steps: readonly string[] = MUNICIPAL_STEPS;
  return sortStandards([
    ...own
      .filter((row) => steps.includes(row.step))
      .map((row): ServiceStandard => ({
        step: row.step as ServiceStandard['step'],
        agency_id: null,
        agency_name: null,
        days: row.days,
        designated_role: designated(row.role),
        appellate_user_id: row.appellateId,
        appellate_name: row.appellateId === null ? null : row.appellateName,
      })),
    ...departments.map((row): ServiceStandard => ({
      step: 'referral',
      agency_id: row.id,
      agency_name: row.name,
      days: row.days,
      designated_role: 'agency',
      appellate_user_id: row.appellateId,
      appellate_name: row.appellateId === null ? null : row.appellateName,
    })),
  ]);
}

/** One line for the audit: the days and who hears appeals. */
function describe(days: number, appellate: { id: number; name: string } | null): string {
  return `${days} working days · appeals: ${appellate ? `${appellate.name} (#${appellate.id})` : 'chairman'}`;
}

/** The user named Appellate Officer, read and held (FOR SHARE) so it cannot go meanwhile. */
async function appellateOf(tx: Tx, id: number | null) {
  if (id === null) return [];
  return tx
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(inArray(users.id, [id]))
    .for('share');
}

/** The standard as it is now, locked for the change; null when there is none. */
async function currentOf(tx: Tx, change: StandardChange) {
  if (change.step === 'referral') {
    const [row] = await tx
      .select({ days: agencies.days, appellateId: agencies.appellateUserId })
      .from(agencies)
      .where(eq(agencies.id, change.agency_id ?? 0))
      .for('update');
    return row ?? null;
  }
  const [row] = await tx
    .select({ days: serviceStandards.days, appellateId: serviceStandards.appellateUserId })
    .from(serviceStandards)
    .where(eq(serviceStandards.step, change.step))
    .for('update');
  return row ?? null;
}

/**
 * POST /update-service-standard.php (admin) `{ step, agency_id?, days, appellate_user_id }`: a
 * step's days (1–60 working days) and its Appellate Officer (an active staff user; empty: the
 * chairman). Refusals: `standards.invalidStep`, `standards.invalidDays`,
 * `standards.appellateNotStaff` (input), `standards.notFound` (no such department). A change
 * that changes nothing is answered as saved and not audited.
 */
export async function updateServiceStandard(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const staff = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(inArray(users.role, APPELLATE_ROLES));
    const checked = validateServiceStandard(fields, staff);
    if (!checked.ok) throw refusedBy(checked);
    // The Appellate Officer held (FOR SHARE) until the change commits: not deleted meanwhile.
    const named = await appellateOf(tx, checked.change.appellate_user_id);
    if (checked.change.appellate_user_id !== null && named.length === 0) {
      throw new Refused('standards.appellateNotStaff', 'input');
    }
    const change = checked.change;
    const before = await currentOf(tx, change);
    if (before === null) throw new Refused('standards.notFound', 'notFound');
    if (before.days === change.days && before.appellateId === change.appellate_user_id) return;
    if (change.step === 'referral') {
      await tx
        .update(agencies)
        .set({
          days: change.days,
          appellateUserId: change.appellate_user_id,
          updatedAt: new Date(),
        })
        .where(eq(agencies.id, change.agency_id ?? 0));
    } else {
      await tx
        .update(serviceStandards)
        .set({
          days: change.days,
          appellateUserId: change.appellate_user_id,
          updatedAt: new Date(),
        })
        .where(eq(serviceStandards.step, change.step));
    }
    const [was] = await appellateOf(tx, before.appellateId);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'serviceStandard',
      entityId: change.agency_id,
      item: change.step,
      from: describe(before.days, was ?? null),
      to: describe(change.days, named[0] ?? null),
    });
  });
}
