import {
  APPLY_FORM_FILE_ORDER,
  LAND_TYPES,
  landDocumentLabel,
  landTypeLabel,
  localiseDigits,
  type ApplicationFileField,
  type MessageKey,
} from '@puja/domain';
import { ErrorSummary, t, useLocale } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { ContactLink } from '../../../components/contact-link';
import { Field } from '../../../components/field';
import { TextField } from '../../../components/text-field';
import { WardField } from '../../../components/ward-field';
import type { ApplyFields } from '../../../features/documents/apply-draft-store';
import { SendingStatus } from '../../../features/documents/busy-notice';
import { FilePicker } from '../../../features/documents/file-picker';
import columns from '../../../components/columns.module.css';
import styles from './apply-form.module.css';
import { useApplyForm, type ApplyFormProps } from './use-apply-form';

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

type ApplyState = ReturnType<typeof useApplyForm>;

/**
 * SPEC §2, §5 the NOC application form: six sections, five documents, a local draft. A renewal
 * (issue 20) starts from the club's latest application, says so, and may carry over its land
 * document while the land type stays the same. Its state and acts are useApplyForm's.
 */
export function ApplyForm(props: ApplyFormProps) {
  const { session, seasonYear, renewal = null } = props;
  const locale = useLocale();
  const state = useApplyForm(props);
  const { form, fields, change, carried, documents, restored, resumed } = state;
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
    <form noValidate onSubmit={state.submit}>
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
        <div className={columns.pair}>
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
          {(control) => <textarea {...control} {...state.bind('puja_location_address')} />}
        </Field>
      </fieldset>

      {PEOPLE.map(({ section, people }) => (
        <fieldset key={section} className={styles.section}>
          <legend>{t(section)}</legend>
          {people.map(([who, nameLabel, phoneLabel]) => (
            <div key={who} className={columns.pair}>
              {text(`${who}_name` as keyof ApplyFields, nameLabel)}
              {text(`${who}_phone` as keyof ApplyFields, phoneLabel, 'tel')}
            </div>
          ))}
        </fieldset>
      ))}

      <LandSection state={state} renewal={renewal} />

      <fieldset className={styles.section}>
        <legend>{t('applyNoc.section.otherDocuments')}</legend>
        {OTHER_DOCUMENTS.map(([field, label]) => filePicker(state, field, label))}
      </fieldset>

      <SendControls state={state} />
    </form>
  );
}

/** A document's picker, tied to its slot and its message. */
function filePicker(state: ApplyState, field: ApplicationFileField, label: MessageKey) {
  return (
    <FilePicker
      key={field}
      id={state.form.idFor(field)}
      label={t(label)}
      slot={state.documents.keyOf(field)}
      error={state.form.errorFor(field)}
    />
  );
}

/** Land Details: the land type, "use last year's land document" (issue 20) or its picker. */
function LandSection({
  state,
  renewal,
}: {
  state: ApplyState;
  renewal: ApplyFormProps['renewal'];
}) {
  const { form, fields, change, canCarry, carried } = state;
  return (
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
            onChange={(event) => state.chooseCarry(event.target.checked)}
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
        filePicker(state, 'load_agreement_image', landDocumentLabel(fields.land_type))
      )}
    </fieldset>
  );
}

/** Waiting for uploads, sending again while busy, the progress, and the submit button. */
function SendControls({ state }: { state: ApplyState }) {
  const { progress, waiting, busyRetry } = state;
  return (
    <>
      <SendingStatus
        waiting={waiting}
        busyRetry={busyRetry}
        progress={progress}
        className={styles.notice}
      />
      <Button
        type="submit"
        block
        disabled={progress !== undefined || waiting || busyRetry.secondsLeft !== null}
      >
        {t('applyNoc.submit')}
      </Button>
    </>
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
