import type { Application } from './application';
import { seasonYearOf } from './season';

/**
 * SPEC §9: Reg No is shown padded to two digits.
 * @example formatRegNo('7') // '07'; formatRegNo('123') // '123'
 */
export function formatRegNo(regNo: string | number | null | undefined): string {
  return String(regNo ?? '')
    .trim()
    .padStart(2, '0');
}

/**
 * SPEC §9 memo (and certificate reg) number: the last two characters of reg_no, zero-padded to
 * two, then "/DURGAPUJA/" and the apply year, exactly as the spec says; an empty reg_no has no
 * memo number (''). Our server's reg_no is a number, so its memo numbers start with two digits.
 * @example formatMemoNumber('123', 2025) // '23/DURGAPUJA/2025'; formatMemoNumber('7', 2025) // '07/DURGAPUJA/2025'
 */
export function formatMemoNumber(
  regNo: string | number | null | undefined,
  applyYear: string | number,
): string {
  const reg = String(regNo ?? '').trim();
  if (reg === '') return '';
  return `${reg.slice(-2).padStart(2, '0')}/DURGAPUJA/${String(applyYear).trim()}`;
}

/**
 * The memo number of an application, with its own season year (2025 when a host sends none).
 * @example memoNumberOf({ reg_no: '7', apply_year: '2025' }) // '07/DURGAPUJA/2025'
 */
export function memoNumberOf(app: Pick<Application, 'reg_no' | 'apply_year'>): string {
  return formatMemoNumber(app.reg_no, seasonYearOf(app));
}
