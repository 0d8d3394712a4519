/**
 * SPEC §9 export of the Issued NOCs: file, sheet, columns and cell types from domain. xlsx is
 * loaded only when the user exports (it is not in the initial bundle).
 *
 * - No cell is ever a formula: text cells are string cells, and a typed value starting with
 *   `=`, `+`, `-`, `@`, a tab or a carriage return carries OWASP's leading `'` (domain's
 *   `neutraliseFormula`), so it stays words even after "save as CSV".
 * - Reg no. and wards are numbers where they are numbers, the approval date a real date shown
 *   dd/mm/yyyy, column widths fit the data.
 * - A bold header row, frozen, with filters (issue 27). SheetJS's community build writes
 *   neither bold fonts nor frozen panes, so `writeWorkbook` adds both to the file it wrote (one
 *   bold font and cell style in styles.xml, a frozen pane in the sheet): a few lines on the
 *   pinned version's output, which the tests read back.
 */
import type * as XlsxModule from 'xlsx';
import type { CellObject, WorkBook, WorkSheet } from 'xlsx';
import {
  EXPORT_SHEET_NAME,
  exportColumnWidths,
  exportFileName,
  toExportRows,
  type Application,
  type ExportCell,
} from '@puja/domain';
import { downloadXlsx } from '../../lib/download-xlsx';

type Xlsx = typeof XlsxModule;

/** One cell as SheetJS writes it: a number (with its format), a date's day number, or text. */
function toCell(value: ExportCell, format: string | null): CellObject {
  if (typeof value === 'number')
    return format ? { t: 'n', v: value, z: format } : { t: 'n', v: value };
  if (typeof value === 'object')
    return { t: 'n', v: value.serial, z: format ?? undefined, w: value.text };
  // t 's' with the text format '@': a string cell, which spreadsheet programs never evaluate.
  return { t: 's', v: value, z: '@' };
}

/** The sheet of the rows: the header then one line per application, with filters on the header. */
export function buildWorkbook(xlsx: Xlsx, apps: readonly Application[]): WorkBook {
  const { header, formats, rows } = toExportRows(apps);
  const sheet: WorkSheet = {};
  header.forEach((title, c) => {
    sheet[xlsx.utils.encode_cell({ r: 0, c })] = { t: 's', v: title };
  });
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      sheet[xlsx.utils.encode_cell({ r: r + 1, c })] = toCell(value, formats[c] ?? null);
    }),
  );
  const ref = xlsx.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: header.length - 1 },
  });
  sheet['!ref'] = ref;
  sheet['!autofilter'] = { ref };
  // Widths that fit the data (domain): dates and memo numbers whole, long addresses capped.
  sheet['!cols'] = exportColumnWidths(header, rows).map((wch) => ({ wch }));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, EXPORT_SHEET_NAME);
  return book;
}

const BOLD_FONT =
  '<font><b/><sz val="12"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>';
const FROZEN_HEADER =
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>';

/** styles.xml with a bold font and a cell style using it; the style's index. */
function addBoldStyle(styles: string): { styles: string; bold: number } {
  const fonts = /<fonts count="(\d+)">([\s\S]*?)<\/fonts>/.exec(styles);
  const xfs = /<cellXfs count="(\d+)">([\s\S]*?)<\/cellXfs>/.exec(styles);
  if (!fonts || !xfs) throw new Error('unexpected styles.xml');
  const font = Number(fonts[1]);
  const bold = Number(xfs[1]);
  const xf = `<xf numFmtId="0" fontId="${font}" fillId="0" borderId="0" xfId="0" applyFont="1"/>`;
  return {
    styles: styles
      .replace(fonts[0], `<fonts count="${font + 1}">${fonts[2]}${BOLD_FONT}</fonts>`)
      .replace(xfs[0], `<cellXfs count="${bold + 1}">${xfs[2]}${xf}</cellXfs>`),
    bold,
  };
}

/** The sheet's XML with the header row in the given style and frozen above the rest. */
function boldFrozenHeader(sheet: string, bold: number): string {
  const row = /<row r="1"[^>]*>[\s\S]*?<\/row>/.exec(sheet);
  const view = /<sheetView ([^>]*?)\/>/.exec(sheet);
  if (!row || !view) throw new Error('unexpected sheet XML');
  const styledRow = row[0].replace(/<c r="([A-Z]+1)"(?: s="\d+")?/g, `<c r="$1" s="${bold}"`);
  return sheet
    .replace(row[0], styledRow)
    .replace(view[0], `<sheetView ${view[1]}>${FROZEN_HEADER}</sheetView>`);
}

/** The .xlsx file of the rows: the workbook above, with a bold, frozen header row. */
export function writeWorkbook(xlsx: Xlsx, apps: readonly Application[]): Uint8Array<ArrayBuffer> {
  // Stored uncompressed first: the file is compressed once, when it is written again below.
  const written = xlsx.write(buildWorkbook(xlsx, apps), {
    type: 'array',
    bookType: 'xlsx',
    compression: false,
  }) as ArrayBuffer;
  const { CFB } = xlsx;
  const zip = CFB.read(new Uint8Array(written), { type: 'array' });
  const text = (path: string) => {
    const entry = CFB.find(zip, path);
    if (!entry?.content) throw new Error(`${path} missing`);
    return { entry, xml: new TextDecoder().decode(entry.content as Uint8Array) };
  };
  const styles = text('/xl/styles.xml');
  const sheet = text('/xl/worksheets/sheet1.xml');
  const { styles: boldStyles, bold } = addBoldStyle(styles.xml);
  styles.entry.content = new TextEncoder().encode(
    boldStyles,
  ) as unknown as typeof styles.entry.content;
  sheet.entry.content = new TextEncoder().encode(
    boldFrozenHeader(sheet.xml, bold),
  ) as unknown as typeof sheet.entry.content;
  const out = CFB.write(zip, { fileType: 'zip', type: 'array', compression: true }) as
    ArrayBuffer | number[];
  return new Uint8Array(out instanceof ArrayBuffer ? out : Uint8Array.from(out).buffer);
}

/** Downloads Issued_NOCs_<year>.xlsx with the given (already filtered, never empty) rows. */
export async function exportIssuedNocs(apps: readonly Application[], year: number): Promise<void> {
  const xlsx = await import('xlsx');
  downloadXlsx(writeWorkbook(xlsx, apps), exportFileName(year));
}
