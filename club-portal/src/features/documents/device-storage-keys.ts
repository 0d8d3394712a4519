/** The storage key of the apply-form draft (its text fields, apply-draft-store.ts). */
export const APPLY_DRAFT_KEY = 'puja-apply-draft';

/** The storage key of the document slots (names and upload ids, upload-slots.ts). */
export const UPLOAD_SLOTS_KEY = 'puja-upload-slots';
