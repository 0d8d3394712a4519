import type { MessageKey } from '@puja/domain';
import { errorText } from './error-text';
import { notify } from './notify';
import { t } from './t';

export type Tracked<T> = { ok: true; value: T } | { ok: false; text: string };

/**
 * Runs one server call with its toasts (SPEC §8): the loading text, then the success text or the
 * failure's; resolves to the result, or to the failure's text for the form to show too.
 * @example await withToasts({ loading: 'login.loading', failed: 'login.failed', success: 'login.success' }, () => loginClub(c))
 */
export async function withToasts<T>(
  messages: {
    loading: MessageKey;
    failed: MessageKey;
    /** A catalogue key, or the text of the answer (outcomeText for a call's Outcome). */
    success: MessageKey | ((value: T) => string);
  },
  call: () => Promise<T>,
): Promise<Tracked<T>> {
  const toast = notify.loading(messages.loading);
  try {
    const value = await call();
    const { success } = messages;
    notify.success(typeof success === 'function' ? success(value) : t(success), toast);
    return { ok: true, value };
  } catch (error) {
    const text = errorText(error, messages.failed);
    notify.error(text, toast);
    return { ok: false, text };
  }
}
