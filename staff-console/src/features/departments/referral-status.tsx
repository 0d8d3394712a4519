import { Badge, Text } from '@mantine/core';
import {
  isReferralOverdue,
  referralDaysLeft,
  type IsoDay,
  type Referral,
  type ReferralStatus,
  type WorkingCalendar,
} from '@puja/domain';
import { t } from '@puja/web-kit';
import { APPROVED_COLOR } from '../../components/status-badge';

// Dark shades on outline badges keep AA contrast on white and on striped rows.
const COLOR: Readonly<Record<ReferralStatus, string>> = {
  pending: 'gray.8',
  approved: APPROVED_COLOR,
  conditions: APPROVED_COLOR,
  objected: 'orange.9',
  rejected: 'red.9',
  deemed: APPROVED_COLOR,
  withdrawn: 'gray.8',
};

/** A referral's state as a coloured word (issue 29). */
export function ReferralStatusBadge({
  status,
  size,
}: {
  status: ReferralStatus;
  size?: 'xs' | 'sm';
}) {
  return (
    <Badge
      size={size}
      color={COLOR[status]}
      variant="outline"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {t(`referrals.status.${status}`)}
    </Badge>
  );
}

/**
 * How long a pending referral has left in working days: "3 working days left", "Due today", or
 * "Overdue by 2 working days" in red; nothing for a referral that is not pending.
 */
export function DaysLeft({
  referral,
  today,
  calendar,
}: {
  referral: Pick<Referral, 'status' | 'due_on'>;
  today: IsoDay;
  calendar: WorkingCalendar;
}) {
  if (referral.status !== 'pending') return null;
  const left = referralDaysLeft(referral, today, calendar);
  const overdue = isReferralOverdue(referral, today, calendar);
  return (
    <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 700 : undefined}>
      {overdue
        ? t('referrals.overdue', { days: -left })
        : left <= 0
          ? t('referrals.dueToday')
          : t('referrals.daysLeft', { days: left })}
    </Text>
  );
}
