/**
 * SPEC §9 export of the Issued NOCs: file, sheet and columns from domain. xlsx is loaded only
 * when the user exports (it is not in the initial bundle). Every cell is written as text, never
 * as a formula: a club named `=HYPERLINK(...)` or `+cmd|...` stays the words it is.
 */
import type * as XlsxModule from 'xlsx';
import type { WorkBook, WorkSheet } from 'xlsx';
import {
  EXPORT_SHEET_NAME,
  exportColumnWidths,
  exportFileName,
  toExportRows,
  type Application,
} from '@puja/domain';

type Xlsx = typeof XlsxModule;

/** The sheet of the rows: a header then one line per application, every cell a text cell. */
export function buildWorkbook(xlsx: Xlsx, apps: readonly Application[]): WorkBook {
  const { header, rows } = toExportRows(apps);
  const lines = [header, ...rows];
  const sheet: WorkSheet = {};
  lines.forEach((line, r) =>
    line.forEach((value, c) => {
      // t 's' with the text format '@': a string cell, which spreadsheet programs never evaluate.
      sheet[xlsx.utils.encode_cell({ r, c })] = { t: 's', v: String(value), z: '@' };
    }),
  );
  sheet['!ref'] = xlsx.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: lines.length - 1, c: header.length - 1 },
  });
  // Widths that fit the data (domain): dates and memo numbers whole, long addresses capped.
  sheet['!cols'] = exportColumnWidths(header, rows).map((wch) => ({ wch }));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, EXPORT_SHEET_NAME);
  return book;
}

/** Downloads Issued_NOCs_<year>.xlsx with the given (already filtered) rows. */
export async function exportIssuedNocs(apps: readonly Application[], year: number): Promise<void> {
  const xlsx = await import('xlsx');
  xlsx.writeFile(buildWorkbook(xlsx, apps), exportFileName(year), { compression: true });
}
