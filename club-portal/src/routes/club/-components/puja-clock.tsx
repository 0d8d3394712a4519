import { countdownText, formatNumber, pujaCountdown } from '@puja/domain';
import { useState } from 'react';
import { t, useLocale } from '@puja/web-kit';
import { Card } from '../../../components/card';
import { pujaStartDate } from '../../../lib/app-config';
import styles from './puja-clock.module.css';

/**
 * Issue 13 "Clubs see the clock": how long remains until the puja (its first day: the current
 * season's, else config.json's), from domain. Hidden when neither sets a date; what the club
 * has left to do is the banner above it (issue 27), date or none.
 */
export function PujaClock({
  pujaStartsOn = null,
}: {
  /** The current season's puja day (issue 20); config.json's `pujaStartDate` when none. */
  pujaStartsOn?: string | null;
}) {
  const locale = useLocale();
  const [nowMs] = useState(() => Date.now());
  const countdown = pujaCountdown(pujaStartsOn ?? pujaStartDate(), nowMs, locale);
  if (countdown === null) return null;
  const clock = countdownText(countdown, locale);
  return (
    <Card className={styles.clock} aria-labelledby="clock-title" data-testid="puja-clock">
      {/* Not a heading: the clock sits above the page's h1. */}
      <p id="clock-title" className={styles.title}>
        {t('clock.title')}
      </p>
      <p className={styles.countdown}>
        {countdown.kind === 'ahead' && (
          <span className={styles.days} aria-hidden="true">
            {formatNumber(countdown.days, locale)}
          </span>
        )}
        {t(clock.key, clock.params)}
      </p>
    </Card>
  );
}
