import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  appealWindowOpen,
  isOverdue,
  isWorkingDay,
  municipalDay,
  parseHolidayLines,
  planHolidayImport,
  checkHolidayForm,
  MAX_HOLIDAY_IMPORT,
  remainingWorkingDays,
  resumedDueDate,
  validateHoliday,
  validateHolidayDay,
  workingCalendar,
  workingDaysBetween,
} from './working-days';

const week = workingCalendar();
// 2026: Mon 19 Oct – Fri 23 Oct is Durga Puja week in this example; 25 Dec a Friday.
const puja = workingCalendar([
  '2026-10-19',
  '2026-10-20',
  '2026-10-21',
  '2026-10-22',
  '2026-10-23',
]);

describe('isWorkingDay', () => {
  it('is Monday to Friday by default, and never a holiday', () => {
    expect(isWorkingDay('2026-11-27', week)).toBe(true); // Friday
    expect(isWorkingDay('2026-11-28', week)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29', week)).toBe(false); // Sunday
    expect(isWorkingDay('2026-10-20', puja)).toBe(false);
    expect(isWorkingDay('2026-10-20', week)).toBe(true);
  });
  it('follows another working week (Monday to Saturday)', () => {
    const six = workingCalendar([], [1, 2, 3, 4, 5, 6]);
    expect(isWorkingDay('2026-11-28', six)).toBe(true);
    expect(isWorkingDay('2026-11-29', six)).toBe(false);
  });
  it('refuses what is not a calendar day', () => {
    for (const day of ['2026-02-30', '27/11/2026', '2026-11-27T10:00:00Z', '']) {
      expect(() => isWorkingDay(day, week)).toThrow(RangeError);
    }
  });
});

describe('addWorkingDays', () => {
  it('skips the weekend: Friday + 1 is Monday, Friday + 5 the next Friday', () => {
    expect(addWorkingDays('2026-11-27', 1, week)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-27', 5, week)).toBe('2026-12-04');
    expect(addWorkingDays('2026-11-28', 1, week)).toBe('2026-11-30'); // from a Saturday
    expect(addWorkingDays('2026-11-27', 0, week)).toBe('2026-11-27');
  });
  it('skips holidays: a step started before the puja week is due after it', () => {
    expect(addWorkingDays('2026-10-16', 1, puja)).toBe('2026-10-26');
    expect(addWorkingDays('2026-10-14', 7, puja)).toBe('2026-10-30');
  });
  it('crosses month and year ends', () => {
    const christmas = workingCalendar(['2026-12-25', '2027-01-01']);
    expect(addWorkingDays('2026-12-24', 1, christmas)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-30', 2, christmas)).toBe('2027-01-04');
    expect(addWorkingDays('2028-02-28', 1, week)).toBe('2028-02-29'); // leap day, a Tuesday
  });
  it('refuses a negative or fractional count and a week without working days', () => {
    expect(() => addWorkingDays('2026-11-27', -1, week)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-11-27', 1.5, week)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-11-27', 1, workingCalendar([], []))).toThrow(RangeError);
  });
});

describe('workingDaysBetween', () => {
  it('counts the working days after the first day up to the last', () => {
    expect(workingDaysBetween('2026-11-27', '2026-12-04', week)).toBe(5);
    expect(workingDaysBetween('2026-11-27', '2026-11-29', week)).toBe(0);
    expect(workingDaysBetween('2026-12-04', '2026-11-27', week)).toBe(-5);
    expect(workingDaysBetween('2026-10-16', '2026-10-26', puja)).toBe(1);
  });

  const day = fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
    .map((ms) => new Date(ms).toISOString().slice(0, 10));
  const holidays = fc.array(day, { maxLength: 30 });

  it('undoes addWorkingDays, which always lands on a working day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 60 }), holidays, (start, days, list) => {
        const calendar = workingCalendar(list);
        const due = addWorkingDays(start, days, calendar);
        expect(isWorkingDay(due, calendar)).toBe(true);
        expect(workingDaysBetween(start, due, calendar)).toBe(days);
      }),
    );
  });
});

describe('overdue, pausing and resuming', () => {
  it('is overdue from the first working day after the due date', () => {
    expect(isOverdue('2026-11-27', '2026-11-27', week)).toBe(false);
    expect(isOverdue('2026-11-27', '2026-11-29', week)).toBe(false);
    expect(isOverdue('2026-11-27', '2026-11-30', week)).toBe(true);
    expect(isOverdue('2026-10-16', '2026-10-23', puja)).toBe(false);
    expect(isOverdue('2026-10-16', '2026-10-26', puja)).toBe(true);
  });

  it('keeps the days left while the club has the ball, and gives them back on its answer', () => {
    // Due Friday 4 December; a document rejected on Monday 30 November: 4 days left.
    const left = remainingWorkingDays('2026-12-04', '2026-11-30', week);
    expect(left).toBe(4);
    // The club re-uploads on Monday 7 December: due on Friday 11 December.
    expect(resumedDueDate('2026-12-07', left, week)).toBe('2026-12-11');
  });

  it('leaves at least one day to a step paused on or after its due date', () => {
    expect(remainingWorkingDays('2026-12-04', '2026-12-04', week)).toBe(1);
    expect(remainingWorkingDays('2026-12-04', '2026-12-09', week)).toBe(1);
  });
});

