import type { Outcome } from '@puja/api-client';
import { ACCEPTED_FILE_TYPES, type FormCheck, type MessageKey } from '@puja/domain';
import { outcomeText, t, useFormErrors, useLocale, withToast } from '@puja/web-kit';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Field } from '../../components/field';
import { sizeText } from './file-picker';
import pickerStyles from './file-picker.module.css';
import { prepareUpload } from './prepare-upload';

/** An optional document: checked and prepared as it is chosen, like every document. */
export type ChosenDocument =
  | { phase: 'empty' }
  | { phase: 'preparing'; name: string }
  | { phase: 'ready'; file: File }
  | { phase: 'refused'; name: string; reason: MessageKey };

/**
 * The state of one optional document sent with a form (an answer to an objection, an appeal):
 * the same checks as every document (judged by its bytes, a PDF over 3 MB refused, a photo
 * shrunk). `file` is the prepared file to send, `refusal` the sentence for the form's summary.
 */
export function useOptionalDocument() {
  const [chosen, setChosen] = useState<ChosenDocument>({ phase: 'empty' });

  async function choose(file: File | null) {
    if (!file) return setChosen({ phase: 'empty' });
    setChosen({ phase: 'preparing', name: file.name });
    const prepared = await prepareUpload(file).catch(() => null);
    setChosen(
      prepared?.ok
        ? { phase: 'ready', file: prepared.file }
        : { phase: 'refused', name: file.name, reason: prepared?.message ?? 'upload.failed' },
    );
  }

  return {
    chosen,
    choose,
    file: chosen.phase === 'ready' ? chosen.file : null,
    preparing: chosen.phase === 'preparing',
    refusal:
      chosen.phase === 'refused'
        ? t('upload.refusedFile', { name: chosen.name, reason: t(chosen.reason) })
        : null,
  };
}

/**
 * A club form sent with one optional document (an answer to an objection, an appeal), its
 * problems all at once in its summary (`form`). `send` checks the form, says a refused document
 * in the summary (the form goes without it only if the club takes it away), sends it with its
 * toasts, then loads the route again (the server's answer is the truth) and focuses `focusId`,
 * the line that now says where the matter stands.
 */
export function useFormWithDocument(formId: string) {
  const router = useRouter();
  const form = useFormErrors(formId);
  const attachment = useOptionalDocument();
  const [sending, setSending] = useState(false);

  async function send<T>(
    checked: FormCheck<T>,
    messages: { loading: MessageKey; failure: MessageKey },
    call: (value: T, document: File | null) => Promise<Outcome>,
    focusId: string,
  ) {
    if (!form.check(checked)) return;
    if (attachment.refusal) return form.failed(attachment.refusal);
    setSending(true);
    const result = await withToast(
      { ...messages, success: outcomeText },
      () => call(checked.value, attachment.file),
      { form: formId },
    );
    setSending(false);
    if (!result.ok) return form.failed(result.text);
    await router.invalidate();
    document.getElementById(focusId)?.focus();
  }

  return { form, attachment, busy: sending || attachment.preparing, send };
}

/**
 * The field of an optional document: the browser's file input kept (label, keyboard, the
 * phone's picker) under a face in the chosen language naming the file, its state read out.
 */
export function OptionalDocumentField({
  id,
  label,
  document,
}: {
  id: string;
  label: string;
  document: ReturnType<typeof useOptionalDocument>;
}) {
  const locale = useLocale();
  const { chosen } = document;
  const fileStatus =
    chosen.phase === 'preparing'
      ? t('upload.preparing')
      : chosen.phase === 'ready'
        ? t('upload.chosen', { name: chosen.file.name, size: sizeText(chosen.file.size, locale) })
        : null;
  const fileName =
    chosen.phase === 'ready'
      ? chosen.file.name
      : chosen.phase === 'preparing'
        ? chosen.name
        : t('upload.noFileChosen');
  return (
    <Field id={id} label={label} hint={t('validation.fileHint')} error={document.refusal}>
      {({ className: _className, ...control }) => (
        <div className={pickerStyles.picker}>
          <div className={pickerStyles.chooser}>
            <input
              {...control}
              className={pickerStyles.input}
              type="file"
              accept={ACCEPTED_FILE_TYPES}
              onChange={(event) => void document.choose(event.target.files?.[0] ?? null)}
            />
            <span className={pickerStyles.face} aria-hidden="true">
              <span className={pickerStyles.button}>{t('upload.chooseFile')}</span>
              <span className={pickerStyles.fileName}>{fileName}</span>
            </span>
          </div>
          <div role="status" className={pickerStyles.status}>
            {fileStatus ? <span className={pickerStyles.chosen}>{fileStatus}</span> : null}
          </div>
        </div>
      )}
    </Field>
  );
}
