import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  REVIEW_DOCUMENTS,
  FILE_FIELD_OF_DOCUMENT,
  deskSteps,
  isStepEnabled,
  reasonOf,
  statusOf,
  type Application,
  type ReviewDocument,
  type StaffRole,
} from '@puja/domain';
import { StatusBadge } from '../../../../../components/status-badge';
import { DecisionButtons } from '../../../../../features/reviews/decision-buttons';
import { t } from '@puja/web-kit';
import { Panel } from '../../../../../components/panel';

/**
 * SPEC §2, §4 Document Verification: the four documents in the fixed order; a step is disabled
 * until the one before is Approved; approve and reject (reviewers only) while a step is Pending
 * and its turn, else the reason it waits ("Waits for the acknowledgement.", domain's
 * `deskSteps`). The step whose turn it is carries the keyboard hints.
 */
export function DocumentVerification({
  app,
  role,
  canReview,
  current,
  viewing,
  onView,
  onApprove,
  onReject,
}: {
  app: Application;
  role: StaffRole;
  /** Whether the user may decide documents (admin, store). */
  canReview: boolean;
  /** The document whose turn it is, which the shortcuts act on. */
  current: ReviewDocument | null;
  viewing: string | null;
  onView: (doc: ReviewDocument) => void;
  onApprove: (doc: ReviewDocument) => void;
  onReject: (doc: ReviewDocument) => void;
}) {
  const steps = deskSteps(app, role);
  return (
    <Panel title={t('applications.documentVerification')} id="document-verification">
      <Stack gap="sm">
        {REVIEW_DOCUMENTS.map((doc, index) => {
          const blocker = steps[index]!.approveBlocker;
          const enabled = isStepEnabled(app, doc);
          const status = statusOf(app, doc);
          const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
          const decidable = canReview && blocker === null;
          const isCurrent = doc === current;
          return (
            <Paper
              key={doc}
              withBorder
              p="sm"
              bg={isCurrent ? 'indigo.0' : enabled ? undefined : 'gray.0'}
              data-testid={`step-${doc}`}
              aria-disabled={!enabled}
            >
              <Group justify="space-between" wrap="wrap">
                <Group gap="xs">
                  <Text fw={600}>
                    {index + 1}. {t(`document.${doc}`)}
                  </Text>
                  <StatusBadge status={status} />
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant={viewing === doc ? 'filled' : 'default'}
                    disabled={!file}
                    onClick={() => onView(doc)}
                  >
                    {t('applications.view')}
                  </Button>
                  {decidable && (
                    <DecisionButtons
                      size="xs"
                      shortcuts={isCurrent}
                      onApprove={() => onApprove(doc)}
                      onReject={() => onReject(doc)}
                    />
                  )}
                </Group>
              </Group>
              {canReview && status === 'Pending' && blocker !== null && (
                <Text size="sm" c="dimmed" mt={4}>
                  {t(blocker)}
                </Text>
              )}
              {status === 'Rejected' && (
                <Text size="sm" c="red" mt={4}>
                  {t('review.rejectionReason')}: {reasonOf(app, doc) || t('tracker.noReason')}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Panel>
  );
}
