import { Anchor, Group, Stack, Text } from '@mantine/core';
import { documentUrl } from '@puja/api-client';
import {
  FILE_FIELD_OF_DOCUMENT,
  deskSteps,
  type Application,
  type ReviewItem,
  type StaffRole,
} from '@puja/domain';
import { StatusBadge } from '../../components/status-badge';
import { t } from '@puja/web-kit';
import { DecisionButtons } from './decision-buttons';
import { useOpenedDocumentsStore } from './opened-documents-store';

/**
 * One review step in a table row (domain's `deskSteps`): its status, Open (a new tab, remembered
 * as opened), and approve/reject when it is this user's turn to decide it, else the reason it
 * waits ("Waits for the acknowledgement."). The final decision shows its status only.
 */
export function DocumentCell({
  app,
  item,
  role,
  readOnly = false,
  onApprove,
  onReject,
}: {
  app: Application;
  item: ReviewItem;
  role: StaffRole;
  /** A past season's application: its status only, nothing to decide. */
  readOnly?: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const markOpened = useOpenedDocumentsStore((state) => state.markOpened);
  const step = deskSteps(app, role).find((candidate) => candidate.item === item)!;
  const file = item === 'chairman' ? null : app[FILE_FIELD_OF_DOCUMENT[item]];
  const name = t(item === 'chairman' ? step.label : `document.${item}`);
  const open = step.approveBlocker === null && step.rejectBlocker === null;
  return (
    <Stack gap={4} maw={200}>
      <Group gap={6} wrap="wrap">
        <StatusBadge status={step.status} />
        {file && (
          <Anchor
            href={documentUrl(file)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            onClick={() => markOpened(file)}
            aria-label={`${t('applications.view')}: ${name}, ${app.club_name}`}
          >
            {t('applications.view')}
          </Anchor>
        )}
      </Group>
      {item !== 'chairman' && step.status === 'Pending' && !readOnly ? (
        open ? (
          <Group gap={6} wrap="wrap">
            <DecisionButtons
              size="compact-xs"
              about={`${name} ${app.club_name}`}
              onApprove={onApprove}
              onReject={onReject}
            />
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t(step.approveBlocker ?? 'desk.reason.approved')}
          </Text>
        )
      ) : null}
    </Stack>
  );
}
