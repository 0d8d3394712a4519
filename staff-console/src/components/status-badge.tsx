import { Badge, darken, DEFAULT_THEME } from '@mantine/core';
import type { ReviewStatus } from '@puja/domain';
import { t } from '@puja/web-kit';

// Dark shades on outline badges: the words keep AA contrast (4.5:1) on white and on a striped or
// hovered table row (teal 9 alone falls to 4.4:1 there).
export const APPROVED_COLOR = darken(DEFAULT_THEME.colors.teal[9], 0.2);

const COLOR: Readonly<Record<ReviewStatus, string>> = {
  Approved: APPROVED_COLOR,
  Rejected: 'red.9',
  Pending: 'gray.8',
};

/** A review status as a coloured word (SPEC §4: Approved, Rejected, Pending). */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge color={COLOR[status]} variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
