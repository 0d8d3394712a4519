import { uploadAcknowledgement } from '@puja/api-client';
import { formatRegNo, seasonYearOf, type Application } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { t, useDigits } from '@puja/web-kit';
import { buttonClass } from '../../../components/button';
import { Card } from '../../../components/card';
import { DocumentUpload } from '../../../features/documents/document-upload';
import { idScope } from './id-scope';
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
      <DocumentUpload
        id={`ack-file${scope}`}
        slot={`ack:${application.id}`}
        label={t('clubDashboard.signedFormLabel')}
        messages={{
          loading: 'acknowledgementUpload.loading',
          failure: 'acknowledgementUpload.failed',
        }}
        missing="acknowledgementUpload.missing"
        action="clubDashboard.uploadNow"
        block
        summaryId={`ack-summary${scope}`}
        send={(file, onProgress) => uploadAcknowledgement({ id: application.id, file, onProgress })}
      />
    </Card>
  );
}
