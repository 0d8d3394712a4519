import { Button, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import {
  REVIEW_DOCUMENTS,
  FILE_FIELD_OF_DOCUMENT,
  canDecideDocument,
  isStepEnabled,
  reasonOf,
  showsDecisionButtons,
  statusOf,
  type Application,
  type ReviewDocument,
} from '@puja/domain';
import { StatusBadge } from '../../../../../components/status-badge';
import { t } from '@puja/web-kit';

/**
 * SPEC §2, §4 Document Verification: the four documents in the fixed order; a step is disabled
 * until the one before is Approved; approve and reject (reviewers only) while a step is Pending.
 * The step whose turn it is carries the keyboard hints.
 */
export function DocumentVerification({
  app,
  canReview,
  current,
  viewing,
  onView,
  onApprove,
  onReject,
}: {
  app: Application;
  /** Whether the user may decide documents (admin, store). */
  canReview: boolean;
  /** The document whose turn it is, which the shortcuts act on. */
  current: ReviewDocument | null;
  viewing: string | null;
  onView: (doc: ReviewDocument) => void;
  onApprove: (doc: ReviewDocument) => void;
  onReject: (doc: ReviewDocument) => void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="document-verification">
      <Title order={2} size="h4" id="document-verification" mb="sm">
        {t('applications.documentVerification')}
      </Title>
      <Stack gap="sm">
        {REVIEW_DOCUMENTS.map((doc, index) => {
          const enabled = isStepEnabled(app, doc);
          const status = statusOf(app, doc);
          const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
          const decidable = canReview && canDecideDocument(app, doc);
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
                  {canReview && showsDecisionButtons(app, doc) && (
                    <>
                      <Button
                        size="xs"
                        color="teal.9"
                        disabled={!decidable}
                        onClick={() => onApprove(doc)}
                        rightSection={isCurrent ? <Kbd size="xs">A</Kbd> : undefined}
                      >
                        {t('review.approve')}
                      </Button>
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        disabled={!decidable}
                        onClick={() => onReject(doc)}
                        rightSection={isCurrent ? <Kbd size="xs">R</Kbd> : undefined}
                      >
                        {t('review.reject')}
                      </Button>
                    </>
                  )}
                </Group>
              </Group>
              {status === 'Rejected' && (
                <Text size="sm" c="red" mt={4}>
                  {t('review.rejectionReason')}: {reasonOf(app, doc) || t('tracker.noReason')}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
