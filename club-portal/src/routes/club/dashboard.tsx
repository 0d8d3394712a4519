import { clubDashboardStage, isIssued, type Application } from '@puja/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { t, useLocale } from '@puja/web-kit';
import { buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { useClubSession } from '../../lib/use-session';
import { ActionRequired } from './-components/action-required';
import { ApplicationInfo } from './-components/application-info';
import { ProgressTracker } from './-components/progress-tracker';
import { PujaClock } from './-components/puja-clock';
import { loadMyApplication } from './-load-my-application';
import styles from './dashboard.module.css';

export const Route = createFileRoute('/club/dashboard')({
  loader: ({ context }) => loadMyApplication(context),
  component: DashboardPage,
});

/** SPEC §2 club dashboard: domain picks the stage, this lays it out; the puja clock on top. */
function DashboardPage() {
  useLocale();
  const { application, seasonYear, pujaStartsOn } = Route.useLoaderData();
  const stage = clubDashboardStage(application);
  return (
    <main id="main">
      <PujaClock application={application ?? null} pujaStartsOn={pujaStartsOn} />
      {stage === 'noApplication' || !application ? (
        <NoApplication seasonYear={seasonYear} />
      ) : stage === 'awaitingAcknowledgement' ? (
        <ActionRequired application={application} />
      ) : (
        <FullView application={application} />
      )}
    </main>
  );
}

function NoApplication({ seasonYear }: { seasonYear: number }) {
  return (
    <Card narrow aria-labelledby="none-title">
      <h1 id="none-title">{t('clubDashboard.noApplication')}</h1>
      <Link to="/club/apply-noc" className={buttonClass('primary', true)}>
        {t('clubDashboard.applyButton', { year: seasonYear })}
      </Link>
    </Card>
  );
}

function FullView({ application }: { application: Application }) {
  const session = useClubSession();
  const name = session?.clubname || application.club_name;
  return (
    <>
      <Card className={styles.welcome}>
        <h1>{t('clubDashboard.welcome', { name })}</h1>
        <p>{t('clubDashboard.welcomeText')}</p>
      </Card>
      {isIssued(application) ? (
        <Card className={styles.ready} aria-labelledby="ready-title">
          <h2 id="ready-title">{t('clubDashboard.certificateReady')}</h2>
          <Link to="/club/print-certificate" className={buttonClass('primary', true)}>
            {t('clubDashboard.printCertificate')}
          </Link>
        </Card>
      ) : null}
      <ApplicationInfo application={application} />
      <ProgressTracker application={application} />
    </>
  );
}
