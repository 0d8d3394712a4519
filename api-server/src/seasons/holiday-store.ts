/**
 * The municipality's holidays (issue 30): the public list, and admin's changes, each audited in
 * the transaction that makes it. A day is a holiday once: adding a day that is one is refused.
 */
import {
  validateHoliday,
  validateHolidayDay,
  type Holiday,
  type ValidationResult,
} from '@puja/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { recordAudit } from '../applications/audit';
import type { Db, Tx } from '../db/client';
import { holidays } from '../db/schema';
import { Refused } from '../refused';

type Row = typeof holidays.$inferSelect;

const onWire = (row: Row): Holiday => ({ date: row.date, name: row.name, name_bn: row.nameBn });

/** The audit's id of a day: YYYYMMDD as a number. */
const entityIdOf = (date: string) => Number(date.replaceAll('-', ''));

const describe = (holiday: Holiday) =>
  [holiday.date, holiday.name, holiday.name_bn].filter(Boolean).join(' · ');

function checked<T>(result: ValidationResult<T>): T {
  if (!result.ok) throw new Refused(result.message, 'input');
  return result.value;
}

/** Every holiday, in date order; of one year when `year` is given. */
export async function listHolidays(db: Db | Tx, year?: number): Promise<Holiday[]> {
  const rows = await db
    .select()
    .from(holidays)
    .where(
      year === undefined
        ? undefined
        : and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)),
    )
    .orderBy(asc(holidays.date));
  return rows.map(onWire);
}

/** Records a change of one holiday (its day is the audit entry's id). */
export function auditHoliday(
  tx: Tx,
  caller: Caller,
  action: 'add' | 'update' | 'delete',
  date: string,
  change: { from?: string; to?: string },
) {
  return recordAudit(tx, caller, {
    action,
    entity: 'holiday',
    entityId: entityIdOf(date),
    item: 'holiday',
    ...change,
  });
}

/** Runs a holiday change on its checked input, inside one transaction. */
function holidayChange<T, R>(
  db: Db,
  input: ValidationResult<T>,
  change: (tx: Tx, value: T) => Promise<R>,
): Promise<R> {
  const value = checked(input);
  return db.transaction((tx) => change(tx, value));
}

/** POST /add-holiday.php (admin): a new holiday; 409 when the day is one already. */
export function addHoliday(db: Db, caller: Caller, fields: Record<string, unknown>) {
  return holidayChange(db, validateHoliday(fields), async (tx, holiday): Promise<Holiday> => {
    const added = await tx
      .insert(holidays)
      .values({ date: holiday.date, name: holiday.name, nameBn: holiday.name_bn })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) throw new Refused('holidays.exists', 'conflict');
    await auditHoliday(tx, caller, 'add', holiday.date, { to: describe(holiday) });
    return holiday;
  });
}

/** POST /update-holiday.php (admin): a holiday's names (the day is its key); 404 for no holiday. */
export function updateHoliday(db: Db, caller: Caller, fields: Record<string, unknown>) {
  return holidayChange(db, validateHoliday(fields), async (tx, holiday): Promise<Holiday> => {
    const [before] = await tx
      .select()
      .from(holidays)
      .where(eq(holidays.date, holiday.date))
      .for('update');
    if (!before) throw new Refused('holidays.notFound', 'notFound');
    await tx
      .update(holidays)
      .set({ name: holiday.name, nameBn: holiday.name_bn, updatedAt: new Date() })
      .where(eq(holidays.date, holiday.date));
    const change = { from: describe(onWire(before)), to: describe(holiday) };
    await auditHoliday(tx, caller, 'update', holiday.date, change);
    return holiday;
  });
}

/** POST /delete-holiday.php {date} (admin): the day counts as a working day again. */
export async function deleteHoliday(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
): Promise<void> {
  const date = checked(validateHolidayDay(fields));
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(holidays).where(eq(holidays.date, date)).returning();
    if (!removed) throw new Refused('holidays.notFound', 'notFound');
    await auditHoliday(tx, caller, 'delete', date, { from: describe(onWire(removed)) });
  });
}
