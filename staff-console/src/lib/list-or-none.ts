import type { MessageKey } from '@puja/domain';
import { errorText, notify } from '@puja/web-kit';

/**
 * A list a screen shows whatever happens: a failed call says so in a toast (`failure`, unless
 * the server gave its own words) and the list shows none.
 * @example queryFn: () => listOrNone(listUsers, 'users.fetchFailed')
 */
export async function listOrNone<T>(list: () => Promise<T[]>, failure: MessageKey): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    notify.error(errorText(error, failure));
    return [];
  }
}
