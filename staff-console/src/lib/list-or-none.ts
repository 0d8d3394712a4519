import type { MessageKey } from '@puja/domain';
import { errorText, notify } from '@puja/web-kit';

/**
 * A list's query function for a screen where a failed list says so (a toast, the server's words
 * or `failure`) and shows none: `queryFn: listOrNone(() => listUsers(), 'users.fetchFailed')`.
 */
export function listOrNone<T>(list: () => Promise<T[]>, failure: MessageKey) {
  return async (): Promise<T[]> => {
    try {
      return await list();
    } catch (error) {
      notify.error(errorText(error, failure));
      return [];
    }
  };
}
