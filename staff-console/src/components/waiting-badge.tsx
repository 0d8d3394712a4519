import { Badge } from '@mantine/core';
import { describeWaiting, waitingMs, type Application } from '@puja/domain';
import { t } from '@puja/web-kit';

/** How long an application has waited at its current step ("Waiting 3 d"). */
export function WaitingBadge({ app, nowMs }: { app: Application; nowMs: number }) {
  const ms = waitingMs(app, nowMs);
  if (ms === null) return null;
  const { key, params } = describeWaiting(ms);
  return (
    <Badge variant="outline" color={ms > 3 * 86_400_000 ? 'red.9' : 'gray.8'}>
      {t('applications.waiting', { time: t(key, params) })}
    </Badge>
  );
}
