import { notifications } from '@mantine/notifications';
import type { MessageKey } from '@puja/domain';
import { errorText } from './error-text';
import { t } from './t';

let counter = 0;

/** Every toast's close button is named (a screen reader says "Close"), in today's language. */
const closeButton = () => ({ 'aria-label': t('common.close') });

/** A call's own success text: an Outcome's message, or a plain string. */
function defaultMessage(result: unknown): string | undefined {
  if (typeof result === 'string') return result;
  if (typeof result === 'object' && result !== null && 'message' in result) {
    const { message } = result as { message: unknown };
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

/** SPEC §8's three-step toasts: a loading text, then the success or the failure in its place. */
export interface Steps {
  loading: MessageKey;
  /** The success text; a string given by the call (the server's message) wins. */
  success: MessageKey;
  failure: MessageKey;
}

/**
 * Runs `action` under a loading toast that turns into its success (the call's own message, by
 * default a string result) or its failure (through errorText). Resolves to the action's result,
 * or undefined after a failure.
 */
export async function withToast<T>(
  steps: Steps,
  action: () => Promise<T>,
  messageOf: (result: T) => string | undefined = defaultMessage,
): Promise<T | undefined> {
  const id = `toast-${++counter}`;
  notifications.show({
    id,
    loading: true,
    message: t(steps.loading),
    autoClose: false,
    closeButtonProps: closeButton(),
  });
  try {
    const result = await action();
    notifications.update({
      id,
      loading: false,
      color: 'green',
      message: messageOf(result) || t(steps.success),
      autoClose: 3000,
    });
    return result;
  } catch (error) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: errorText(error, steps.failure),
      autoClose: 5000,
    });
    return undefined;
  }
}

/** A one-off toast. */
export function notify(kind: 'success' | 'error' | 'info', message: string): void {
  notifications.show({
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'blue',
    message,
    closeButtonProps: closeButton(),
  });
}
