import { uploadAcknowledgement } from '@puja/api-client';
import { formatRegNo, type Application } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { ErrorSummary, t, useDigits } from '@puja/web-kit';
import { Button, buttonClass } from '../../../components/button';
import { Card } from '../../../components/card';
import { BusyNotice } from '../../../features/documents/busy-notice';
import { FilePicker } from '../../../features/documents/file-picker';
import { ProgressBar } from '../../../components/progress-bar';
import { useUpload } from '../../../features/documents/use-upload';
import styles from './action-required.module.css';

/**
 * SPEC §2 "Action Required": print the acknowledgement, sign and stamp it, upload it; with the
 * application number (issue 27).
 */
export function ActionRequired({ application }: { application: Application }) {
  const digits = useDigits();
  const slot = `ack:${application.id}`;
  const upload = useUpload(
    { loading: 'acknowledgementUpload.loading', failure: 'acknowledgementUpload.failed' },
    slot,
  );

  async function submit() {
    if (!upload.chosen()) {
      upload.setError(t('acknowledgementUpload.missing'));
      document.getElementById('ack-file')?.focus();
      return;
    }
    await upload.run((file, onProgress) =>
      uploadAcknowledgement({ id: application.id, file, onProgress }),
    );
  }

  return (
    <Card narrow aria-labelledby="action-title">
      <h1 id="action-title">{t('clubDashboard.actionRequired')}</h1>
      {/* Issue 27: the number the club quotes when it calls, from the moment it submitted. */}
      <p className={styles.number}>
        {t('clubDashboard.applicationNo')}:{' '}
        <strong>{digits(formatRegNo(application.reg_no))}</strong>
      </p>
      <p>{t('clubDashboard.actionRequiredText')}</p>
      <p>
        <Link to="/club/print-acknowledgement" className={buttonClass('secondary', true)}>
          {t('clubDashboard.printAcknowledgement')}
        </Link>
      </p>
      <ErrorSummary
        id="ack-summary"
        title=""
        entries={upload.error ? [{ text: upload.error, fieldId: 'ack-file' }] : []}
      />
      <FilePicker
        id="ack-file"
        label={t('clubDashboard.signedFormLabel')}
        slot={slot}
        error={upload.error}
      />
      {upload.waiting ? <p role="status">{t('upload.waiting')}</p> : null}
      <BusyNotice retry={upload.busyRetry} />
      {upload.progress !== undefined ? (
        <ProgressBar value={upload.progress} label={t('upload.progress')} />
      ) : null}
      <Button block disabled={upload.busy} onClick={() => void submit()}>
        {t('clubDashboard.uploadNow')}
      </Button>
    </Card>
  );
}
