import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { application } from '../../test-support/applications';
import { buildWorkbook } from './export-xlsx';

const dangerous = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3'];

/** Writes the workbook as the browser download would be, then reads the file back. */
function roundTrip(names: string[]) {
  const apps = names.map((name, i) =>
    application(i + 1, name, '11111', {
      address: '=1+1',
      chairman_approved_date: '2025-09-02T06:00:00Z',
    }),
  );
  const bytes = XLSX.write(buildWorkbook(XLSX, apps), {
    type: 'array',
    bookType: 'xlsx',
  }) as ArrayBuffer;
  return XLSX.read(new Uint8Array(bytes), { type: 'array', cellFormula: true });
}

describe('the Issued NOCs export', () => {
  it('has the sheet and columns of SPEC §9', () => {
    const book = roundTrip(['Sree Sangha']);
    expect(book.SheetNames).toEqual(['IssuedNOCs']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.IssuedNOCs!, { header: 1 });
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
      ['01', 'Sree Sangha', '=1+1', '1', '', '1', '01/DURGAPUJA/2025', '02/09/2025'],
    ]);
  });

  it('writes every cell as text, never a formula, whatever a club is called', () => {
    const sheet = roundTrip(dangerous).Sheets.IssuedNOCs!;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.length).toBe(8 * (dangerous.length + 1));
    for (const [, cell] of cells) {
      expect(cell).toMatchObject({ t: 's' });
      expect(cell).not.toHaveProperty('f');
    }
    dangerous.forEach((name, i) => expect(sheet[`B${i + 2}`]?.v).toBe(name));
  });
});

describe('the export column widths', () => {
  it('fit the data in the file: a long club name widens its column, a long address is capped', () => {
    const longName = 'Sree Sangha Sarbojanin Durgotsab Committee of Ward Seven';
    const apps = [
      application(1, longName, '11111', {
        address: 'x'.repeat(200),
        chairman_approved_date: '2025-09-02T06:00:00Z',
      }),
    ];
    const bytes = XLSX.write(buildWorkbook(XLSX, apps), {
      type: 'array',
      bookType: 'xlsx',
    }) as ArrayBuffer;
    const sheet = XLSX.read(new Uint8Array(bytes), { type: 'array', cellStyles: true }).Sheets
      .IssuedNOCs!;
    const widths = (sheet['!cols'] ?? []).map((column) => column.wch);
    // Reg No, Club Name, Club Address, …, Memo Number, Approved Date.
    expect(widths[0]).toBe(8);
    expect(widths[1]).toBe(longName.length + 2);
    expect(widths[2]).toBe(60);
    expect(widths[6]).toBe('01/DURGAPUJA/2025'.length + 2);
    expect(widths[7]).toBe('Approved Date'.length + 2);
  });
});
