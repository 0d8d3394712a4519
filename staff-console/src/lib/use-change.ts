import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Outcome } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { outcomeText, withToast } from '@puja/web-kit';

/** An edit's loading and failure texts; its success says what the server answered. */
export interface ChangeTexts {
  loading: MessageKey;
  failure: MessageKey;
}

/**
 * A screen's edits as one mutation: each runs under its three-step toast (SPEC §8), then the
 * queries it touched are fetched anew (refused or not: the server's list is what the screen
 * shows).
 * @example const change = useChange([CLUBS_KEY]); await change(texts, () => addClub({ clubname }))
 */
export function useChange(
  touched: readonly QueryKey[],
): (texts: ChangeTexts, send: () => Promise<Outcome>) => Promise<void> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ texts, send }: { texts: ChangeTexts; send: () => Promise<Outcome> }) =>
      withToast({ ...texts, success: outcomeText }, send),
    onSettled: () =>
      Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return useCallback(
    async (texts: ChangeTexts, send: () => Promise<Outcome>) => {
      await mutateAsync({ texts, send });
    },
    [mutateAsync],
  );
}
