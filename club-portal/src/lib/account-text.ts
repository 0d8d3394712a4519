import { currentLocale, isApiError } from '@puja/api-client';
import { accountText, isAccountTextKey, type AccountTextKey } from '@puja/domain';
import { errorText } from '@puja/web-kit';

/**
 * A text of the account catalogue (domain `accountText`) in the chosen language: the pages of a
 * hand-over and the privacy notice, which only their own lazy chunks carry (decision 0037).
 * @example at('account.title') // 'Account'
 */
export function at(key: AccountTextKey, params?: Readonly<Record<string, string | number>>) {
  return accountText(key, params, currentLocale());
}

/**
 * What a failed account call shows: the account catalogue's text for the server's key, else the
 * main catalogue's (errorText), in the chosen language.
 */
export function accountErrorText(error: unknown): string {
  if (isApiError(error) && isAccountTextKey(error.code)) return at(error.code);
  return errorText(error, 'server.error');
}
