import { sessionStore } from '@puja/api-client';
import type { AnyRouter } from '@tanstack/react-router';
import { useApplyDraftStore } from './apply-draft-store';

/**
 * On a shared phone nothing of a club outlives its session (issue 19 item 9): when the session
 * ends (Logout, or a 401 that cleared it) the apply draft (names, phones, address) and the
 * documents chosen or uploading (their slots and kept files) are removed from the device and every answer the router keeps (the club's application, the club list)
 * is dropped, so the next person sees none of it. A draft left behind by a session that ended
 * while the app was closed goes at start.
 */
export function forgetClubDataOnSessionEnd(
  router: Pick<AnyRouter, 'clearCache' | 'subscribe'>,
): () => void {
  const forget = () => {
    useApplyDraftStore.getState().clear();
    useApplyDraftStore.persist.clearStorage();
    // Loaded when needed: the upload machinery stays off /login's first load (110 KB gz).
    void import('./upload-slots').then(({ forgetAllSlots }) => forgetAllSlots());
    router.clearCache();
    // The page on screen when the session ended joins the cache once the app has moved on
    // (to the login): it goes then too.
    const stop = router.subscribe('onResolved', () => {
      stop();
      router.clearCache();
    });
  };
  if (sessionStore.getState().session === null) forget();
  return sessionStore.subscribe((state, previous) => {
    if (previous.session !== null && state.session === null) forget();
  });
}
