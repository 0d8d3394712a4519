import { isInWard, type Application } from './application';
import { calendarDate, formatDate } from './dates';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';
import { formatRegNo, memoNumberOf } from './memo-number';
import { matchesSearch } from './text-search';

/**
 * SPEC §1, §4: once chairman_status is Approved the NOC counts as issued.
 * @example isIssued({ chairman_status: 'Approved' }) // true
 */
export function isIssued(app: Pick<Application, 'chairman_status'>): boolean {
  return app.chairman_status === 'Approved';
}

/** The Issued NOCs filters (SPEC §2): search text and ward (null for All Wards). */
export interface IssuedNocFilters {
  q: string;
  ward: number | null;
}

/**
 * SPEC §9 Issued NOCs: chairman Approved only; case-insensitive search over club name, reg_no
 * (as sent or padded) and memo number; the ward matches the club ward or the puja ward.
 * @example filterIssuedNocs(apps, { q: '07/durga', ward: null })
 */
export function filterIssuedNocs<T extends Application>(
  apps: readonly T[],
  { q, ward }: IssuedNocFilters,
): T[] {
  return apps.filter(
    (app) =>
      isIssued(app) &&
      matchesSearch(q, app.club_name, app.reg_no, formatRegNo(app.reg_no), memoNumberOf(app)) &&
      isInWard(app, ward),
  );
}

/** A date cell of the export: the municipal day, as shown and as a spreadsheet day number. */
export interface ExportDate {
  /** dd/mm/yyyy, as SPEC §9 writes dates. */
  text: string;
  /** Days since 1899-12-30: the serial a spreadsheet stores a date as (1900 date system). */
  serial: number;
}

/** A cell of the export: text, a number (ward, reg no.) or a date. */
export type ExportCell = string | number | ExportDate;

/** The day number format of the export's dates (issue 27: real dates, shown dd/mm/yyyy). */
export const EXPORT_DATE_FORMAT = 'dd/mm/yyyy';

/** The first characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP's CSV-injection rule for a typed value: one starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so that even after "save as CSV" and opening again no
 * spreadsheet runs it as a formula; any other text is unchanged.
 * @example neutraliseFormula('=HYPERLINK("http://x")') // `'=HYPERLINK("http://x")`
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const textCell = (value: string | null | undefined): ExportCell => neutraliseFormula(value ?? '');

const wardCell = (value: number | null): ExportCell => value ?? '';

/** A reg no. of digits as its number (shown padded by the column's format), else as text. */
const regNoCell = (app: Application): ExportCell => {
  const text = formatRegNo(app.reg_no);
  return /^\d{1,15}$/.test(text) ? Number(text) : neutraliseFormula(text);
};

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** The approval day as a date cell; 'N/A' (SPEC §4) when there is none. */
const dateCell = (value: unknown): ExportCell => {
  const day = calendarDate(value);
  if (!day) return formatDate(value);
  return {
    text: formatDate(value),
    serial: (Date.UTC(day.year, day.month - 1, day.day) - EXCEL_EPOCH_MS) / 86_400_000,
  };
};

/**
 * SPEC §9 export columns, in the spec's order, with how each cell is read and, for numbers and
 * dates, how a spreadsheet shows them (the reg no. keeps its two digits: 7 shows as 07).
 */
const EXPORT_COLUMNS: readonly {
  header: MessageKey;
  cell: (app: Application) => ExportCell;
  format?: string;
}[] = [
  { header: 'issued.column.regNo', cell: regNoCell, format: '00' },
  { header: 'issued.column.clubName', cell: (app) => textCell(app.club_name) },
  { header: 'issued.column.clubAddress', cell: (app) => textCell(app.address) },
  { header: 'issued.column.clubWard', cell: (app) => wardCell(app.ward_no) },
  { header: 'issued.column.pujaAddress', cell: (app) => textCell(app.puja_location_address) },
  { header: 'issued.column.pujaWardNo', cell: (app) => wardCell(app.puja_location_ward_no) },
  { header: 'issued.column.memoNumber', cell: (app) => textCell(memoNumberOf(app)) },
  {
    header: 'issued.column.approvedDate',
    cell: (app) => dateCell(app.chairman_approved_date),
    format: EXPORT_DATE_FORMAT,
  },
];

/** The export's header keys in spec order. */
export const EXPORT_HEADER_KEYS: readonly MessageKey[] = EXPORT_COLUMNS.map((c) => c.header);

/**
 * SPEC §9 export: the eight columns in spec order for the given (already filtered) rows, with
 * each column's number format (null: as written).
 * @example toExportRows([app]).header // ['Reg No', 'Club Name', ..., 'Approved Date']
 */
export function toExportRows(
  apps: readonly Application[],
  locale: Locale = DEFAULT_LOCALE,
): {
  headerKeys: readonly MessageKey[];
  header: string[];
  formats: (string | null)[];
  rows: ExportCell[][];
} {
  return {
    headerKeys: EXPORT_HEADER_KEYS,
    header: EXPORT_HEADER_KEYS.map((key) => formatMessage(key, {}, locale)),
    formats: EXPORT_COLUMNS.map((column) => column.format ?? null),
    rows: apps.map((app) => EXPORT_COLUMNS.map((column) => column.cell(app))),
  };
}

/** What a cell shows, for its width. */
const shownText = (cell: ExportCell | undefined): string =>
  typeof cell === 'object' ? cell.text : String(cell ?? '');

/** The narrowest and widest export column, in characters. */
export const EXPORT_COLUMN_WIDTH = { min: 8, max: 60 } as const;

/**
 * Each export column's width in characters (issue 22): its longest header or cell plus room for
 * the filter arrow, within EXPORT_COLUMN_WIDTH, so dates and memo numbers show whole and a long
 * address wraps at a readable width instead of one screen-wide column.
 * @example exportColumnWidths(['Reg No'], [['07']]) // [8]
 */
export function exportColumnWidths(
  header: readonly string[],
  rows: readonly (readonly ExportCell[])[],
): number[] {
  return header.map((title, column) => {
    const longest = Math.max(title.length, ...rows.map((row) => shownText(row[column]).length));
    return Math.min(EXPORT_COLUMN_WIDTH.max, Math.max(EXPORT_COLUMN_WIDTH.min, longest + 2));
  });
}

/** SPEC §9: the export's sheet name. */
export const EXPORT_SHEET_NAME = 'IssuedNOCs';

/**
 * SPEC §9: the export's file name for a year (the caller passes the current year).
 * @example exportFileName(2025) // 'Issued_NOCs_2025.xlsx'
 */
export function exportFileName(year: number | string): string {
  return `Issued_NOCs_${year}.xlsx`;
}
