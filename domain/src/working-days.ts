import { calendarDate, MUNICIPAL_UTC_OFFSET_MINUTES } from './dates';
import { fail, MAX_LENGTH, ok, type ValidationResult } from './field-checks';
import { textOf } from './form-text';
import { accept, refuse, type Outcome, type Refusal } from './change';
import type { FieldError, FormCheck } from './form-check';
import type { MessageKey } from './messages';

/**
 * Working days, counted the way West Bengal's Right to Public Services Act (2013) counts a
 * service's time limit: only the municipality's working days count, its holidays and the days
 * outside its working week do not (issue 30). Days are municipal calendar days written
 * `YYYY-MM-DD`; an instant is first turned into the day it is in the municipality (IST).
 */

/** A municipal calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

/** ISO weekday numbers: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The municipality's calendar: its working week and its holidays. */
export interface WorkingCalendar {
  /** The weekdays that are working days. */
  workingWeek: readonly Weekday[];
  /** Holidays (`YYYY-MM-DD`): never working days, whatever the weekday. */
  holidays: ReadonlySet<IsoDay>;
}

/** Monday to Friday, the default working week. */
export const DEFAULT_WORKING_WEEK: readonly Weekday[] = [1, 2, 3, 4, 5];

/**
 * A calendar from a working week and a list of holidays.
 * @example workingCalendar(['2026-10-20']).holidays.has('2026-10-20') // true
 */
