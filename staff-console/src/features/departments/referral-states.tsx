import { Anchor, Group, List, Stack, Text } from '@mantine/core';
import { documentUrl } from '@puja/api-client';
import { formatDate, referralBlocker, type Referral } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { ReferralStatusBadge } from './referral-status';
import { Panel } from '../../components/panel';

/** The files a referral may carry (the agency desk's list answers them). */
interface ReferralFiles {
  response_document?: string | null;
  letter?: string | null;
  letter_date?: string | null;
}

/**
 * One referral's state in words (issue 29): its status, due date or decision date and reference
 * no., its round, the conditions, the reason of an objection, rejection or withdrawal, the
 * club's answer and the files (the club's document, an offline agency's letter).
 */
export function ReferralState({ referral }: { referral: Referral & ReferralFiles }) {
  const locale = useLocale();
  const date = (day: string) => formatDate(day, locale);
  const status = t(`referrals.status.${referral.status}`);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <ReferralStatusBadge status={referral.status} />
        <Text size="sm">
          {referral.decided_on !== null && referral.status !== 'pending'
            ? t('referrals.decidedOn', { status, date: date(referral.decided_on) })
            : t('referrals.sentOn', { date: date(referral.due_on) })}
        </Text>
        {referral.round > 1 && (
          <Text size="sm" c="dimmed">
            {t('referrals.round', { round: referral.round })}
          </Text>
        )}
      </Group>
      {referral.reference_no !== null && (
        <Text size="sm">{t('referrals.referenceNo', { reference: referral.reference_no })}</Text>
      )}
      {referral.conditions.length > 0 && (
        <List size="sm">
          {referral.conditions.map((condition, i) => (
            <List.Item key={i}>{condition}</List.Item>
          ))}
        </List>
      )}
      {referral.reason !== null && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(referral.status === 'objected' ? 'referrals.objection' : 'referrals.reason', {
            reason: referral.reason,
          })}
        </Text>
      )}
      {referral.response !== null && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('referrals.clubAnswer', { response: referral.response })}
        </Text>
      )}
      <Group gap="md">
        {referral.response_document && (
          <Anchor size="sm" href={documentUrl(referral.response_document)} target="_blank">
            {t('referrals.answerDocument')}
          </Anchor>
        )}
        {referral.letter && (
          <Anchor size="sm" href={documentUrl(referral.letter)} target="_blank">
            {t('referrals.letter', { date: date(referral.letter_date ?? '') })}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Every referral of an application, one per department (the application detail and the Final
 * Chairman Review, issue 29); nothing when it has none, so the spec's flow looks as before.
 */
export function ReferralStates({ referrals }: { referrals: readonly Referral[] }) {
  if (referrals.length === 0) return null;
  return (
    <Panel title={t('tracker.otherDepartments')} id="other-departments">
      <Stack gap="sm">
        {referrals.map((referral) => (
          <div key={referral.id}>
            <Text fw={600} size="sm">
              {referral.agency_name}
            </Text>
            <ReferralState referral={referral} />
          </div>
        ))}
      </Stack>
    </Panel>
  );
}

/**
 * An application's referrals in a list row (the Chairman Review panel, issue 29): each
 * department with its state, and what keeps the final approval back; nothing without referrals.
 */
export function ReferralSummary({ referrals }: { referrals: readonly Referral[] }) {
  if (referrals.length === 0) return null;
  const blocker = referralBlocker(referrals);
  return (
    <Stack gap={2}>
      {referrals.map((referral) => (
        // One line each, wrapping in the narrow column: the department, then its state.
        <Text key={referral.id} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {referral.agency_name}:{' '}
          <Text span size="xs" fw={700}>
            {t(`referrals.status.${referral.status}`)}
          </Text>
        </Text>
      ))}
      {blocker !== null && (
        <Text size="xs" c={blocker === 'review.referralRejected' ? 'red.9' : 'orange.9'}>
          {t(blocker)}
        </Text>
      )}
    </Stack>
  );
}
