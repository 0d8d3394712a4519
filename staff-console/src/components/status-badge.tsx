import { Badge } from '@mantine/core';
import type { ReviewStatus } from '@puja/domain';
import { t } from '../lib/t';

const COLOR: Readonly<Record<ReviewStatus, string>> = {
  Approved: 'green',
  Rejected: 'red',
  Pending: 'yellow',
};

/** A review status as a coloured word (SPEC §4: Approved, Rejected, Pending). */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
