import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { application } from '../../test-support/applications';
import { writeWorkbook } from './export-xlsx';

const dangerous = [
  '=HYPERLINK("http://x","y")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '-2+3',
  '\t=1+1',
  '\r=1+1',
];

const issued = (names: string[], extra: Record<string, unknown> = {}) =>
  names.map((name, i) =>
    application(i + 1, name, '11111', {
      address: '=1+1',
      puja_location_address: 'Maidan',
      chairman_approved_date: '2025-09-02T06:00:00Z',
      ...extra,
    }),
  );

/** The file as the browser downloads it. */
const fileOf = (names: string[], extra?: Record<string, unknown>) =>
  writeWorkbook(XLSX, issued(names, extra));

/** Reads the downloaded file back as a spreadsheet program would. */
function readBack(bytes: Uint8Array) {
  return XLSX.read(bytes, { type: 'array', cellFormula: true, cellNF: true, cellStyles: true });
}

/** One part of the downloaded file (it is a zip of XML parts), as text. */
function part(bytes: Uint8Array, path: string): string {
  const zip = XLSX.CFB.read(bytes, { type: 'array' });
  const entry = XLSX.CFB.find(zip, path);
  return new TextDecoder().decode(entry?.content as Uint8Array);
}

describe('the Issued NOCs export', () => {
  it('has the sheet and columns of SPEC §9, numbers as numbers and the date as a date', () => {
    const book = readBack(fileOf(['Sree Sangha']));
    expect(book.SheetNames).toEqual(['IssuedNOCs']);
    const sheet = book.Sheets.IssuedNOCs!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
    expect(rows).toEqual([
      [
        'Reg No',
        'Club Name',
        'Club Address',
        'Club Ward No',
        'Puja Address',
        'Puja Ward No',
        'Memo Number',
        'Approved Date',
      ],
      ['01', 'Sree Sangha', "'=1+1", '1', 'Maidan', '1', '01/DURGAPUJA/2025', '02/09/2025'],
    ]);
    // Reg no. and wards are numbers (the reg no. shown with its two digits).
    expect(sheet.A2).toMatchObject({ t: 'n', v: 1, z: '00' });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 1 });
    expect(sheet.F2).toMatchObject({ t: 'n', v: 1 });
    // The approval day (02/09/2025 in municipal time) is a real date, shown dd/mm/yyyy.
    expect(sheet.H2).toMatchObject({ t: 'n', v: 45902, z: 'dd/mm/yyyy' });
    expect(XLSX.SSF.parse_date_code(sheet.H2!.v as number)).toMatchObject({
      y: 2025,
      m: 9,
      d: 2,
    });
  });

  it('has a bold header row, frozen, with filters over every column and row', () => {
    const bytes = fileOf(['Sree Sangha', 'Tarun Club']);
    expect(readBack(bytes).Sheets.IssuedNOCs!['!autofilter']).toEqual({ ref: 'A1:H3' });
    const sheet = part(bytes, '/xl/worksheets/sheet1.xml');
    expect(sheet).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    // Every header cell uses one style, and that style's font is bold; no data cell uses it.
    const headerStyles = [...sheet.matchAll(/<c r="[A-H]1" s="(\d+)"/g)].map((m) => m[1]);
    expect(headerStyles).toHaveLength(8);
    expect(new Set(headerStyles).size).toBe(1);
    const bold = Number(headerStyles[0]);
    expect(sheet).not.toMatch(new RegExp(`<c r="[A-H][2-9]" s="${bold}"`));
    const styles = part(bytes, '/xl/styles.xml');
    const xfs = [
      ...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*>/g),
    ];
    const fontId = Number(/fontId="(\d+)"/.exec(xfs[bold]?.[0] ?? '')?.[1]);
    const fonts = [
      ...(/<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(
        /<font>[\s\S]*?<\/font>/g,
      ),
    ];
    expect(fonts[fontId]?.[0]).toContain('<b/>');
    expect(fonts[0]?.[0]).not.toContain('<b/>');
  });

  it('writes a typed value that a spreadsheet would run as a formula with a leading quote, never as a formula', () => {
    const apps = issued(dangerous);
    const sheet = readBack(writeWorkbook(XLSX, apps)).Sheets.IssuedNOCs!;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.length).toBe(8 * (dangerous.length + 1));
    for (const [, cell] of cells) expect(cell).not.toHaveProperty('f');
    apps.forEach((app, i) => {
      // (The list's reading trims a name: '\t=1+1' arrives as '=1+1'; domain's tests cover both.)
      expect(sheet[`B${i + 2}`]).toMatchObject({ t: 's', v: `'${app.club_name}` });
      expect(sheet[`C${i + 2}`]?.v).toBe("'=1+1");
    });
    // As CSV (what "save as CSV" writes), no cell starts with a formula character.
    const csv = XLSX.utils.sheet_to_csv(sheet);
    for (const line of csv.split('\n').slice(1)) {
      for (const field of line.split(',')) expect(field.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    }
  });

  it('keeps an ordinary name as typed', () => {
    const sheet = readBack(fileOf(['Sree Sangha (Ward 7) - North'])).Sheets.IssuedNOCs!;
    expect(sheet.B2?.v).toBe('Sree Sangha (Ward 7) - North');
  });
});

describe('the export column widths', () => {
  it('fit the data in the file: a long club name widens its column, a long address is capped', () => {
    const longName = 'Sree Sangha Sarbojanin Durgotsab Committee of Ward Seven';
    const sheet = readBack(writeWorkbook(XLSX, issued([longName], { address: 'x'.repeat(200) })))
      .Sheets.IssuedNOCs!;
    const widths = (sheet['!cols'] ?? []).map((column) => column.wch);
    // Reg No, Club Name, Club Address, …, Memo Number, Approved Date.
    expect(widths[0]).toBe(8);
    expect(widths[1]).toBe(longName.length + 2);
    expect(widths[2]).toBe(60);
    expect(widths[6]).toBe('01/DURGAPUJA/2025'.length + 2);
    expect(widths[7]).toBe('Approved Date'.length + 2);
  });
});
