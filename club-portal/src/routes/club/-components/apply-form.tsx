import { applyForNoc, type ClubSession } from '@puja/api-client';
import {
  APPLICATION_FILE_FIELDS,
  APPLY_FORM_FILE_ORDER,
  canCarryOverLandDocument,
  LAND_TYPES,
  landDocumentLabel,
  landTypeLabel,
  checkApplyForm,
  type Application,
  type ApplicationFileField,
  type LandType,
  type MessageKey,
  type RenewalPrefill,
  localiseDigits,
} from '@puja/domain';
import { useUnsavedEdits } from '../../../lib/unsaved-edits';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorSummary, t, useFormErrors, useLocale } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { ContactLink } from '../../../components/contact-link';
import { Field } from '../../../components/field';
import { TextField } from '../../../components/text-field';
import { WardField } from '../../../components/ward-field';
import { FilePicker } from '../../../features/documents/file-picker';
import { ProgressBar } from '../../../components/progress-bar';
import { BusyNotice } from '../../../features/documents/busy-notice';
import { useBusyRetry } from '../../../features/documents/retry-while-busy';
import { sendWhenUploaded, useDocuments } from '../../../features/documents/submit-documents';
import {
  draftFor,
  EMPTY_APPLY_FIELDS,
  useApplyDraftStore,
  type ApplyFields,
} from '../../../features/documents/apply-draft-store';
import styles from './apply-form.module.css';

const OTHER_DOCUMENTS: readonly [ApplicationFileField, MessageKey][] = [
  ['chairman_application_certificate', 'document.chairman_application_certificate'],
  ['certificate_image', 'document.certificate'],
  ['puja_committee', 'document.puja_committee'],
  ['puja_budget', 'document.puja_budget'],
];

const PEOPLE: readonly { section: MessageKey; people: [string, MessageKey, MessageKey][] }[] = [
  {
    section: 'applyNoc.section.clubAuthority',
    people: [
      ['club_president', 'applyNoc.field.clubPresidentName', 'applyNoc.field.clubPresidentPhone'],
      ['club_secrety', 'applyNoc.field.clubSecretaryName', 'applyNoc.field.clubSecretaryPhone'],
    ],
  },
  {
    section: 'applyNoc.section.pujaCommittee',
    people: [
      ['puja_presient', 'applyNoc.field.pujaPresidentName', 'applyNoc.field.pujaPresidentPhone'],
      ['puja_secretary', 'applyNoc.field.pujaSecretaryName', 'applyNoc.field.pujaSecretaryPhone'],
    ],
  },
];

/**
 * SPEC §2, §5 the NOC application form: six sections, five documents, a local draft. A renewal
 * (issue 20) starts from the club's latest application, says so, and may carry over its land
 * document while the land type stays the same.
 */
