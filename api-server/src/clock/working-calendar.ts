/**
 * The municipality's working calendar as stored (issue 30): Monday to Friday less the holidays
 * admin keeps (`holidays`); every due date is counted on it.
 */
import { workingCalendar, type WorkingCalendar } from '@puja/domain';
import type { Db, Tx } from '../db/client';
import { holidays } from '../db/schema';

/** The municipality's working calendar: Monday to Friday less its holidays. */
export async function readWorkingCalendar(db: Db | Tx): Promise<WorkingCalendar> {
  const rows = await db.select({ date: holidays.date }).from(holidays);
  return workingCalendar(rows.map((row) => row.date));
}
