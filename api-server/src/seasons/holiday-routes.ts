import type { FastifyInstance } from 'fastify';
import { requireAction } from '../accounts/auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { readInput, sendOk, stringField } from '../http/http';
import { importHolidays } from './holiday-import';
import { addHoliday, deleteHoliday, listHolidays, updateHoliday } from './holiday-store';

/**
 * The municipality's holidays (issue 30): the public list (the club portal and the citizen's
 * charter read it), and admin's changes, audited.
 */
export function registerHolidayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** GET /list-holidays.php?year= (public): the holidays, of a year when given, in date order. */
  app.get('/list-holidays.php', async function listHolidaysOfYear(request, reply) {
    const { year } = request.query as { year?: string };
    if (year !== undefined && !/^\d{4}$/.test(year)) {
      throw new ApiError(400, 'seasons.invalidYear');
    }
    return sendOk(
      reply,
      null,
      await listHolidays(db, year === undefined ? undefined : Number(year)),
    );
  });

  /** POST /add-holiday.php {date, name, name_bn?} (admin). */
  app.post('/add-holiday.php', async function addOneHoliday(request, reply) {
    const caller = await requireAction(db, request, 'manageHolidays');
    const { fields } = await readInput(request);
    return sendOk(reply, 'holidays.added', await addHoliday(db, caller, fields), 201);
  });

  /** POST /update-holiday.php {date, name, name_bn?} (admin). */
  app.post('/update-holiday.php', async function updateOneHoliday(request, reply) {
    const caller = await requireAction(db, request, 'manageHolidays');
    const { fields } = await readInput(request);
    return sendOk(reply, 'holidays.updated', await updateHoliday(db, caller, fields));
  });

  /** POST /import-holidays.php {text} (admin): lines `dd/mm/yyyy name`, all or nothing. */
  app.post('/import-holidays.php', async function importHolidayList(request, reply) {
    const caller = await requireAction(db, request, 'manageHolidays');
    const { fields } = await readInput(request);
    return sendOk(
      reply,
      'holidays.importDone',
      await importHolidays(db, caller, stringField(fields, 'text')),
    );
  });

  /** POST /delete-holiday.php {date} (admin). */
  app.post('/delete-holiday.php', async function deleteOneHoliday(request, reply) {
    const caller = await requireAction(db, request, 'manageHolidays');
    const { fields } = await readInput(request);
    await deleteHoliday(db, caller, fields);
    return sendOk(reply, 'holidays.deleted', null);
  });
}
