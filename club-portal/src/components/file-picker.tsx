import { ACCEPTED_FILE_TYPES, fileSizeMessage, type MessageKey } from '@puja/domain';
import { useState } from 'react';
import { t } from '@puja/web-kit';
import { Field } from './field';
import styles from './file-picker.module.css';
import { ProgressBar } from './progress-bar';

/** What the picker needs to make a chosen file ready (checks, shrinking). */
export type PrepareFile = (
  file: File,
) => Promise<{ ok: true; file: File } | { ok: false; message: MessageKey }>;

interface FilePickerProps {
  id: string;
  label: string;
  /** The prepared file, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  prepare: PrepareFile;
  /** An error from the form (a missing file), shown like the picker's own. */
  error?: string | null | undefined;
  /** Upload progress 0–1 while sending; undefined when not sending. */
  progress?: number | undefined;
}

function size(bytes: number): string {
  const { key, params } = fileSizeMessage(bytes);
  return t(key, params);
}

/**
 * A file input for an image or PDF (phones offer the camera), with the "pdf size max 3mb" hint,
 * the chosen file, the preparation step and an upload progress bar.
 */
export function FilePicker({
  id,
  label,
  file,
  onChange,
  prepare,
  error,
  progress,
}: FilePickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  async function choose(chosen: File | undefined) {
    setProblem(null);
    if (!chosen) return onChange(null);
    setPreparing(true);
    const prepared = await prepare(chosen);
    setPreparing(false);
    if (prepared.ok) return onChange(prepared.file);
    setProblem(t(prepared.message));
    onChange(null);
  }

  return (
    <Field id={id} label={label} hint={t('validation.fileHint')} error={problem ?? error}>
      {({ className: _className, ...control }) => (
        <>
          <input
            {...control}
            className={styles.input}
            type="file"
            accept={ACCEPTED_FILE_TYPES}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {preparing ? <span role="status">{t('upload.preparing')}</span> : null}
          {file && !preparing ? (
            <span className={styles.chosen}>
              {t('upload.chosen', { name: file.name, size: size(file.size) })}
            </span>
          ) : null}
          {progress !== undefined ? (
            <ProgressBar value={progress} label={`${t('upload.progress')}: ${label}`} />
          ) : null}
        </>
      )}
    </Field>
  );
}
