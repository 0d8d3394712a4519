import {
  formatNumber,
  formatShortDate,
  trackerSteps,
  type Application,
  type TrackerState,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { Card } from '../../../components/card';
import styles from './progress-tracker.module.css';
import { ReuploadDocument } from './reupload-document';
import { idScope } from './id-scope';

const MARK: Readonly<Record<TrackerState, string>> = {
  complete: '✓',
  current: '•',
  upcoming: '',
  error: '!',
};

/**
 * SPEC §4 club progress tracker: seven steps from domain, the date of each completed one,
 * reasons, re-upload when rejected.
 */
export function ProgressTracker({
  application,
  earlier = false,
}: {
  application: Application;
  /** An earlier season's application beside this season's (issue 27): ids of its own. */
  earlier?: boolean;
}) {
  const scope = idScope(application, earlier);
  const locale = useLocale();
  const steps = trackerSteps(application, locale);
  return (
    <Card aria-labelledby={`tracker-title${scope}`}>
      <h2 id={`tracker-title${scope}`}>{t('clubDashboard.progressTitle')}</h2>
      <ol className={styles.list}>
        {steps.map((step, index) => (
          <li
            key={step.id}
            className={`${styles.step} ${styles[step.state] ?? ''}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {MARK[step.state] || formatNumber(index + 1, locale)}
            </span>
            <div>
              <span className={styles.name}>{t(step.label)}</span>
              <span className={styles.state}>
                {t(`tracker.state.${step.state}`)}
                {/* Issue 27: when each completed step was done. */}
                {step.date !== null
                  ? ` ${t('tracker.doneOn', { date: formatShortDate(step.date, locale) })}`
                  : null}
              </span>
              {step.reason !== null ? (
                <p className={styles.reason}>{t('tracker.reason', { reason: step.reason })}</p>
              ) : null}
              {step.canReupload && step.document ? (
                <ReuploadDocument
                  applicationId={application.id}
                  document={step.document}
                  stepLabel={t(step.label)}
                  scope={scope}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
