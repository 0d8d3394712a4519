import { Alert, Group, Paper, Text, Title } from '@mantine/core';
import {
  finalDecisionBlocker,
  formatDate,
  isFinalDecisionTaken,
  referralBlocker,
  reopeningAppeal,
  type Application,
} from '@puja/domain';
import { StatusBadge } from '../../../../../components/status-badge';
import { DecisionButtons } from '../../../../../features/reviews/decision-buttons';
import { t, useLocale } from '@puja/web-kit';

/**
 * SPEC §2, §4 Final Chairman Review (admin, chairman): only once all four documents are
 * Approved; after the decision the chosen button is disabled and reads Approved or Rejected,
 * the other stays open (a rejection withdraws an approval: its certificate stops verifying).
 * Issue 29: while a department has not cleared it, the server refuses the approval; the reason
 * (`review.referralsOpen`, `review.referralRejected`) shows above the buttons, a rejection
 * stays possible.
 */
export function FinalReview({
  app,
  isCurrent,
  onApprove,
  onReject,
}: {
  app: Application;
  /** Whether the final decision is what the shortcuts act on. */
  isCurrent: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const locale = useLocale();
  const blocker = finalDecisionBlocker(app);
  // Issue 30: a rejection set aside by an allowed appeal: the decider reads the club's reason.
  const reopened =
    app.chairman_status === 'Pending' ? reopeningAppeal(app.appeals, 'final', null) : null;
  const departments =
    app.chairman_status === 'Pending' ? referralBlocker(app.referrals ?? []) : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="final-review">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="final-review">
          {t('applications.finalReview')}
        </Title>
        <StatusBadge status={app.chairman_status} />
      </Group>
      {reopened !== null && (
        <Alert color="blue" mb="sm">
          {t('appeals.reopened', {
            date: formatDate(reopened.decided_on, locale),
            reason: reopened.reason,
          })}
        </Alert>
      )}
      {blocker ? (
        <Alert color="yellow">{t(blocker)}</Alert>
      ) : (
        <>
          {departments !== null && (
            <Alert color={departments === 'review.referralRejected' ? 'red' : 'yellow'} mb="sm">
              {t(departments)}
            </Alert>
          )}
          <Group>
            <DecisionButtons
              shortcuts={isCurrent}
              approveLabel={
                app.chairman_status === 'Approved' ? t('status.Approved') : t('review.approve')
              }
              rejectLabel={
                app.chairman_status === 'Rejected' ? t('status.Rejected') : t('review.reject')
              }
              approveDisabled={isFinalDecisionTaken(app, 'approve')}
              rejectDisabled={isFinalDecisionTaken(app, 'reject')}
              onApprove={onApprove}
              onReject={onReject}
            />
          </Group>
          {app.chairman_status === 'Rejected' && (
            <Text size="sm" c="red" mt="xs">
              {t('review.rejectionReason')}: {app.chairman_reason || t('tracker.noReason')}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
