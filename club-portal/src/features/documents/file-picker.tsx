import { ACCEPTED_FILE_TYPES } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { useEffect, useRef } from 'react';
import { PageList } from './page-list';
import { ShrinkOffer } from './shrink-offer';
import { sizeText } from './size-text';
import { chooseFile, documentIn, retrySlot, useUploadSlots } from './upload-slots';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import styles from './file-picker.module.css';
import { ProgressBar } from '../../components/progress-bar';

interface FilePickerProps {
  id: string;
  label: string;
  /** The document slot this picker fills (features/documents/upload-slots.ts). */
  slot: string;
  /** An error from the form (a missing file), shown like the picker's own. */
  error?: string | null | undefined;
}

export { sizeText } from './size-text';

/**
 * A file input for an image or PDF (phones offer the camera), with the "pdf size max 3mb" hint
 * and the document's own state: being prepared, uploading with bytes and percent, paused while
 * offline, stopped (with a retry button), uploaded, or refused with the reason in its field.
 * The browser draws its file input in its own language ("Choose File" beside a বাংলা form), so
 * the input is kept (label, keyboard, the phone's picker) but transparent over a face in the
 * chosen language that names the slot's file, also after a reload.
 * Under it, the document can instead be photographed page by page (issue 31, page-list.tsx).
 */
export function FilePicker({ id, label, slot: key, error }: FilePickerProps) {
  const slot = useUploadSlots((state) => state.slots[key]) ?? { phase: 'empty' as const };
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  // A refused file is not chosen: the input lets go of it, so choosing it again (fixed) counts.
  useEffect(() => {
    if (slot.phase === 'refused' && input.current) input.current.value = '';
  }, [slot.phase]);
  // A document of pages names its count and size here (the pages are listed under it).
  const pageCount = useUploadSlots((state) => state.pages[key]?.length ?? 0);
  const pagesSize = useUploadSlots((state) => {
    const whole = documentIn(state, key);
    return 'size' in whole ? whole.size : 0;
  });
  const pagesText =
    pageCount > 0
      ? t(pageCount === 1 ? 'upload.pages.one' : 'upload.pages.many', {
          count: pageCount,
          size: sizeText(pagesSize, locale),
        })
      : null;
  const fileName = slot.phase === 'empty' || slot.phase === 'refused' ? pagesText : slot.name;
  const refused =
    slot.phase === 'refused'
      ? t('upload.refusedFile', { name: slot.name, reason: t(slot.reason) })
      : null;
  const percent =
    'sent' in slot && slot.size > 0 ? Math.min(100, Math.round((slot.sent / slot.size) * 100)) : 0;
  const progress =
    'sent' in slot ? (
      <ProgressBar value={percent / 100} label={`${t('upload.progress')}: ${label}`} />
    ) : null;

  return (
    <Field id={id} label={label} hint={t('validation.fileHint')} error={refused ?? error}>
      {({ className: _className, ...control }) => (
        <div className={styles.picker} data-upload-state={slot.phase}>
          <div className={styles.chooser}>
            <input
              {...control}
              ref={input}
              className={styles.input}
              type="file"
              accept={ACCEPTED_FILE_TYPES}
              onChange={(event) => void chooseFile(key, event.target.files?.[0] ?? null)}
            />
            <span className={styles.face} aria-hidden="true">
              <span className={styles.button}>{t('upload.chooseFile')}</span>
              <span className={styles.fileName}>{fileName ?? t('upload.noFileChosen')}</span>
            </span>
          </div>
          <div role="status" className={styles.status}>
            {slot.phase === 'preparing'
              ? t(slot.checking ? 'upload.shrink.checking' : 'upload.preparing')
              : null}
            {slot.phase === 'ready' ? (
              <span className={styles.chosen}>
                {t('upload.chosen', { name: slot.name, size: sizeText(slot.size, locale) })}
              </span>
            ) : null}
            {slot.phase === 'uploading' ? (
              <span>
                {t('upload.uploading', {
                  sent: sizeText(slot.sent, locale),
                  total: sizeText(slot.size, locale),
                  percent,
                })}
              </span>
            ) : null}
            {slot.phase === 'paused' ? (
              <span className={styles.paused}>{t('upload.paused')}</span>
            ) : null}
            {slot.phase === 'failed' ? (
              <span className={styles.failed}>{t(slot.reason)}</span>
            ) : null}
            {slot.phase === 'done' ? (
              <span className={styles.chosen}>
                {t('upload.done', { name: slot.name, size: sizeText(slot.size, locale) })}
              </span>
            ) : null}
          </div>
          {progress}
          {slot.phase === 'failed' ? (
            <Button variant="secondary" onClick={() => void retrySlot(key)}>
              {t('upload.retry')}
            </Button>
          ) : null}
          {slot.phase === 'offer' ? (
            <ShrinkOffer slot={key} size={slot.size} smaller={slot.smaller} />
          ) : null}
          <PageList id={id} slot={key} label={label} />
        </div>
      )}
    </Field>
  );
}
