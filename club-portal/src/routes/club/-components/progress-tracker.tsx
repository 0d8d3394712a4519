import {
  formatNumber,
  formatShortDate,
  otherDepartmentsStep,
  trackerSteps,
  type Application,
  type OtherDepartmentsStep,
  type TrackerState,
} from '@puja/domain';
import type { ReactNode } from 'react';
import { t, useLocale } from '@puja/web-kit';
import { Card } from '../../../components/card';
import styles from './progress-tracker.module.css';
import { ReuploadDocument } from './reupload-document';
import { idScope } from './id-scope';
import { OtherDepartmentLines } from './other-departments';

const MARK: Readonly<Record<TrackerState, string>> = {
  complete: '✓',
  current: '•',
  upcoming: '',
  error: '!',
};

/**
 * SPEC §4 club progress tracker: seven steps from domain, the date of each completed one,
 * reasons, re-upload when rejected; after Land Agreement Review, for an application referred to
 * other departments (issue 29), the step "Other departments" with one line per agency.
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
  const referrals = application.referrals ?? [];
  const departments = otherDepartmentsStep(referrals, locale);
  const items: ReactNode[] = [];
  let number = 0;
  for (const step of steps) {
    number += 1;
    items.push(
      <li
        key={step.id}
        className={`${styles.step} ${styles[step.state] ?? ''}`}
        aria-current={step.state === 'current' ? 'step' : undefined}
      >
        <span className={styles.dot} aria-hidden="true">
          {MARK[step.state] || formatNumber(number, locale)}
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
          {/* Issue 30: the current step's due date (working days, the municipality's holidays). */}
          {step.dueOn !== null ? (
            <span className={styles.due}>
              {t('due.decisionDueBy', { date: formatShortDate(step.dueOn, locale) })}
            </span>
          ) : null}
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
      </li>,
    );
    if (step.id === 'agreement' && departments !== null) {
      number += 1;
      items.push(
        <li
          key="otherDepartments"
          className={`${styles.step} ${styles[departments.state] ?? ''}`}
          aria-current={departments.state === 'current' ? 'step' : undefined}
          data-testid="other-departments"
        >
          <span className={styles.dot} aria-hidden="true">
            {MARK[departments.state] || formatNumber(number, locale)}
          </span>
          <div>
            <span className={styles.name}>{t(departments.label)}</span>
            <span className={styles.state}>{departmentsState(departments)}</span>
            <OtherDepartmentLines step={departments} referrals={referrals} scope={scope} />
          </div>
        </li>,
      );
    }
  }
  return (
    <Card aria-labelledby={`tracker-title${scope}`}>
      <h2 id={`tracker-title${scope}`}>{t('clubDashboard.progressTitle')}</h2>
      <ol className={styles.list}>{items}</ol>
    </Card>
  );
}

/** The step's state in words: an objection is not a rejection (the club answers it). */
function departmentsState(step: OtherDepartmentsStep): string {
  if (step.state !== 'error') return t(`tracker.state.${step.state}`);
  const rejected = step.lines.some((line) => line.status === 'rejected');
  return t(rejected ? 'tracker.state.error' : 'referrals.status.objected');
}
