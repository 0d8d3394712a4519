import { reuploadDocument } from '@puja/api-client';
import type { ReviewDocument } from '@puja/domain';
import { t } from '@puja/web-kit';
import { Button } from '../../../components/button';
import { SendingStatus } from '../../../features/documents/busy-notice';
import { FilePicker } from '../../../features/documents/file-picker';
import { useUpload } from '../../../features/documents/use-upload';

interface ReuploadDocumentProps {
  applicationId: number;
  document: ReviewDocument;
  /** The step's name, for the picker's label. */
  stepLabel: string;
  /** What the picker's id ends with (another application's on the same page). */
  scope?: string;
}

/** Re-upload of a rejected document from its tracker step (SPEC §4, §5, §8). */
export function ReuploadDocument({
  applicationId,
  document: doc,
  stepLabel,
  scope = '',
}: ReuploadDocumentProps) {
  const slot = `reupload:${applicationId}:${doc}`;
  const upload = useUpload({ loading: 'reupload.loading', failure: 'reupload.failed' }, slot);
  const id = `reupload-${doc}${scope}`;

  async function submit() {
    if (!upload.chosen()) {
      upload.setError(t('reupload.noFile'));
      document.getElementById(id)?.focus();
      return;
    }
    await upload.run((file, onProgress) =>
      reuploadDocument({ id: applicationId, doc, file, onProgress }),
    );
  }

  return (
    <div>
      <FilePicker
        id={id}
        label={t('clubDashboard.reuploadLabel', { document: stepLabel })}
        slot={slot}
        error={upload.error}
      />
      <SendingStatus
        waiting={upload.waiting}
        busyRetry={upload.busyRetry}
        progress={upload.progress}
      />
      <Button disabled={upload.busy} onClick={() => void submit()}>
        {t('clubDashboard.reupload')}
      </Button>
    </div>
  );
}