describe('municipalDay', () => {
  it('is the day in India, whatever the machine’s zone', () => {
    expect(municipalDay(Date.parse('2026-03-31T18:29:00Z'))).toBe('2026-03-31');
    expect(municipalDay(Date.parse('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });
});

describe('parseHolidayLines', () => {
  it('reads dd/mm/yyyy lines as people paste them: Bengali digits, other separators, blank lines', () => {
    const text =
      '20/10/2026 Durga Puja (Dashami)\n\n  ২১-১০-২০২৬   Lakshmi  Puja \r\n2.1.2027 New Year';
    expect(parseHolidayLines(text)).toEqual({
      holidays: [
        { date: '2026-10-20', name: 'Durga Puja (Dashami)' },
        { date: '2026-10-21', name: 'Lakshmi Puja' },
        { date: '2027-01-02', name: 'New Year' },
      ],
      errors: [],
    });
  });
  it('names every line it cannot read, with its number', () => {
    const text =
      '31/02/2026 Not a day\n20/10/2026\n2026-10-20 ISO\n20/10/2026 Dashami\n20/10/2026 Again';
    expect(parseHolidayLines(text)).toEqual({
      holidays: [{ date: '2026-10-20', name: 'Dashami' }],
      errors: [
        { line: 1, key: 'holidays.lineDate' },
        { line: 2, key: 'holidays.lineName' },
        { line: 3, key: 'holidays.lineDate' },
        { line: 5, key: 'holidays.lineRepeated' },
      ],
    });
  });
});

describe('appealWindowOpen', () => {
  it('is open for 30 days after the decision by default', () => {
    expect(appealWindowOpen('2026-10-01', '2026-10-01')).toBe(true);
    expect(appealWindowOpen('2026-10-01', '2026-10-31')).toBe(true);
    expect(appealWindowOpen('2026-10-01', '2026-11-01')).toBe(false);
    expect(appealWindowOpen('2026-10-01', '2026-09-30')).toBe(false);
    expect(appealWindowOpen('2026-10-01', '2026-10-11', 10)).toBe(true);
    expect(appealWindowOpen('2026-10-01', '2026-10-12', 10)).toBe(false);
  });
});

describe('validateHoliday', () => {
  it('takes a day as YYYY-MM-DD or dd/mm/yyyy (Bengali digits too), a name and a Bengali name', () => {
    expect(validateHoliday({ date: '2026-10-20', name: ' Durga Puja ' })).toEqual({
      ok: true,
      value: { date: '2026-10-20', name: 'Durga Puja', name_bn: null },
    });
    expect(validateHoliday({ date: '২০/১০/২০২৬', name: 'Durga Puja', name_bn: 'দুর্গাপূজা' })).toEqual(
      {
        ok: true,
        value: { date: '2026-10-20', name: 'Durga Puja', name_bn: 'দুর্গাপূজা' },
      },
    );
  });
  it('names the first problem and its field', () => {
    expect(validateHoliday({ date: '31/02/2026', name: 'x' })).toMatchObject({
      message: 'holidays.invalidDate',
      field: 'date',
    });
    expect(validateHoliday({ date: '2026-10-20', name: '  ' })).toMatchObject({
      message: 'holidays.nameRequired',
      field: 'name',
    });
    expect(
      validateHoliday({ date: '2026-10-20', name: 'x', name_bn: 'ক'.repeat(201) }),
    ).toMatchObject({
      message: 'validation.textTooLong',
      field: 'name_bn',
    });
    expect(validateHolidayDay({ date: 'tomorrow' })).toMatchObject({
      ok: false,
      message: 'holidays.invalidDate',
    });
  });
});

describe('planHolidayImport: what importing a pasted list does', () => {
  it('adds the days not yet listed and counts the ones already listed', () => {
    const plan = planHolidayImport('20/10/2026 Durga Puja\n২১/১০/২০২৬ দশমী\n\n', ['2026-10-21']);
    expect(plan).toEqual({
      ok: true,
      add: [{ date: '2026-10-20', name: 'Durga Puja' }],
      skipped: 1,
    });
  });

  it('imports nothing when a line cannot be read, and names every such line', () => {
    const plan = planHolidayImport('20/10/2026 Durga Puja\n31/02/2026 Nothing\n22/10/2026', []);
    expect(plan.ok).toBe(false);
    expect(plan).toMatchObject({ key: 'holidays.importInvalid', kind: 'input' });
    expect('errors' in plan && plan.errors).toEqual([
      { line: 2, key: 'holidays.lineDate' },
      { line: 3, key: 'holidays.lineName' },
    ]);
  });

  it('refuses an empty paste and a list past the limit', () => {
    expect(planHolidayImport(' \n ', [])).toMatchObject({ ok: false, key: 'holidays.importEmpty' });
    const many = Array.from({ length: MAX_HOLIDAY_IMPORT + 1 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 0, 1 + i));
      const dd = String(day.getUTCDate()).padStart(2, '0');
      const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
      return `${dd}/${mm}/${day.getUTCFullYear()} Day ${i}`;
    }).join('\n');
    expect(planHolidayImport(many, [])).toMatchObject({ ok: false, key: 'holidays.importTooMany' });
  });
});

describe('checkHolidayForm: the holiday dialog, every problem at once', () => {
  it('names the date and the name together, and the first is what validateHoliday answers', () => {
    expect(checkHolidayForm({ date: '31/02/2026', name: ' ' })).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [
        { field: 'date', message: 'holidays.invalidDate' },
        { field: 'name', message: 'holidays.nameRequired' },
      ],
    });
    expect(validateHoliday({ date: '31/02/2026', name: ' ' })).toMatchObject({
      ok: false,
      message: 'holidays.invalidDate',
    });
  });

  it('gives the holiday with Bengali digits read and an empty Bengali name as none', () => {
    expect(checkHolidayForm({ date: '২০/১০/২০২৬', name: ' Durga Puja ', name_bn: '' })).toEqual({
      ok: true,
      value: { date: '2026-10-20', name: 'Durga Puja', name_bn: null },
    });
  });
});
