import { applyForNoc, type ClubSession } from '@puja/api-client';
import {
  APPLICATION_FILE_FIELDS,
  canCarryOverLandDocument,
  checkApplyForm,
  type Application,
  type LandType,
  type RenewalPrefill,
} from '@puja/domain';
import { useFormErrors } from '@puja/web-kit';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import {
  draftFor,
  EMPTY_APPLY_FIELDS,
  useApplyDraftStore,
  type ApplyFields,
} from '../../../features/documents/apply-draft-store';
import { useBusyRetry } from '../../../features/documents/retry-while-busy';
import { sendWhenUploaded, useDocuments } from '../../../features/documents/submit-documents';
import { useUnsavedEdits } from '../../../lib/unsaved-edits';

/** What the apply form is given: the session, the season and, for a renewal, its source. */
export interface ApplyFormProps {
  session: ClubSession;
  /** The current season's year (the Apply Year field). */
  seasonYear: number;
  /** The club's latest application of an earlier season and its prefill (domain renewal). */
  renewal?: { source: Application; prefill: RenewalPrefill } | null;
}

/**
 * The apply form's state and acts (SPEC §2, §5): the typed fields and their draft, the five
 * document slots, "use last year's land document" (issue 20), the whole-form check, and the
 * send (waiting for uploads, again while the server is busy).
 */
export function useApplyForm({ session, seasonYear, renewal = null }: ApplyFormProps) {
  const navigate = useNavigate();
  const form = useFormErrors('apply');
  const saveDraft = useApplyDraftStore((state) => state.save);
  const clearDraft = useApplyDraftStore((state) => state.clear);
  const [restored] = useState(() => draftFor(session.club_id));
  const [fields, setFields] = useState<ApplyFields>(
    () => restored?.fields ?? { ...EMPTY_APPLY_FIELDS, ...renewal?.prefill.fields },
  );
  // "Use last year's land document": one tap, kept in the draft; changing the land type un-does it.
  const [carryChosen, setCarryChosen] = useState(restored?.carryLandDocument ?? false);
  const canCarry =
    renewal !== null &&
    canCarryOverLandDocument(renewal.source, {
      clubId: session.club_id,
      landType: fields.land_type as LandType,
      currentYear: seasonYear,
    });
  const carried = carryChosen && canCarry;
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  const busyRetry = useBusyRetry();
  // One slot per document (features/documents/upload-slots.ts): each uploads when chosen, and
  // a reload resumes what was still on its way.
  const documents = useDocuments(
    APPLICATION_FILE_FIELDS.map((field) => [field, `apply:${session.club_id}:${field}`] as const),
  );

  // A reload found something of this form on the phone: the notice says what is kept.
  const [resumed] = useState(() => restored !== null || documents.anyChosen());
  // Logging out removes what was typed and chosen: the header asks first (issue 27).
  useUnsavedEdits(() => draftFor(session.club_id) !== null || documents.anyChosen());
  // A field's shown error goes once it is fixed, a document's once it is chosen.
  const recheck = (next: ApplyFields, carry: boolean) =>
    form.recheck(
      checkApplyForm(next, documents.infos(), { landDocumentCarried: carry && canCarry }),
    );
  useEffect(() => recheck(fields, carryChosen), [documents]); // eslint-disable-line react-hooks/exhaustive-deps -- a document's phase changed

  function change(name: keyof ApplyFields, value: string) {
    const next = { ...fields, [name]: value };
    const carry = carryChosen && !(name === 'land_type' && value !== fields.land_type);
    setCarryChosen(carry);
    setFields(next);
    saveDraft(session.club_id, next, carry);
    recheck(next, carry);
  }
  function chooseCarry(carry: boolean) {
    setCarryChosen(carry);
    saveDraft(session.club_id, fields, carry);
  }
  const bind = (name: keyof ApplyFields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Every field and file at once (GOV.UK), under the spec's "Please fill all fields and upload
    // all 5 documents." when anything is missing.
    const checked = checkApplyForm(fields, documents.infos(), { landDocumentCarried: carried });
    if (!form.check(checked)) return;
    // A carried-over land document is the server's copy: its slot is neither waited for nor sent.
    const landDocumentFrom = carried && renewal ? renewal.source.id : null;
    const sending = carried
      ? {
          ...documents,
          entries: documents.entries.filter(([field]) => field !== 'load_agreement_image'),
        }
      : documents;
    const result = await sendWhenUploaded(sending, {
      onWaiting: setWaiting,
      onProgress: setProgress,
      invalid: (message, field) =>
        form.check({
          ok: false,
          summary: 'form.errorSummaryTitle',
          errors: [{ field: field ?? '', message }],
        }),
      messages: { loading: 'applyNoc.loading', failure: 'applyNoc.failed' },
      form: 'apply',
      busy: busyRetry.start(),
      send: (files, onProgress) =>
        applyForNoc({
          club_id: session.club_id,
          apply_year: seasonYear,
          fields: checked.value,
          files,
          landDocumentFrom,
          onProgress,
        }),
    });
    if (result === null) return;
    if (result.ok) {
      clearDraft();
      await documents.forget();
      await navigate({ to: '/club/dashboard' });
    } else {
      // Everything typed and chosen stays: retry is one tap on the same button.
      form.failed(result.text);
    }
  }

  return {
    form,
    fields,
    bind,
    change,
    chooseCarry,
    submit,
    canCarry,
    carried,
    documents,
    restored,
    resumed,
    progress,
    waiting,
    busyRetry,
  };
}
