import { uploadAcknowledgement } from '@puja/api-client';
import { formatRegNo, seasonYearOf, type Application } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { ErrorSummary, t, useDigits } from '@puja/web-kit';
import { Button, buttonClass } from '../../../components/button';
import { Card } from '../../../components/card';
import { SendingStatus } from '../../../features/documents/busy-notice';
import { FilePicker } from '../../../features/documents/file-picker';
import { idScope } from './id-scope';
import { useUpload } from '../../../features/documents/use-upload';
import styles from './action-required.module.css';

/**
 * SPEC §2 "Action Required": print the acknowledgement, sign and stamp it, upload it; with the
 * application number (issue 27). `earlier`: an earlier season's application still under review
 * beside this season's (issue 27): its own ids, an h2, and its own acknowledgement to print.
 */
export function ActionRequired({
  application,
  earlier = false,
}: {
  application: Application;
  earlier?: boolean;
}) {
  const scope = idScope(application, earlier);
  const Heading = earlier ? 'h2' : 'h1';
  const digits = useDigits();
  const slot = `ack:${application.id}`;
  const upload = useUpload(
    { loading: 'acknowledgementUpload.loading', failure: 'acknowledgementUpload.failed' },
    slot,
  );

  async function submit() {
    if (!upload.chosen()) {
      upload.setError(t('acknowledgementUpload.missing'));
      document.getElementById(`ack-file${scope}`)?.focus();
      return;
    }
    await upload.run((file, onProgress) =>
      uploadAcknowledgement({ id: application.id, file, onProgress }),
    );
  }

  return (
    <Card narrow aria-labelledby={`action-title${scope}`}>
      <Heading id={`action-title${scope}`}>{t('clubDashboard.actionRequired')}</Heading>
      {/* Issue 27: the number the club quotes when it calls, from the moment it submitted. */}
      <p className={styles.number}>
        {t('clubDashboard.applicationNo')}:{' '}
        <strong>{digits(formatRegNo(application.reg_no))}</strong>
      </p>
      <p>{t('clubDashboard.actionRequiredText')}</p>
      <p>
        <Link
          to="/club/print-acknowledgement"
          search={earlier ? { year: seasonYearOf(application) } : {}}
          className={buttonClass('secondary', true)}
        >
          {t('clubDashboard.printAcknowledgement')}
        </Link>
      </p>
      <ErrorSummary
        id={`ack-summary${scope}`}
        title=""
        entries={upload.error ? [{ text: upload.error, fieldId: `ack-file${scope}` }] : []}
      />
      <FilePicker
        id={`ack-file${scope}`}
        label={t('clubDashboard.signedFormLabel')}
        slot={slot}
        error={upload.error}
      />
      <SendingStatus
        waiting={upload.waiting}
        busyRetry={upload.busyRetry}
        progress={upload.progress}
      />
      <Button block disabled={upload.busy} onClick={() => void submit()}>
        {t('clubDashboard.uploadNow')}
      </Button>
    </Card>
  );
}
