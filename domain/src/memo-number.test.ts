import { describe, expect, it } from 'vitest';
import { formatMemoNumber, formatRegNo, memoNumberOf } from './memo-number';

describe('formatRegNo', () => {
  it.each([
    ['7', '07'],
    [7, '07'],
    [' 12 ', '12'],
    ['123', '123'],
    ['NOC-7', 'NOC-7'],
    ['', '00'],
    [null, '00'],
  ])('reg no %j is shown as %s (padded to two digits)', (regNo, shown) => {
    expect(formatRegNo(regNo)).toBe(shown);
  });
});

describe('formatMemoNumber', () => {
  it.each([
    ['7', 2025, '07/DURGAPUJA/2025'],
    ['12', 2025, '12/DURGAPUJA/2025'],
    ['123', '2025', '23/DURGAPUJA/2025'],
    [1005, 2026, '05/DURGAPUJA/2026'],
    ['NOC-2025-0123', 2025, '23/DURGAPUJA/2025'],
    ['A7', 2025, 'A7/DURGAPUJA/2025'],
    ['NOC-2025-7', 2025, '-7/DURGAPUJA/2025'],
    ['ABC', 2025, 'BC/DURGAPUJA/2025'],
    ['X', 2025, '0X/DURGAPUJA/2025'],
    ['', 2025, ''],
    [undefined, 2025, ''],
  ])('reg no %j in %s gives memo number %s (its last two characters)', (regNo, year, memo) => {
    expect(formatMemoNumber(regNo, year)).toBe(memo);
  });
});

describe('memoNumberOf', () => {
  it('uses the application its own apply year', () => {
    expect(memoNumberOf({ reg_no: '9', apply_year: '2024' })).toBe('09/DURGAPUJA/2024');
  });
  it('falls back to the form year when the apply year is missing', () => {
    expect(memoNumberOf({ reg_no: '9', apply_year: ' ' })).toBe('09/DURGAPUJA/2025');
  });
});
