import { reuploadDocument } from '@puja/api-client';
import type { ReviewDocument } from '@puja/domain';
import { t } from '@puja/web-kit';
import { DocumentUpload } from '../../../features/documents/document-upload';

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
  return (
    <div>
      <DocumentUpload
        id={`reupload-${doc}${scope}`}
        slot={`reupload:${applicationId}:${doc}`}
        label={t('clubDashboard.reuploadLabel', { document: stepLabel })}
        messages={{ loading: 'reupload.loading', failure: 'reupload.failed' }}
        missing="reupload.noFile"
        action="clubDashboard.reupload"
        send={(file, onProgress) => reuploadDocument({ id: applicationId, doc, file, onProgress })}
      />
    </div>
  );
}
