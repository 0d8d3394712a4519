import {
  applyWindowBlocker,
  certificateVerification,
  clubDashboardStage,
  isIssued,
  openEarlierApplications,
  pastSeasonResult,
  previousSeasonApplications,
  seasonWindowText,
  seasonYearOf,
  type Application,
  type SeasonWithState,
} from '@puja/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { t, useLocale, usePageTitle } from '@puja/web-kit';
import { buttonClass } from '../../components/button';
import { InPageLink } from '../../components/in-page-link';
import { Card } from '../../components/card';
import { clubPortalOrigin } from '../../lib/app-config';
import { useClubSession } from '../../lib/use-session';
import { ActionRequired } from './-components/action-required';
import { ApplicationInfo } from './-components/application-info';
import { Appeals } from './-components/appeals';
import { ClubDocuments } from './-components/club-documents';
import { EarlierApplication, earlierTitleId } from './-components/earlier-application';
import { NextStepBanner } from './-components/next-step-banner';
import { ProgressTracker } from './-components/progress-tracker';
import { PujaClock } from './-components/puja-clock';
import { loadMyApplication } from './-load-my-application';
import styles from './dashboard.module.css';

export const Route = createFileRoute('/club/dashboard')({
  loader: ({ context }) => loadMyApplication(context, { history: true }),
  component: DashboardPage,
});

/**
 * SPEC §2 club dashboard: domain picks the stage, this lays it out. On top what the club must
 * do now (issue 27; for an issued NOC the spec's "Your NOC Certificate is Ready!" with its print
 * button), then the puja clock. The current season's application, or its window (issue 20);
 * then the club's earlier seasons.
 */
function DashboardPage() {
  useLocale();
  usePageTitle(t('nav.dashboard'));
  const { application, continuing, seasons, season, pujaStartsOn, history, now } =
    Route.useLoaderData();
  const stage = clubDashboardStage(application);
  const reviewClosed = (year: number) =>
    Boolean(seasons.find((s) => s.year === year)?.review_closed_at);
  // Beside this season's application, earlier ones still under review (issue 27).
  const earlier =
    continuing || !application ? [] : openEarlierApplications(history, season.year, reviewClosed);
  return (
    <main id="main">
      {application ? <NextStepBanner application={application} earlier={earlier} /> : null}
      <PujaClock pujaStartsOn={pujaStartsOn} />
      {continuing && application ? (
        <p className={styles.continuing} role="note">
          {t('seasons.continuingClub', { year: seasonYearOf(application) })}
        </p>
      ) : null}
      {stage === 'noApplication' || !application ? (
        <NoApplication season={season} now={now} />
      ) : stage === 'awaitingAcknowledgement' ? (
        <>
          <ActionRequired application={application} />
          <ClubDocuments application={application} />
        </>
      ) : (
        <FullView
          application={application}
          reviewClosed={reviewClosed(seasonYearOf(application))}
        />
      )}
      {earlier.map((app) => (
        <EarlierApplication key={app.id} application={app} />
      ))}
      {/* Going on with last season's application: this season's apply button still shows. */}
      {continuing && applyWindowBlocker(season, now) === null ? (
        <NoApplication season={season} now={now} secondary />
      ) : null}
      <PreviousSeasons
        applications={previousSeasonApplications(history, season.year).filter(
          (app) => !continuing || app.id !== application?.id,
        )}
        reviewClosed={reviewClosed}
        shown={earlier}
      />
    </main>
  );
}

/**
 * No application this season: the apply button while the season's window is open, else when
 * applications open or that they closed, dated in the club's language.
 */
function NoApplication({
  season,
  now,
  secondary = false,
}: {
  season: SeasonWithState;
  now: number;
  /** Under last season's application still under review (issue 27): a second card, no h1. */
  secondary?: boolean;
}) {
  const locale = useLocale();
  const open = applyWindowBlocker(season, now) === null;
  const window = seasonWindowText(season, now, locale);
  const Heading = secondary ? 'h2' : 'h1';
  return (
    <Card narrow aria-labelledby="none-title">
      <Heading id="none-title">
        {secondary
          ? t('seasons.pastApplication', { year: season.year })
          : t('clubDashboard.noApplication')}
      </Heading>
      {/* "Applications … are open." says no more than the button under it. */}
      {window.key === 'seasons.window.open' ? null : (
        <p className={styles.window}>{t(window.key, window.params)}</p>
      )}
      {open ? (
        <Link to="/club/apply-noc" className={buttonClass('primary', true)}>
          {t('clubDashboard.applyButton', { year: season.year })}
        </Link>
      ) : null}
    </Card>
  );
}

/**
 * "Previous seasons": each earlier application's year and result; an issued NOC's certificate
 * still prints and its verification code still verifies.
 */
function PreviousSeasons({
  applications,
  reviewClosed,
  shown,
}: {
  applications: Application[];
  /** Whether staff closed the review of a season (issue 27): else undecided is under review. */
  reviewClosed: (year: number) => boolean;
  /** Earlier applications under review shown above with their actions: their result links there. */
  shown: readonly Application[];
}) {
  if (applications.length === 0) return null;
  return (
    <Card aria-labelledby="previous-title">
      <h2 id="previous-title">{t('seasons.previousSeasons')}</h2>
      <ul className={styles.seasons}>
        {applications.map((app) => {
          const year = seasonYearOf(app);
          const verification = certificateVerification(app, clubPortalOrigin());
          return (
            <li key={app.id} aria-labelledby={`season-${year}`}>
              <h3 id={`season-${year}`}>{t('seasons.pastApplication', { year })}</h3>
              <p className={isIssued(app) ? styles.issued : undefined}>
                {shown.some((open) => open.id === app.id) ? (
                  <InPageLink target={earlierTitleId(app)}>
                    {t(pastSeasonResult(app, reviewClosed(year)))}
                  </InPageLink>
                ) : (
                  t(pastSeasonResult(app, reviewClosed(year)))
                )}
              </p>
              {verification ? (
                <>
                  <p>
                    {t('verify.codeLabel')}
                    <code className={styles.code}>{verification.code}</code>
                  </p>
                  <div className={styles.actions}>
                    <Link
                      to="/club/print-certificate"
                      search={{ year }}
                      className={buttonClass('secondary')}
                    >
                      {t('seasons.printCertificate', { year })}
                    </Link>
                    <Link
                      to="/verify/$code"
                      params={{ code: verification.code }}
                      className={buttonClass('secondary')}
                    >
                      {t('seasons.checkCertificate', { year })}
                    </Link>
                  </div>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function FullView({
  application,
  reviewClosed,
}: {
  application: Application;
  /** Staff closed the review of its season (issue 27): its Appeal card offers no appeal. */
  reviewClosed: boolean;
}) {
  const session = useClubSession();
  const name = session?.clubname || application.club_name;
  return (
    <>
      <Card className={styles.welcome}>
        <h1>{t('clubDashboard.welcome', { name })}</h1>
        <p>{t('clubDashboard.welcomeText')}</p>
      </Card>
      <ApplicationInfo application={application} />
      <ProgressTracker application={application} />
      {/* Issue 30: its appeals, and the refusals it may still appeal. */}
      <Appeals application={application} reviewClosed={reviewClosed} />
      <ClubDocuments application={application} />
    </>
  );
}
