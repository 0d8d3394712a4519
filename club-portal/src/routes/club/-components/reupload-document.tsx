import { reuploadDocument } from '@puja/api-client';
import { validateUploadFile, type ReviewDocument } from '@puja/domain';
import { useState } from 'react';
import { t } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { FilePicker } from '../../../components/file-picker';
import { prepareUpload } from '../../../features/documents/prepare-upload';
import { useUpload } from '../../../features/documents/use-upload';

interface ReuploadDocumentProps {
  applicationId: number;
  document: ReviewDocument;
  /** The step's name, for the picker's label. */
  stepLabel: string;
}

/** Re-upload of a rejected document from its tracker step (SPEC §4, §5, §8). */
export function ReuploadDocument({
  applicationId,
  document: doc,
  stepLabel,
}: ReuploadDocumentProps) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload({ loading: 'reupload.loading', failure: 'reupload.failed' });
  const id = `reupload-${doc}`;

  async function submit() {
    const problem = validateUploadFile(file);
    if (problem !== null || !file) {
      upload.setError(t(problem ?? 'reupload.noFile'));
      document.getElementById(id)?.focus();
      return;
    }
    await upload.run((onProgress) =>
      reuploadDocument({ id: applicationId, doc, file, onProgress }),
    );
  }

  return (
    <div>
      <FilePicker
        id={id}
        label={t('clubDashboard.reuploadLabel', { document: stepLabel })}
        file={file}
        onChange={setFile}
        prepare={prepareUpload}
        error={upload.error}
        progress={upload.progress}
      />
      <Button disabled={upload.busy} onClick={() => void submit()}>
        {t('clubDashboard.reupload')}
      </Button>
    </div>
  );
}
