import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { asciiDigits, parseDayMonthYear, parseSeasonDay } from '@puja/domain';
import { t } from '@puja/web-kit';

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
 * A day field of the season: typed and shown dd/mm/yyyy whatever the browser's language
 * (issue 27), or picked from its calendar.
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
  return (
    <DateInput
      label={label}
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
