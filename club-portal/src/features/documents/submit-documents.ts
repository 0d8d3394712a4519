import type { ApplicationResult, DocumentSource } from '@puja/api-client';
import type { FileInfo, MessageKey } from '@puja/domain';
import { outcomeText, withToast, type Tracked } from '@puja/web-kit';
import { useEffect, useMemo } from 'react';
import { retryWhileBusy } from './retry-while-busy';
import {
  documentIn,
  documentOf,
  fileOf,
  forgetSlot,
  isInFlight,
  resumeSlots,
  settled,
  useUploadSlots,
  type Slot,
} from './upload-slots';

/** A form's document slots by field, re-rendering the form when one changes phase. */
export function useDocuments<F extends string>(entries: readonly (readonly [F, string])[]) {
  const keys = entries.map(([, key]) => key);
  const joined = keys.join('|');
  const phases = useUploadSlots((state) =>
    keys.map((key) => documentIn(state, key).phase).join('|'),
  );
  // After a reload: what was still on its way resumes from its last byte.
  useEffect(() => {
    void resumeSlots(joined.split('|'));
  }, [joined]);
  return useMemo(
    () => ({
      entries,
      keys: joined,
      keyOf: (field: F) => entries.find(([name]) => name === field)?.[1] ?? '',
      /**
       * What the domain's form check needs of each document: present unless empty or refused
       * (a chosen file was checked by its bytes when prepared; its upload is waited for).
       */
      infos(): Partial<Record<F, FileInfo>> {
        const present: Partial<Record<F, FileInfo>> = {};
        for (const [field, key] of entries) {
          const slot = documentOf(key);
          if (slot.phase === 'empty' || slot.phase === 'refused') continue;
          present[field] = { name: `${field}.pdf`, type: 'application/pdf', size: 1 };
        }
        return present;
      },
      anyEmpty: () => keys.some((key) => documentOf(key).phase === 'empty'),
      /** Whether any document is chosen (kept, uploading or held). */
      anyChosen: () => keys.some((key) => documentOf(key).phase !== 'empty'),
      /**
       * The documents a reload kept (uploaded, or uploading from their last byte) and those
       * still to choose (none, or refused), each in form order (issue 27: the notice after a
       * reload says which is which).
       */
      keptAndMissing(fields: readonly F[]): { kept: F[]; missing: F[] } {
        const phaseOf = (field: F) =>
          documentOf(entries.find(([name]) => name === field)?.[1] ?? '');
        const missing = fields.filter((field) =>
          ['empty', 'refused'].includes(phaseOf(field).phase),
        );
        return { kept: fields.filter((field) => !missing.includes(field)), missing };
      },
      /** After the call used them: the slots are emptied (the server owns the uploads). */
      forget: () => Promise.all(keys.map((key) => forgetSlot(key))),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys, joined, are the identity
    [joined, phases],
  );
}

export type Documents<F extends string> = ReturnType<typeof useDocuments<F>>;

/**
 * Sends a form whose documents are in slots: waits (visibly, through `onWaiting`) for uploads
 * still running, then hands the act's api-client call the upload ids (our server: only text, an
 * instant answer) or, on a host without `/uploads/`, the files (multipart, with a whole-request
 * progress): the call chooses the wire from what it is given.
 * Null when a document is not usable (refused, stopped): that field is named and nothing sent.
 * While the server answers that it is too busy (503), the call is sent again after the wait it
 * names, counted down through `busy` (retry-while-busy.ts).
 */
export async function sendWhenUploaded<F extends string>(
  documents: Documents<F>,
  steps: {
    onWaiting: (waiting: boolean) => void;
    onProgress: (fraction: number | undefined) => void;
    invalid: (key: MessageKey, field?: string) => void;
    messages: { loading: MessageKey; failure: MessageKey };
    /** The form whose toasts these are (a new submit closes its error toast). */
    form?: string;
    /** The act's api-client call (applyForNoc, uploadAcknowledgement, reuploadDocument). */
    send: (
      documents: Record<F, DocumentSource>,
      onProgress?: (fraction: number) => void,
    ) => Promise<ApplicationResult>;
    /** The countdown and the cancel signal of sending again while busy (useBusyRetry().start()). */
    busy: Parameters<typeof retryWhileBusy>[1];
  },
): Promise<Tracked<ApplicationResult> | null> {
  const keys = documents.entries.map(([, key]) => key);
  let slots: Slot[] = keys.map(documentOf);
  if (slots.some(isInFlight)) {
    steps.onWaiting(true);
    slots = await settled(keys);
    steps.onWaiting(false);
  }
  const unusable = slots.findIndex((slot) => slot.phase !== 'done' && slot.phase !== 'ready');
  if (unusable >= 0) {
    const slot = slots[unusable];
    const field = documents.entries[unusable]?.[0];
    const reason =
      slot?.phase === 'offer'
        ? 'upload.shrink.undecided'
        : slot && 'reason' in slot
          ? slot.reason
          : 'upload.failed';
    steps.invalid(reason, field);
    return null;
  }
  const toast = { ...steps.messages, success: outcomeText };
  const toastOptions = steps.form === undefined ? {} : { form: steps.form };
  if (slots.every((slot) => slot.phase === 'done')) {
    const uploads = Object.fromEntries(
      documents.entries.map(([field], i) => {
        const slot = slots[i];
        return [field, { upload: slot?.phase === 'done' ? slot.uploadId : '' }];
      }),
    ) as Record<F, DocumentSource>;
    return withToast(
      toast,
      () => retryWhileBusy(() => steps.send(uploads), steps.busy),
      toastOptions,
    );
  }
  const files = Object.fromEntries(
    documents.entries.map(([field, key]) => [field, fileOf(key)]),
  ) as Record<F, File | null>;
  if (Object.values(files).some((file) => file === null)) {
    steps.invalid('upload.failed', documents.entries[0]?.[0]);
    return null;
  }
  steps.onProgress(0);
  const result = await withToast(
    toast,
    () =>
      retryWhileBusy(
        () => steps.send(files as Record<F, File>, (fraction) => steps.onProgress(fraction)),
        steps.busy,
      ),
    toastOptions,
  );
  steps.onProgress(undefined);
  return result;
}
