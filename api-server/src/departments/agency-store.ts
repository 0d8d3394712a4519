/**
 * Agencies (issue 29): the departments an application is referred to. Admin adds and edits
 * them, each change audited in its transaction; staff and agency officers read them. A name is
 * one agency's (case-insensitive): a second is refused with 409.
 */
import { validateAgency, type Agency, type AgencyFields, type AgencyKind } from '@puja/domain';
import { asc, eq } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { recordAudit, recordCreated } from '../applications/audit';
import type { Db, Tx } from '../db/client';
import { agencies } from '../db/schema';
import { Refused } from '../refused';
import { requireId, validationError } from '../http/http';

export type AgencyRow = typeof agencies.$inferSelect;

/** The wire form of `list-agencies.php`. */
export const agencyOnWire = (row: AgencyRow): Agency => ({
  id: row.id,
  name: row.name,
  kind: row.kind as AgencyKind,
  wards: [...row.wards].sort((a, b) => a - b),
  mode: row.mode === 'offline' ? 'offline' : 'online',
  days: row.days,
  deemed_approval: row.deemedApproval,
  email: row.email,
  phone: row.phone,
  active: row.active,
});

const columnsOf = (fields: AgencyFields) => ({
  name: fields.name,
  kind: fields.kind,
  wards: fields.wards,
  mode: fields.mode,
  days: fields.days,
  deemedApproval: fields.deemed_approval,
  email: fields.email,
  phone: fields.phone,
  active: fields.active,
});

/** One line per agency for the audit: what it is and how it answers. */
const describe = (agency: Agency | AgencyFields) =>
  [
    agency.name,
    agency.kind,
    agency.wards.length === 0 ? 'all wards' : `wards ${agency.wards.join(',')}`,
    agency.mode,
    `${agency.days} days`,
    agency.deemed_approval ? 'deemed approval' : 'no deemed approval',
    agency.email,
    agency.phone,
    agency.active ? 'active' : 'inactive',
  ]
    .filter(Boolean)
    .join(' · ');

function checked(fields: Record<string, unknown>): AgencyFields {
  const result = validateAgency(fields);
  if (!result.ok) throw validationError(result.message);
  return result.value;
}

/** A unique-name violation (PostgreSQL 23505), wherever the driver puts the code. */
function isNameTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Every agency, by name. */
export async function listAgencies(db: Db | Tx): Promise<Agency[]> {
  const rows = await db.select().from(agencies).orderBy(asc(agencies.name), asc(agencies.id));
  return rows.map(agencyOnWire);
}

/** One agency, or null. */
export async function findAgency(db: Db | Tx, id: number): Promise<Agency | null> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id));
  return row ? agencyOnWire(row) : null;
}

/** POST /add-agency.php (admin): a new agency; 409 when its name is taken. */
export async function addAgency(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
): Promise<{ id: number }> {
  const agency = checked(fields);
  try {
    return await db.transaction(async (tx) => {
      const insert = tx.insert(agencies).values(columnsOf(agency)).returning();
      const row = await recordCreated(tx, caller, insert, () => ({
        action: 'add',
        entity: 'agency',
        item: 'agency',
        to: describe(agency),
      }));
      return { id: row.id };
    });
  } catch (error) {
    if (isNameTaken(error)) throw new Refused('agencies.nameTaken', 'conflict');
    throw error;
  }
}

/**
 * POST /update-agency.php (admin): `id` + every field. Making an agency inactive leaves its open
 * referrals as they are (issue 29); it gets no new ones.
 */
export async function updateAgency(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
): Promise<Agency> {
  const id = requireId(fields.id, 'agencies.notFound');
  const agency = checked(fields);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(agencies).where(eq(agencies.id, id)).for('update');
      if (!before) throw new Refused('agencies.notFound', 'notFound');
      const [after] = await tx
        .update(agencies)
        .set({ ...columnsOf(agency), updatedAt: new Date() })
        .where(eq(agencies.id, id))
        .returning();
      if (!after) throw new Error('agency update returned nothing');
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'agency',
        entityId: id,
        item: 'agency',
        from: describe(agencyOnWire(before)),
        to: describe(agency),
      });
      return agencyOnWire(after);
    });
  } catch (error) {
    if (isNameTaken(error)) throw new Refused('agencies.nameTaken', 'conflict');
    throw error;
  }
}
