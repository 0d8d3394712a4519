import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withToast, type Steps } from './notify';

/**
 * A screen's edits as one mutation: each runs under its three-step toast, then the queries it
 * touched are fetched anew (refused or not: the server's list is what the screen shows).
 * Resolves to the call's answer, or undefined after a failure.
 * @example const change = useChange([CLUBS_KEY]); await change(steps, () => addClub({ clubname }))
 */
export function useChange(
  touched: readonly QueryKey[],
): <T>(steps: Steps, send: () => Promise<T>) => Promise<T | undefined> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ steps, send }: { steps: Steps; send: () => Promise<unknown> }) =>
      withToast(steps, send),
    onSettled: () =>
      Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return useCallback(
    <T>(steps: Steps, send: () => Promise<T>) =>
      mutateAsync({ steps, send }) as Promise<T | undefined>,
    [mutateAsync],
  );
}
