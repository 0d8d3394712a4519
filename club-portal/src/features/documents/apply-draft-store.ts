import { DEFAULT_LAND_TYPE } from '@puja/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { APPLY_DRAFT_KEY } from './device-storage-keys';

/** The text fields of the apply form, as typed (SPEC §3 "Application form fields"). */
export const EMPTY_APPLY_FIELDS = {
  ward_no: '',
  puja_location_address: '',
  club_president_name: '',
  club_president_phone: '',
  club_secrety_name: '',
  club_secrety_phone: '',
  puja_presient_name: '',
  puja_presient_phone: '',
  puja_secretary_name: '',
  puja_secretary_phone: '',
  land_type: DEFAULT_LAND_TYPE as string,
};
export type ApplyFields = typeof EMPTY_APPLY_FIELDS;

interface ApplyDraftState {
  /** The club the draft belongs to (a shared phone may log in as another club). */
  clubId: number | null;
  fields: ApplyFields | null;
  /** A renewal's "Use last year's land document" ticked (issue 20). */
  carryLandDocument: boolean;
  save: (clubId: number, fields: ApplyFields, carryLandDocument?: boolean) => void;
  clear: () => void;
}

export { APPLY_DRAFT_KEY } from './device-storage-keys';

/**
 * The apply form's text fields kept in localStorage until submitted, so a reload, an accidental
 * back or a dropped connection loses nothing typed (files cannot be kept by the browser).
 */
export const useApplyDraftStore = create<ApplyDraftState>()(
  persist(
    (set) => ({
      clubId: null,
      fields: null,
      carryLandDocument: false,
      save: (clubId, fields, carryLandDocument = false) =>
        set({ clubId, fields, carryLandDocument }),
      clear: () => set({ clubId: null, fields: null, carryLandDocument: false }),
    }),
    {
      name: APPLY_DRAFT_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ clubId, fields, carryLandDocument }) => ({
        clubId,
        fields,
        carryLandDocument,
      }),
    },
  ),
);

/** The draft of this club (its fields and whether the land document is carried over), or null. */
export function draftFor(
  clubId: number,
): { fields: ApplyFields; carryLandDocument: boolean } | null {
  const { clubId: owner, fields, carryLandDocument } = useApplyDraftStore.getState();
  return owner === clubId && fields
    ? {
        fields: { ...EMPTY_APPLY_FIELDS, ...fields },
        carryLandDocument: carryLandDocument === true,
      }
    : null;
}
