import { Alert } from '@mantine/core';
import type { MessageKey } from '@puja/domain';
import { errorText } from '@puja/web-kit';

/**
 * A screen's red alert, read out at once (role alert): a refusal's `text` (with a close button
 * when `onClose` is given), or a failed load's `error` in words (its server key, else `fallback`);
 * nothing while there is none.
 * @example <ErrorAlert error={error} fallback="agencies.fetchFailed" />
 */
export function ErrorAlert(
  props: { text: string | null; onClose?: () => void } | { error: unknown; fallback: MessageKey },
) {
  const said =
    'text' in props
      ? props.text
      : props.error === null || props.error === undefined
        ? null
        : errorText(props.error, props.fallback);
  if (said === null) return null;
  const onClose = 'text' in props ? props.onClose : undefined;
  return (
    <Alert color="red" role="alert" withCloseButton={onClose !== undefined} onClose={onClose}>
      {said}
    </Alert>
  );
}
