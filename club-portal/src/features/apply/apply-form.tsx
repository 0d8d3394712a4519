import { applyForNoc, type ClubSession } from '@puja/api-client';
import {
  APPLY_YEAR,
  LAND_TYPES,
  landDocumentLabel,
  landTypeLabel,
  checkApplyForm,
  type ApplicationFileField,
  type MessageKey,
} from '@puja/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, outcomeText, t, useFormErrors, withToast } from '@puja/web-kit';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { WardField } from '../../components/ward-field';
import { FilePicker, type PrepareFile } from '../../components/file-picker';
import { ProgressBar } from '../../components/progress-bar';
import {
  draftFor,
  EMPTY_APPLY_FIELDS,
  useApplyDraftStore,
  type ApplyFields,
} from './apply-draft-store';
import styles from './apply-form.module.css';

type Files = Record<ApplicationFileField, File | null>;
const NO_FILES: Files = {
  chairman_application_certificate: null,
  certificate_image: null,
  load_agreement_image: null,
  puja_committee: null,
  puja_budget: null,
};

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
  prepare,
}: {
  session: ClubSession;
  /** Makes a chosen file ready to send (the documents feature's checks and shrinking). */
  prepare: PrepareFile;
}) {
  const navigate = useNavigate();
  const form = useFormErrors('apply');
  const saveDraft = useApplyDraftStore((state) => state.save);
  const clearDraft = useApplyDraftStore((state) => state.clear);
  const [restored] = useState(() => draftFor(session.club_id));
  const [fields, setFields] = useState<ApplyFields>(restored ?? EMPTY_APPLY_FIELDS);
  const [files, setFiles] = useState<Files>(NO_FILES);
  const [progress, setProgress] = useState<number | undefined>(undefined);

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
    const checked = checkApplyForm(fields, files);
    if (!form.check(checked)) return;
    setProgress(0);
    const result = await withToast(
      { loading: 'applyNoc.loading', failure: 'applyNoc.failed', success: outcomeText },
      () =>
        applyForNoc({
          club_id: session.club_id,
          fields: checked.value,
          files: files as Record<ApplicationFileField, File>,
          onProgress: setProgress,
        }),
      { form: 'apply' },
    );
    setProgress(undefined);
    if (result.ok) {
      clearDraft();
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
      file={files[field]}
      onChange={(file) => setFiles((current) => ({ ...current, [field]: file }))}
      prepare={prepare}
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
      {restored ? <p className={styles.notice}>{t('applyNoc.draftRestored')}</p> : null}
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
          {(control) => <input {...control} readOnly value={APPLY_YEAR} />}
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

      {progress !== undefined ? (
        <ProgressBar value={progress} label={t('upload.progress')} />
      ) : null}
      <Button type="submit" block disabled={progress !== undefined}>
        {t('applyNoc.submit')}
      </Button>
    </form>
  );
}
