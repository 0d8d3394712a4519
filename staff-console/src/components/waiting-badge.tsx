import { Badge } from '@mantine/core';
import { describeWaitingDays, waitingDays, type Application } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * Whole days an application has waited at the step it waits at ("Waiting 3 days"); nothing once
 * it waits for no one on the staff (issued, refused, returned to the club): domain's
 * `waitingDays`. Red after three days, or when the list marks it among the oldest.
 */
export function WaitingBadge({
  app,
  nowMs,
  oldest = false,
}: {
  app: Application;
  nowMs: number;
  /** One of the longest waiting of the list (domain's `oldestWaitingIds`). */
  oldest?: boolean;
}) {
  const days = waitingDays(app, nowMs);
  if (days === null) return null;
  const { key, params } = describeWaitingDays(days);
  return (
    <Badge
      variant={oldest ? 'filled' : 'outline'}
      color={oldest || days > 3 ? 'red.9' : 'gray.8'}
      // Never cut short in a narrow column: the words wrap instead.
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      style={{ flexShrink: 0 }}
    >
      {t(key, params)}
    </Badge>
  );
}