export function ApplyForm({
  session,
  seasonYear,
  renewal = null,
}: {
  session: ClubSession;
  /** The current season's year (the Apply Year field). */
  seasonYear: number;
  /** The club's latest application of an earlier season and its prefill (domain renewal). */
  renewal?: { source: Application; prefill: RenewalPrefill } | null;
}) {
  const locale = useLocale();
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

  const filePicker = (field: ApplicationFileField, label: MessageKey) => (
    <FilePicker
      key={field}
      id={form.idFor(field)}
      label={t(label)}
      slot={documents.keyOf(field)}
      error={form.errorFor(field)}
    />
  );
  const text = (name: keyof ApplyFields, label: MessageKey, kind: 'name' | 'tel' = 'name') => (
    <TextField
      {...form.field(name)}
      label={t(label)}
      type={kind === 'tel' ? 'tel' : 'text'}
      inputMode={kind === 'tel' ? 'tel' : undefined}
      hint={kind === 'tel' ? t('form.hint.phone') : undefined}
      autoComplete="off"
      value={fields[name]}
      onValueChange={(value) => change(name, value)}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      {/* An inactive club: the spec's text, and whom to contact (issue 27). */}
      <ContactLink beside={form.summary.entries} />
      {renewal ? (
        <p className={styles.notice}>
          {t('applyNoc.prefilled', { year: renewal.prefill.fromYear })}
        </p>
      ) : null}
      {resumed ? (
        <ResumedNotice
          typed={restored !== null}
          {...documents.keptAndMissing(
            APPLY_FORM_FILE_ORDER.filter((field) => !(carried && field === 'load_agreement_image')),
          )}
          labelOf={(field) =>
            field === 'load_agreement_image'
              ? landDocumentLabel(fields.land_type)
              : (OTHER_DOCUMENTS.find(([name]) => name === field)?.[1] ?? 'app.title')
          }
        />
      ) : null}
      <fieldset className={styles.section}>
        <legend>{t('applyNoc.section.club')}</legend>
        <div className={styles.row}>
          <Field label={t('applyNoc.field.clubName')}>
            {(control) => (
              <input {...control} readOnly value={session.clubname || t('date.notAvailable')} />
            )}
          </Field>
          <Field label={t('applyNoc.field.email')}>
            {(control) => (
              <input {...control} readOnly value={session.email || t('date.notAvailable')} />
            )}
          </Field>
        </div>
        <Field label={t('applyNoc.field.applyYear')}>
          {(control) => (
            <input {...control} readOnly value={localiseDigits(String(seasonYear), locale)} />
          )}
        </Field>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('applyNoc.section.puja')}</legend>
        <WardField
          {...form.field('ward_no')}
          label={t('applyNoc.field.wardNo')}
          value={fields.ward_no}
          onValueChange={(value) => change('ward_no', value)}
        />
        <Field
          id={form.idFor('puja_location_address')}
          label={t('applyNoc.field.pujaLocation')}
          error={form.errorFor('puja_location_address')}
        >
          {(control) => <textarea {...control} {...bind('puja_location_address')} />}
        </Field>
      </fieldset>

      {PEOPLE.map(({ section, people }) => (
        <fieldset key={section} className={styles.section}>
          <legend>{t(section)}</legend>
          {people.map(([who, nameLabel, phoneLabel]) => (
            <div key={who} className={styles.row}>
              {text(`${who}_name` as keyof ApplyFields, nameLabel)}
              {text(`${who}_phone` as keyof ApplyFields, phoneLabel, 'tel')}
            </div>
          ))}
        </fieldset>
      ))}

      <fieldset className={styles.section}>
        <legend>{t('applyNoc.section.land')}</legend>
        <fieldset className={styles.radios} id={form.idFor('land_type')}>
          <legend>{t('applyNoc.field.landType')}</legend>
          {LAND_TYPES.map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="land_type"
                value={type}
                checked={fields.land_type === type}
                onChange={() => change('land_type', type)}
              />
              {t(landTypeLabel(type))}
            </label>
          ))}
        </fieldset>
        {canCarry ? (
          <label className={styles.carry}>
            <input
              type="checkbox"
              checked={carried}
              onChange={(event) => chooseCarry(event.target.checked)}
            />
            {t('applyNoc.reuseLandDocument')}
          </label>
        ) : renewal?.prefill.hasLandDocument ? (
          <p className={styles.hint}>{t('applyNoc.landDocumentNotReusable')}</p>
        ) : null}
        {carried ? (
          <p role="status" className={styles.reused}>
            {t('applyNoc.landDocumentReused')}
          </p>
        ) : (
          filePicker('load_agreement_image', landDocumentLabel(fields.land_type))
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{t('applyNoc.section.otherDocuments')}</legend>
        {OTHER_DOCUMENTS.map(([field, label]) => filePicker(field, label))}
      </fieldset>

      {waiting ? (
        <p role="status" className={styles.notice}>
          {t('upload.waiting')}
        </p>
      ) : null}
      <BusyNotice retry={busyRetry} className={styles.notice} />
      {progress !== undefined ? (
        <ProgressBar value={progress} label={t('upload.progress')} />
      ) : null}
      <Button
        type="submit"
        block
        disabled={progress !== undefined || waiting || busyRetry.secondsLeft !== null}
      >
        {t('applyNoc.submit')}
      </Button>
    </form>
  );
}

/**
 * After a reload, what is true (issue 27): the answers typed are kept; which documents are kept
 * (uploaded, or uploading on from their last byte) and which are still to choose.
 */
function ResumedNotice({
  typed,
  kept,
  missing,
  labelOf,
}: {
  typed: boolean;
  kept: readonly ApplicationFileField[];
  missing: readonly ApplicationFileField[];
  labelOf: (field: ApplicationFileField) => MessageKey;
}) {
  const list = (fields: readonly ApplicationFileField[]) =>
    fields.map((field) => t(labelOf(field))).join(', ');
  return (
    <div className={styles.notice} role="status">
      {typed ? <p>{t('applyNoc.draftRestored')}</p> : null}
      {kept.length > 0 ? <p>{t('applyNoc.documentsKept', { documents: list(kept) })}</p> : null}
      {missing.length > 0 ? (
        <p>{t('applyNoc.documentsToChoose', { documents: list(missing) })}</p>
      ) : null}
    </div>
  );
}
