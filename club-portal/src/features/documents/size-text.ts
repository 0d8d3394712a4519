import { fileSizeMessage, localiseDigits, type Locale } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * A size as a picker shows it (domain's rule: MB with one decimal from 1 MB up, else KB), in the
 * language's digits like the percent beside it.
 */
export function sizeText(bytes: number, locale: Locale): string {
  const { key, params } = fileSizeMessage(bytes);
  return t(key, { size: localiseDigits(params.size, locale) });
}
