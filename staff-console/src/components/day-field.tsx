import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { asciiDigits, parseDayMonthYear, parseSeasonDay } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { calendarOf } from '../lib/calendar-locale';

/** A `YYYY-MM-DD` day as the local midnight a date field shows, or null. */
function dayToDate(day: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  return year && month && date ? new Date(year, month - 1, date) : null;
}

/** A date field's day as `YYYY-MM-DD`, '' for none. */
function dateToDay(date: Date | null): string {
  if (date === null) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** What a date field reads: dd/mm/yyyy in Latin or Bengali digits (or a pasted YYYY-MM-DD). */
function parseTypedDay(text: string): Date | null {
  const day = parseDayMonthYear(text) ?? parseSeasonDay(asciiDigits(text));
  return day === null ? null : dayToDate(day);
}

/**
 * A day field: typed and shown dd/mm/yyyy whatever the browser's language (issue 27), or
 * picked from its calendar, which names months and weekdays in the screen's language and
 * writes its numbers in its digits.
 */
export function DayField({
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error: string | null | undefined;
  id?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  'data-autofocus'?: boolean;
}) {
  const calendar = calendarOf(useLocale());
  return (
    <DateInput
      label={label}
      locale={calendar.locale}
      renderDay={calendar.day}
      valueFormat="DD/MM/YYYY"
      placeholder={t('date.placeholder')}
      dateParser={parseTypedDay}
      value={dayToDate(value)}
      onChange={(date) => onChange(dateToDay(date))}
      error={error}
      clearable={!rest.required}
      {...rest}
    />
  );
}
