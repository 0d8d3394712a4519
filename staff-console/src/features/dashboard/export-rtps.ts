/**
 * Issue 30: the RTPS report as an Excel file, written like the Issued NOCs export (xlsx loaded
 * only when the user exports): the header as text, the figures as numbers, the share on time a
 * number shown as a percentage, the step names as string cells (never a formula).
 */
import type * as XlsxModule from 'xlsx';
import type { CellObject, WorkBook, WorkSheet } from 'xlsx';
import {
  formatMessage,
  rtpsExportRows,
  rtpsFileName,
  type Locale,
  type RtpsLine,
} from '@puja/domain';
import { downloadXlsx } from '../../lib/download-xlsx';

type Xlsx = typeof XlsxModule;

/** The report's sheet: one row per step and one for every step. */
export function buildRtpsWorkbook(
  xlsx: Xlsx,
  lines: readonly RtpsLine[],
  year: number,
  locale: Locale,
): WorkBook {
  const { header, rows } = rtpsExportRows(lines, locale);
  const sheet: WorkSheet = {};
  header.forEach((title, c) => {
    sheet[xlsx.utils.encode_cell({ r: 0, c })] = { t: 's', v: title, z: '@' };
  });
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      const cell: CellObject =
        value === null
          ? { t: 's', v: '', z: '@' }
          : typeof value === 'number'
            ? { t: 'n', v: value, ...(c === 4 ? { z: '0%' } : {}) }
            : { t: 's', v: value, z: '@' };
      sheet[xlsx.utils.encode_cell({ r: r + 1, c })] = cell;
    }),
  );
  sheet['!ref'] = xlsx.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: header.length - 1 },
  });
  sheet['!cols'] = header.map((title, c) => ({
    wch: Math.max(title.length, ...rows.map((row) => String(row[c] ?? '').length)) + 2,
  }));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, formatMessage('due.reportSheet', { year }, locale));
  return book;
}

/** Downloads RTPS_report_<year>.xlsx. */
export async function exportRtpsReport(
  lines: readonly RtpsLine[],
  year: number,
  locale: Locale,
): Promise<void> {
  const xlsx = await import('xlsx');
  const written = xlsx.write(buildRtpsWorkbook(xlsx, lines, year, locale), {
    type: 'array',
    bookType: 'xlsx',
  }) as ArrayBuffer;
  downloadXlsx(written, rtpsFileName(year));
}
