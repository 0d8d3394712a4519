import type { Holiday, MessageKey } from '@puja/domain';
import { getData, postOutcome, requestData, type Outcome } from './http';
import { holidayImportSchema, holidayListSchema } from './schemas';

/**
 * GET /list-holidays.php?year= (addition, public, no session sent) — the municipality's
 * holidays in date order, of one year when given (issue 30: the days the statutory clock skips).
 * @example (await listHolidays(2026))[0] // { date: '2026-10-20', name: 'Durga Puja', name_bn: null }
 */
export async function listHolidays(year?: number): Promise<Holiday[]> {
  return await getData('list-holidays.php', holidayListSchema, {
    fallback: 'holidays.fetchFailed',
    year,
    token: '',
  });
}

/** A holiday as the add and update calls take it: the day `YYYY-MM-DD` or `dd/mm/yyyy`. */
export interface HolidayInput {
  date: string;
  name: string;
  name_bn?: string | null;
}

async function saveHoliday(
  path: 'add-holiday.php' | 'update-holiday.php',
  input: HolidayInput,
  success: MessageKey,
): Promise<Outcome> {
  return postOutcome(
    path,
    { date: input.date, name: input.name, name_bn: input.name_bn ?? '' },
    { fallback: 'holidays.saveFailed', success },
  );
}

/**
 * POST /add-holiday.php (addition; admin) — refusals carry their key: `holidays.invalidDate`,
 * `holidays.nameRequired`, `holidays.exists`.
 */
export function addHoliday(input: HolidayInput): Promise<Outcome> {
  return saveHoliday('add-holiday.php', input, 'holidays.added');
}

/** POST /update-holiday.php (addition; admin) — a holiday's names; `holidays.notFound` for none. */
export function updateHoliday(input: HolidayInput): Promise<Outcome> {
  return saveHoliday('update-holiday.php', input, 'holidays.updated');
}

/** POST /delete-holiday.php {date} (addition; admin). */
export async function deleteHoliday(date: string): Promise<Outcome> {
  return postOutcome(
    'delete-holiday.php',
    { date },
    { fallback: 'holidays.saveFailed', success: 'holidays.deleted' },
  );
}

/**
 * POST /import-holidays.php {text} (addition; admin) — a pasted list, lines `dd/mm/yyyy name`,
 * all or nothing (`holidays.importInvalid`, `holidays.importEmpty`, `holidays.importTooMany`).
 * @example await importHolidays('20/10/2026 Durga Puja') // { added: 1, skipped: 0 }
 */
export async function importHolidays(text: string): Promise<{ added: number; skipped: number }> {
  return await requestData(
    {
      method: 'post',
      path: 'import-holidays.php',
      body: { text },
      fallback: 'holidays.saveFailed',
    },
    holidayImportSchema,
  );
}
