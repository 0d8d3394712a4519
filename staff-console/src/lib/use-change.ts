import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Outcome } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { outcomeText, withToast, type Tracked } from '@puja/web-kit';

/** An edit's loading and failure texts; its success says what the server answered. */
export interface ChangeTexts {
  loading: MessageKey;
  failure: MessageKey;
}

/**
 * A screen's edits as one mutation: each runs under its three-step toast (SPEC §8), then the
 * queries it touched are fetched anew (refused or not: the server's list is what the screen
 * shows). Resolves to what withToast says, so a dialog can keep a refusal beside its fields.
 * @example const change = useChange([CLUBS_KEY]); await change(texts, () => addClub({ clubname }))
 */
export function useChange(
  touched: readonly QueryKey[],
): <T extends Outcome>(texts: ChangeTexts, send: () => Promise<T>) => Promise<Tracked<T>> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ texts, send }: { texts: ChangeTexts; send: () => Promise<Outcome> }) =>
      withToast<Outcome>({ ...texts, success: outcomeText }, send),
    onSettled: () =>
      Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return useCallback(
    async <T extends Outcome>(texts: ChangeTexts, send: () => Promise<T>) =>
      (await mutateAsync({ texts, send })) as Tracked<T>,
    [mutateAsync],
  );
}
