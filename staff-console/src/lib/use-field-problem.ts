import { useState } from 'react';
import type { MessageKey } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * A dialog's one problem from a domain check (`{ ok: false, message, field }`): its text beside
 * the field it names, read in the chosen language at render; cleared as the user types.
 * @example const problem = useFieldProblem(); if (!problem.show(validateAgency(form))) return;
 */
export function useFieldProblem() {
  const [shown, setShown] = useState<{ field: string | undefined; message: MessageKey } | null>(
    null,
  );
  return {
    /** Shows a failed check's problem; true when the check passed. */
    show<T>(
      checked: { ok: true; value: T } | { ok: false; message: MessageKey; field?: string },
    ): checked is { ok: true; value: T } {
      setShown(checked.ok ? null : { field: checked.field, message: checked.message });
      return checked.ok;
    },
    clear: () => setShown(null),
    /** The problem's text when it belongs to this field. */
    errorOf: (field: string) => (shown?.field === field ? t(shown.message) : undefined),
  };
}
