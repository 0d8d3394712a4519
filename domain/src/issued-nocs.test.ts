import { describe, expect, it } from 'vitest';
import {
  EXPORT_DATE_FORMAT,
  exportColumnWidths,
  neutraliseFormula,
  EXPORT_HEADER_KEYS,
  EXPORT_SHEET_NAME,
  exportFileName,
  filterIssuedNocs,
  isIssued,
  toExportRows,
} from './issued-nocs';
import { acknowledgedApplication } from './test-support/application';

const approved = {
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
  chairman_status: 'Approved',
  chairman_approved_date: '2025-09-20T08:00:00Z',
} as const;

const apps = [
  acknowledgedApplication({
    ...approved,
    id: 1,
    reg_no: '7',
    club_name: 'Sree Sangha',
    ward_no: 3,
    puja_location_ward_no: 4,
  }),
  acknowledgedApplication({
    ...approved,
    id: 2,
    reg_no: '112',
    club_name: 'Youth Club',
    ward_no: 9,
    puja_location_ward_no: 9,
  }),
  acknowledgedApplication({
    ...approved,
    id: 3,
    reg_no: '8',
    club_name: 'Nabin Sangha',
    chairman_status: 'Rejected',
  }),
  acknowledgedApplication({ id: 4, reg_no: '9', club_name: 'Agrani Sangha' }),
];
const ids = (list: { id: number }[]) => list.map((a) => a.id);

describe('Issued NOCs (SPEC §9)', () => {
  it.each([
    ['Approved', true],
    ['Rejected', false],
    ['Pending', false],
  ] as const)('chairman status %s counts as issued: %s', (status, issued) => {
    expect(isIssued({ chairman_status: status })).toBe(issued);
  });

  it.each([
    ['no filter', '', null, [1, 2]],
    ['club name, any case', 'SREE', null, [1]],
    ['club name shared by a rejected one', 'sangha', null, [1]],
    ['reg no as sent', '112', null, [2]],
    ['reg no as shown, padded', '07', null, [1]],
    ['memo number', '12/durgapuja', null, [2]],
    ['memo year', 'DURGAPUJA/2025', null, [1, 2]],
    ['club ward', '', 3, [1]],
    ['puja ward', '', 4, [1]],
    ['a ward nobody has', '', 20, []],
    ['nothing matching', 'zzz', null, []],
  ] as const)('searching by %s finds %j', (_n, q, ward, expected) => {
    expect(ids(filterIssuedNocs(apps, { q, ward }))).toEqual(expected);
  });
});

describe('export', () => {
  it('has the eight columns in spec order', () => {
    expect(toExportRows([]).header).toEqual([
      'Reg No',
      'Club Name',
      'Club Address',
      'Club Ward No',
      'Puja Address',
      'Puja Ward No',
      'Memo Number',
      'Approved Date',
    ]);
    expect(toExportRows([]).headerKeys).toBe(EXPORT_HEADER_KEYS);
  });

  it('writes one row per application: reg no and wards as numbers, memo number, the date as a day', () => {
    const first = apps[0];
    expect(first && toExportRows([first]).rows).toEqual([
      [
        7,
        'Sree Sangha',
        '12 Park Street',
        3,
        'Maidan',
        4,
        '07/DURGAPUJA/2025',
        { text: '20/09/2025', serial: 45920 },
      ],
    ]);
    // The reg no. keeps its two digits and the date reads dd/mm/yyyy in a spreadsheet.
    expect(toExportRows([]).formats).toEqual([
      '00',
      null,
      null,
      null,
      null,
      null,
      null,
      EXPORT_DATE_FORMAT,
    ]);
    expect(EXPORT_DATE_FORMAT).toBe('dd/mm/yyyy');
  });

  it('keeps a reg no. that is not a number as text', () => {
    const app = acknowledgedApplication({ ...approved, reg_no: 'NOC-7' });
    expect(toExportRows([app]).rows[0]?.[0]).toBe('NOC-7');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(1+1)', `'@SUM(1+1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['Sree Sangha', 'Sree Sangha'],
    ['12 = 12', '12 = 12'],
    ['', ''],
  ])('writes the typed value %j as %j (OWASP CSV injection)', (typed, written) => {
    expect(neutraliseFormula(typed)).toBe(written);
    const app = acknowledgedApplication({
      ...approved,
      club_name: typed,
      address: typed,
      puja_location_address: typed,
    });
    const row = toExportRows([app]).rows[0];
    expect([row?.[1], row?.[2], row?.[4]]).toEqual([written, written, written]);
  });

  it('leaves a missing ward empty and a missing date N/A', () => {
    const app = acknowledgedApplication({
      ...approved,
      ward_no: null,
      puja_location_ward_no: null,
      chairman_approved_date: null,
    });
    const row = toExportRows([app]).rows[0];
    expect(row?.[3]).toBe('');
    expect(row?.[5]).toBe('');
    expect(row?.[7]).toBe('N/A');
  });

  it('names the file Issued_NOCs_{year}.xlsx and the sheet IssuedNOCs', () => {
    expect(exportFileName(2025)).toBe('Issued_NOCs_2025.xlsx');
    expect(exportFileName('2026')).toBe('Issued_NOCs_2026.xlsx');
    expect(EXPORT_SHEET_NAME).toBe('IssuedNOCs');
  });
});

describe('export column widths', () => {
  it('fit the longest header or cell, with room for the filter arrow', () => {
    const { header, rows } = toExportRows([
      acknowledgedApplication({
        chairman_status: 'Approved',
        club_name: 'Sree Sangha Sarbojanin',
        chairman_approved_date: '2025-09-01',
      }),
    ]);
    const widths = exportColumnWidths(header, rows);
    expect(widths).toHaveLength(8);
    expect(widths[1]).toBe('Sree Sangha Sarbojanin'.length + 2);
    expect(widths[7]).toBe('Approved Date'.length + 2);
    expect(widths[6]).toBe('07/DURGAPUJA/2025'.length + 2);
  });

  it('stay between 8 and 60 characters', () => {
    expect(exportColumnWidths(['No', 'Address'], [[1, 'x'.repeat(500)]])).toEqual([8, 60]);
    expect(exportColumnWidths(['No'], [])).toEqual([8]);
  });
});
