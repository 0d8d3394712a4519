import { sessionStore } from '@puja/api-client';
import type { AnyRouter } from '@tanstack/react-router';
import { APPLY_DRAFT_KEY, UPLOAD_SLOTS_KEY } from './device-storage-keys';

/**
 * On a shared phone nothing of a club outlives its session (issue 19 item 9): when the session
 * ends (Logout, or a 401 that cleared it) the apply draft (names, phones, address) and the
 * documents chosen or uploading (their slots and kept files) are removed from the device and
 * every answer the router keeps (the club's application, the club list) is dropped, so the next
 * person sees none of it. A draft left behind by a session that ended while the app was closed
 * goes at start. What is written in localStorage goes at once; the stores in memory and the kept
 * files are emptied by a chunk loaded then (issue 27: the login page does not carry the apply
 * form's stores).
 */
export function forgetClubDataOnSessionEnd(
  router: Pick<AnyRouter, 'clearCache' | 'subscribe'>,
): () => void {
  const forgetStored = (): boolean => {
    const kept = [APPLY_DRAFT_KEY, UPLOAD_SLOTS_KEY].filter((key) => localStorage.getItem(key));
    for (const key of kept) localStorage.removeItem(key);
    return kept.length > 0;
  };
  const forgetInMemory = () =>
    void import('./forget-club-data').then(({ forgetClubData }) => forgetClubData());
  const forget = () => {
    forgetStored();
    forgetInMemory();
    router.clearCache();
    // The page on screen when the session ended joins the cache once the app has moved on
    // (to the login): it goes then too.
    const stop = router.subscribe('onResolved', () => {
      stop();
      router.clearCache();
    });
  };
  // At start nothing is in memory yet: the kept files need the chunk only when slots were kept.
  if (sessionStore.getState().session === null && forgetStored()) forgetInMemory();
  return sessionStore.subscribe((state, previous) => {
    if (previous.session !== null && state.session === null) forget();
  });
}
