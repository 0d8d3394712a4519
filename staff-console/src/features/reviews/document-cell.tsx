import { Anchor, Button, Group, Stack } from '@mantine/core';
import { documentUrl } from '@puja/api-client';
import {
  FILE_FIELD_OF_DOCUMENT,
  canDecideDocument,
  showsDecisionButtons,
  type Application,
  type ReviewDocument,
} from '@puja/domain';
import { StatusBadge } from '../../components/status-badge';
import { t } from '@puja/web-kit';

/** One document in a review table row: its status, View (new tab), and approve/reject when due. */
export function DocumentCell({
  app,
  doc,
  onApprove,
  onReject,
}: {
  app: Application;
  doc: ReviewDocument;
  onApprove: () => void;
  onReject: () => void;
}) {
  const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
  const due = canDecideDocument(app, doc);
  return (
    <Stack gap={4} miw={170}>
      <Group gap={6} wrap="nowrap">
        <StatusBadge status={app[`${doc}_status`]} />
        {file && (
          <Anchor href={documentUrl(file)} target="_blank" rel="noopener noreferrer" size="sm">
            {t('applications.view')}
          </Anchor>
        )}
      </Group>
      {showsDecisionButtons(app, doc) && (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-xs"
            color="teal.9"
            disabled={!due}
            onClick={onApprove}
            aria-label={`${t('review.approve')} ${t(`document.${doc}`)} ${app.club_name}`}
          >
            {t('review.approve')}
          </Button>
          <Button
            size="compact-xs"
            color="red.9"
            variant="outline"
            disabled={!due}
            onClick={onReject}
            aria-label={`${t('review.reject')} ${t(`document.${doc}`)} ${app.club_name}`}
          >
            {t('review.reject')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
