import { applyForNoc, applyForNocWithUploads, type ClubSession } from '@puja/api-client';
import {
  APPLICATION_FILE_FIELDS,
  LAND_TYPES,
  landDocumentLabel,
  landTypeLabel,
  checkApplyForm,
  type ApplicationFileField,
  type MessageKey,
} from '@puja/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, t, useFormErrors } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { WardField } from '../../components/ward-field';
import { FilePicker } from './file-picker';
import { ProgressBar } from '../../components/progress-bar';
import { sendWhenUploaded, useDocuments } from './submit-documents';
import {
  draftFor,
  EMPTY_APPLY_FIELDS,
  useApplyDraftStore,
  type ApplyFields,
} from './apply-draft-store';
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

/** SPEC §2, §5 the NOC application form: six sections, five documents, a local draft. */
export function ApplyForm({
  session,
  seasonYear,
}: {
  session: ClubSession;
  /** The current season's year (the Apply Year field). */
  seasonYear: number;
}) {
  const navigate = useNavigate();
  const form = useFormErrors('apply');
  const saveDraft = useApplyDraftStore((state) => state.save);
  const clearDraft = useApplyDraftStore((state) => state.clear);
  const [restored] = useState(() => draftFor(session.club_id));
  const [fields, setFields] = useState<ApplyFields>(restored ?? EMPTY_APPLY_FIELDS);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  // One slot per document (features/apply/upload-slots.ts): each uploads when chosen, and
  // a reload resumes what was still on its way.
  const documents = useDocuments(
    APPLICATION_FILE_FIELDS.map((field) => [field, `apply:${session.club_id}:${field}`] as const),
  );

  function change(name: keyof ApplyFields, value: string) {
    const next = { ...fields, [name]: value };
    setFields(next);
    saveDraft(session.club_id, next);
  }
  const bind = (name: keyof ApplyFields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Every field and file at once (GOV.UK), under the spec's "Please fill all fields and upload
    // all 5 documents." when anything is missing.
    const checked = checkApplyForm(fields, documents.infos());
    if (!form.check(checked)) return;
    const result = await sendWhenUploaded(documents, {
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
      withUploads: (uploads) =>
        applyForNocWithUploads({ club_id: session.club_id, fields: checked.value, uploads }),
      withFiles: (files, onProgress) =>
        applyForNoc({ club_id: session.club_id, fields: checked.value, files, onProgress }),
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
      autoComplete="off"
      value={fields[name]}
      onValueChange={(value) => change(name, value)}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      {restored && documents.anyEmpty() ? (
        <p className={styles.notice}>{t('applyNoc.draftRestored')}</p>
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
          {(control) => <input {...control} readOnly value={seasonYear} />}
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
        {filePicker('load_agreement_image', landDocumentLabel(fields.land_type))}
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
      {progress !== undefined ? (
        <ProgressBar value={progress} label={t('upload.progress')} />
      ) : null}
      <Button type="submit" block disabled={progress !== undefined || waiting}>
        {t('applyNoc.submit')}
      </Button>
    </form>
  );
}
