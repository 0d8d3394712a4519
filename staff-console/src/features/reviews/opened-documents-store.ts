import { documentVersionOf } from '@puja/domain';
import { create } from 'zustand';

interface OpenedDocuments {
  /** The stored names of the document versions this clerk opened (`documentVersionOf`). */
  versions: ReadonlySet<string>;
  /** Records that a document version was opened (from a row, the viewer or a new tab). */
  markOpened: (path: string) => void;
}

/**
 * The document versions opened in this browser tab, across the review screens, so approving
 * one not opened asks once (domain's `approvalNeedsConfirmation`). Client state only: a reload
 * forgets it, and then the question comes again, which is the safe side.
 */
export const useOpenedDocumentsStore = create<OpenedDocuments>()((set) => ({
  versions: new Set(),
  markOpened: (path) =>
    set((state) => {
      const version = documentVersionOf(path);
      if (version === '' || state.versions.has(version)) return state;
      return { versions: new Set([...state.versions, version]) };
    }),
}));
