/**
 * Importing a pasted holiday list (issue 30: the state's list changes "at very short notice"):
 * domain's `planHolidayImport` decides, and the days it adds are written in one transaction,
 * each audited. A line that cannot be read imports nothing; a day already listed keeps its names.
 */
import { planHolidayImport } from '@puja/domain';
import { sql } from 'drizzle-orm';
import { holidays } from '../db/schema';
import type { Caller } from '../accounts/auth';
import type { Db } from '../db/client';
import { Refused } from '../refused';
import { auditHoliday } from './holiday-store';

/** POST /import-holidays.php {text} (admin): `{ added, skipped }`. */
export async function importHolidays(
  db: Db,
  caller: Caller,
  text: string,
): Promise<{ added: number; skipped: number }> {
  return db.transaction(async (tx) => {
    // Under the table's lock, so two imports (or an add) at once count the same list.
    await tx.execute(sql`LOCK TABLE holidays IN SHARE ROW EXCLUSIVE MODE`);
    const listed = (await tx.select({ date: holidays.date }).from(holidays)).map((row) => row.date);
    const plan = planHolidayImport(text, listed);
    if (!plan.ok) throw new Refused(plan.key, 'input');
    if (plan.add.length > 0) {
      await tx.insert(holidays).values(plan.add.map((day) => ({ date: day.date, name: day.name })));
    }
    for (const day of plan.add) {
      await auditHoliday(tx, caller, 'add', day.date, { to: `${day.date} · ${day.name}` });
    }
    return { added: plan.add.length, skipped: plan.skipped };
  });
}
