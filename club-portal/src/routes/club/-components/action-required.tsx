import { uploadAcknowledgement } from '@puja/api-client';
import { validateAcknowledgementUpload, type Application } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '@puja/web-kit';
import { Button, buttonClass } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { FilePicker } from '../../../components/file-picker';
import { prepareUpload } from '../../../features/documents/prepare-upload';
import { useUpload } from '../../../features/documents/use-upload';

/** SPEC §2 "Action Required": print the acknowledgement, sign and stamp it, upload it. */
export function ActionRequired({ application }: { application: Application }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload({
    loading: 'acknowledgementUpload.loading',
    failure: 'acknowledgementUpload.failed',
  });

  async function submit() {
    const problem = validateAcknowledgementUpload(file, application.id);
    if (problem !== null || !file) {
      upload.setError(t(problem ?? 'acknowledgementUpload.missing'));
      document.getElementById('ack-file')?.focus();
      return;
    }
    await upload.run((onProgress) =>
      uploadAcknowledgement({ id: application.id, file, onProgress }),
    );
  }

  return (
    <Card narrow aria-labelledby="action-title">
      <h1 id="action-title">{t('clubDashboard.actionRequired')}</h1>
      <p>{t('clubDashboard.actionRequiredText')}</p>
      <p>
        <Link to="/club/print-acknowledgement" className={buttonClass('secondary', true)}>
          {t('clubDashboard.printAcknowledgement')}
        </Link>
      </p>
      <ErrorSummary id="ack-summary" message={upload.error} fieldId="ack-file" />
      <FilePicker
        id="ack-file"
        label={t('clubDashboard.signedFormLabel')}
        file={file}
        onChange={setFile}
        prepare={prepareUpload}
        error={upload.error}
        progress={upload.progress}
      />
      <Button block disabled={upload.busy} onClick={() => void submit()}>
        {t('clubDashboard.uploadNow')}
      </Button>
    </Card>
  );
}
