import { useEffect, useRef } from 'react';

/** The form on screen that may hold edits a logout would remove, asked when it matters. */
let current: (() => boolean) | null = null;

/**
 * While a form is on screen it says whether it holds edits that logging out would remove (the
 * apply form: what was typed and the documents chosen, issue 27); the header asks before a
 * logout (`hasUnsavedEdits`). A tiny registry, so the header (in the first load) carries none of
 * the form's stores.
 * @example useUnsavedEdits(() => draftFor(clubId) !== null)
 */
export function useUnsavedEdits(hasEdits: () => boolean): void {
  const latest = useRef(hasEdits);
  useEffect(() => {
    latest.current = hasEdits;
  });
  useEffect(() => {
    const ask = () => latest.current();
    current = ask;
    return () => {
      if (current === ask) current = null;
    };
  }, []);
}

/** Whether the form on screen holds edits a logout would remove. */
export function hasUnsavedEdits(): boolean {
  return current?.() ?? false;
}