export function workingCalendar(
  holidays: Iterable<IsoDay> = [],
  workingWeek: readonly Weekday[] = DEFAULT_WORKING_WEEK,
): WorkingCalendar {
  return { workingWeek, holidays: new Set(holidays) };
}

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` day as its UTC midnight in milliseconds; throws on anything else. */
function dayMs(day: IsoDay): number {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? calendarDate(day) : null;
  if (!date) throw new RangeError(`not a calendar day: ${day}`);
  return Date.UTC(date.year, date.month - 1, date.day);
}

function isoDayOf(ms: number): IsoDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The municipal day (IST) of an instant.
 * @example municipalDay(Date.parse('2026-03-31T20:00:00Z')) // '2026-04-01'
 */
export function municipalDay(nowMs: number): IsoDay {
  return isoDayOf(nowMs + MUNICIPAL_UTC_OFFSET_MINUTES * 60_000);
}

/** The ISO weekday of a day (1 Monday … 7 Sunday). */
function weekdayOf(ms: number): Weekday {
  return (((new Date(ms).getUTCDay() + 6) % 7) + 1) as Weekday;
}

function isWorkingMs(ms: number, calendar: WorkingCalendar): boolean {
  return calendar.workingWeek.includes(weekdayOf(ms)) && !calendar.holidays.has(isoDayOf(ms));
}

/**
 * Whether a day is a working day: in the working week and not a holiday.
 * @example isWorkingDay('2026-11-28', workingCalendar()) // false (a Saturday)
 */
export function isWorkingDay(day: IsoDay, calendar: WorkingCalendar): boolean {
  return isWorkingMs(dayMs(day), calendar);
}

/** A working week with no working day would never end a count. */
function requireWorkingWeek(calendar: WorkingCalendar): void {
  if (!calendar.workingWeek.some((day) => day >= 1 && day <= 7)) {
    throw new RangeError('the working week has no working day');
  }
}

/**
 * The day `days` working days after `start` (the start day itself never counts: a step that
 * starts on a Friday with 1 day is due on Monday). Zero days is the start day.
 * @example addWorkingDays('2026-11-27', 1, workingCalendar()) // '2026-11-30' (Friday → Monday)
 * @example addWorkingDays('2026-11-27', 1, workingCalendar(['2026-11-30'])) // '2026-12-01'
 */
export function addWorkingDays(start: IsoDay, days: number, calendar: WorkingCalendar): IsoDay {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`not a count of days: ${days}`);
  requireWorkingWeek(calendar);
  let ms = dayMs(start);
  for (let left = days; left > 0;) {
    ms += DAY_MS;
    if (isWorkingMs(ms, calendar)) left -= 1;
  }
  return isoDayOf(ms);
}

/**
 * The working days after `from` up to and including `to`; negative, counted the same way,
 * when `to` comes first. `workingDaysBetween(d, addWorkingDays(d, n)) === n`.
 * @example workingDaysBetween('2026-11-27', '2026-12-04', workingCalendar()) // 5
 */
export function workingDaysBetween(from: IsoDay, to: IsoDay, calendar: WorkingCalendar): number {
  const [a, b] = [dayMs(from), dayMs(to)];
  if (b < a) return -workingDaysBetween(to, from, calendar);
  let count = 0;
  for (let ms = a + DAY_MS; ms <= b; ms += DAY_MS) if (isWorkingMs(ms, calendar)) count += 1;
  return count;
}

/**
 * Whether a step due on `due` is overdue on `today`: from the first working day after its due
 * date (a step due on a Friday is overdue on Monday, not on the weekend).
 * @example isOverdue('2026-11-27', '2026-11-29', workingCalendar()) // false (Sunday)
 * @example isOverdue('2026-11-27', '2026-11-30', workingCalendar()) // true
 */
export function isOverdue(due: IsoDay, today: IsoDay, calendar: WorkingCalendar): boolean {
  return workingDaysBetween(due, today, calendar) >= 1;
}

/**
 * A step's clock stopped while the club has the ball (a rejected document, an objection):
 * the working days it had left when it stopped, never fewer than one, so a step paused on its
 * due date still gets a day once the club answers.
 * @example remainingWorkingDays('2026-12-04', '2026-11-30', workingCalendar()) // 4
 */
export function remainingWorkingDays(
  due: IsoDay,
  pausedOn: IsoDay,
  calendar: WorkingCalendar,
): number {
  return Math.max(1, workingDaysBetween(pausedOn, due, calendar));
}

/**
 * The new due date of a step resumed on `resumedOn` with the working days it had left.
 * @example resumedDueDate('2026-12-07', 4, workingCalendar()) // '2026-12-11'
 */
export function resumedDueDate(
  resumedOn: IsoDay,
  remaining: number,
  calendar: WorkingCalendar,
): IsoDay {
  return addWorkingDays(resumedOn, remaining, calendar);
}

/** A holiday as the Holidays screen's import reads it. */
export interface HolidayLine {
  date: IsoDay;
  name: string;
}

/** A line of an import that could not be read: its number (1-based) and why. */
export interface HolidayLineError {
  line: number;
  key: Extract<MessageKey, `holidays.line${string}`>;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * Reads a holiday list pasted as lines `dd/mm/yyyy name` (the state's notification as people
 * copy it: Bengali digits, `-` or `.` between the parts, blank lines and extra spaces allowed).
 * Every line is read; the ones that cannot be are listed with their number, so nothing is
 * imported half-read.
 * @example parseHolidayLines('20/10/2026 Durga Puja (Dashami)').holidays
 * // [{ date: '2026-10-20', name: 'Durga Puja (Dashami)' }]
 */
export function parseHolidayLines(text: string): {
  holidays: HolidayLine[];
  errors: HolidayLineError[];
} {
  const holidays: HolidayLine[] = [];
  const errors: HolidayLineError[] = [];
  const seen = new Set<IsoDay>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw
      .replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)))
      .trim()
      .replace(/\s+/g, ' ');
    if (line === '') return;
    const number = index + 1;
    const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(.*))?$/.exec(line);
    const date = match
      ? `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`
      : '';
    if (!match || calendarDate(date) === null) {
      errors.push({ line: number, key: 'holidays.lineDate' });
      return;
    }
    const name = (match[4] ?? '').trim();
    if (name === '') errors.push({ line: number, key: 'holidays.lineName' });
    else if (seen.has(date)) errors.push({ line: number, key: 'holidays.lineRepeated' });
    else {
      seen.add(date);
      holidays.push({ date, name });
    }
  });
  return { holidays, errors };
}

/** The most holidays one import adds: a year's list is 20–30 days. */
export const MAX_HOLIDAY_IMPORT = 200;

/**
 * What an import of a pasted list does, against the days already listed: the holidays it adds
 * (a day already listed keeps its names: `skipped` counts them), or why nothing is imported (a
 * line that cannot be read: `holidays.importInvalid` with `errors`; nothing to import; too many).
 * The Holidays screen previews it; the server decides with it.
 * @example planHolidayImport('20/10/2026 Durga Puja\n21/10/2026 Dashami', ['2026-10-21'])
 * // { ok: true, add: [{ date: '2026-10-20', name: 'Durga Puja' }], skipped: 1 }
 */
export function planHolidayImport(
  text: string,
  listed: readonly IsoDay[],
): Outcome<{ add: HolidayLine[]; skipped: number }> | (Refusal & { errors: HolidayLineError[] }) {
  const { holidays, errors } = parseHolidayLines(text);
  if (errors.length > 0) return { ...refuse('holidays.importInvalid', 'input'), errors };
  if (holidays.length === 0) return refuse('holidays.importEmpty', 'input');
  if (holidays.length > MAX_HOLIDAY_IMPORT) return refuse('holidays.importTooMany', 'input');
  const known = new Set(listed);
  const add = holidays.filter((holiday) => !known.has(holiday.date));
  return accept({ add, skipped: holidays.length - add.length });
}

/** Days a club has to appeal, by default (issue 30). */
export const DEFAULT_APPEAL_WINDOW_DAYS = 30;

/**
 * Whether an appeal against a decision of `decidedOn` may still be filed on `today`: within
 * `windowDays` calendar days of it (the day of the decision is day 0).
 * @example appealWindowOpen('2026-10-01', '2026-10-31', 30) // true
 * @example appealWindowOpen('2026-10-01', '2026-11-01', 30) // false
 */
export function appealWindowOpen(
  decidedOn: IsoDay,
  today: IsoDay,
  windowDays: number = DEFAULT_APPEAL_WINDOW_DAYS,
): boolean {
  const elapsed = Math.round((dayMs(today) - dayMs(decidedOn)) / DAY_MS);
  return elapsed >= 0 && elapsed <= windowDays;
}

/** A holiday of the municipality: its day and its name in English and, optionally, Bengali. */
export interface Holiday {
  date: IsoDay;
  name: string;
  name_bn: string | null;
}

/** A day as the Holidays screen and its calls take it: `YYYY-MM-DD` or `dd/mm/yyyy`. */
function holidayDay(value: unknown): IsoDay | null {
  const text = textOf(value).replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
  const written = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const day = written
    ? `${written[3]}-${written[2]?.padStart(2, '0')}-${written[1]?.padStart(2, '0')}`
    : text;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && calendarDate(day) !== null ? day : null;
}

/**
 * A holiday as admin adds or edits it: a real day, a name (at most 200 characters), and an
 * optional Bengali name.
 * @example validateHoliday({ date: '20/10/2026', name: 'Durga Puja' }) // { ok: true, value: { date: '2026-10-20', name: 'Durga Puja', name_bn: null } }
 */
export function validateHoliday(
  fields: Readonly<Record<string, unknown>>,
): ValidationResult<Holiday> {
  const checked = checkHolidayForm(fields);
  if (checked.ok) return ok(checked.value);
  const [first] = checked.errors;
  return fail(first?.message ?? 'holidays.invalidDate', first?.field);
}

/**
 * The holiday dialog as a form: every problem at once, in screen order (date, name, Bengali
 * name); `validateHoliday` (the server's check) answers the first of them.
 * @example checkHolidayForm({ date: '31/02/2026', name: '' }).errors.map((e) => e.field) // ['date', 'name']
 */
export function checkHolidayForm(fields: Readonly<Record<string, unknown>>): FormCheck<Holiday> {
  const errors: FieldError[] = [];
  const date = holidayDay(fields.date);
  if (date === null) errors.push({ field: 'date', message: 'holidays.invalidDate' });
  const name = textOf(fields.name);
  if (name === '') errors.push({ field: 'name', message: 'holidays.nameRequired' });
  else if (name.length > MAX_LENGTH.name) {
    errors.push({ field: 'name', message: 'validation.textTooLong' });
  }
  const nameBn = textOf(fields.name_bn);
  if (nameBn.length > MAX_LENGTH.name) {
    errors.push({ field: 'name_bn', message: 'validation.textTooLong' });
  }
  if (date === null || errors.length > 0) {
    return { ok: false, summary: 'form.errorSummaryTitle', errors };
  }
  return { ok: true, value: { date, name, name_bn: nameBn === '' ? null : nameBn } };
}

/**
 * The day of a holiday to delete (`{ date }`).
 * @example validateHolidayDay({ date: '2026-10-20' }) // { ok: true, value: '2026-10-20' }
 */
export function validateHolidayDay(
  fields: Readonly<Record<string, unknown>>,
): ValidationResult<IsoDay> {
  const date = holidayDay(fields.date);
  return date === null ? fail('holidays.invalidDate', 'date') : ok(date);
}
