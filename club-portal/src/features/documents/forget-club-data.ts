import { useApplyDraftStore } from './apply-draft-store';
import { forgetAllSlots } from './upload-slots';

/**
 * Empties the apply draft and every document slot held in memory, and the kept files
 * (IndexedDB): the part of forgetting a club's data that needs the apply form's stores, loaded
 * only when a session ends (forget-on-session-end.ts), never with the login page.
 */
export async function forgetClubData(): Promise<void> {
  useApplyDraftStore.getState().clear();
  useApplyDraftStore.persist.clearStorage();
  await forgetAllSlots();
}
