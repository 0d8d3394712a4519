import { isInWard, type Application } from './application';
import { formatDate } from './dates';
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

/** A cell of the export: text, or a ward number. */
export type ExportCell = string | number;

const wardCell = (value: number | null): ExportCell => value ?? '';

/** SPEC §9 export columns, in the spec's order, with how each cell is read. */
const EXPORT_COLUMNS: readonly { header: MessageKey; cell: (app: Application) => ExportCell }[] = [
  { header: 'issued.column.regNo', cell: (app) => formatRegNo(app.reg_no) },
  { header: 'issued.column.clubName', cell: (app) => app.club_name },
  { header: 'issued.column.clubAddress', cell: (app) => app.address },
  { header: 'issued.column.clubWard', cell: (app) => wardCell(app.ward_no) },
  { header: 'issued.column.pujaAddress', cell: (app) => app.puja_location_address },
  { header: 'issued.column.pujaWardNo', cell: (app) => wardCell(app.puja_location_ward_no) },
  { header: 'issued.column.memoNumber', cell: memoNumberOf },
  { header: 'issued.column.approvedDate', cell: (app) => formatDate(app.chairman_approved_date) },
];

/** The export's header keys in spec order. */
export const EXPORT_HEADER_KEYS: readonly MessageKey[] = EXPORT_COLUMNS.map((c) => c.header);

/**
 * SPEC §9 export: the eight columns in spec order for the given (already filtered) rows.
 * @example toExportRows([app]).header // ['Reg No', 'Club Name', ..., 'Approved Date']
 */
export function toExportRows(
  apps: readonly Application[],
  locale: Locale = DEFAULT_LOCALE,
): { headerKeys: readonly MessageKey[]; header: string[]; rows: ExportCell[][] } {
  return {
    headerKeys: EXPORT_HEADER_KEYS,
    header: EXPORT_HEADER_KEYS.map((key) => formatMessage(key, {}, locale)),
    rows: apps.map((app) => EXPORT_COLUMNS.map((column) => column.cell(app))),
  };
}

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
    const longest = Math.max(title.length, ...rows.map((row) => String(row[column] ?? '').length));
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

/** The on-screen table's columns (SPEC §2), in order. */
export const ISSUED_TABLE_COLUMNS: readonly MessageKey[] = [
  'issued.column.regNo',
  'issued.column.clubName',
  'issued.column.pujaAddress',
  'issued.column.pujaWard',
  'issued.column.memoNumber',
  'issued.column.approvedDate',
  'issued.column.action',
];
