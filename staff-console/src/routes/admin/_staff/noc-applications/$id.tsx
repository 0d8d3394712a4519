import { Alert, Badge, Button, Grid, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  FILE_FIELD_OF_DOCUMENT,
  can,
  canDecideItem,
  currentReviewItem,
  formatShortDate,
  isDecided,
  isPastSeasonApplication,
  localiseDigits,
  nextWaitingFor,
  seasonAllows,
  seasonStandingOf,
  seasonYearOf,
  type Application,
  type DocumentFileField,
  type MessageKey,
  type ReviewDocument,
  type ReviewItem,
} from '@puja/domain';
import { DocumentViewer } from '../../../../components/document-viewer';
import { PageLoader } from '../../../../components/page-loader';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { useOpenedDocumentsStore } from '../../../../features/reviews/opened-documents-store';
import { useReviewActions } from '../../../../features/reviews/use-review-actions';
import {
  loadsSeasonList,
  useApplications,
  useSeasonOfApplication,
} from '../../../../features/applications/queries';
import { useDecisions } from '../../../../features/applications/use-decisions';
import { useViewedSeason } from '../../../../features/seasons/queries';
import { useStaffSession } from '../../../../lib/use-staff-session';
import { ClubDetails, ContactPersons } from '../../../../components/application-fields';
import { ReferralStates } from '../../../../features/departments/referral-states';
import { ApplicationHistory } from './-components/application-history';
import { StepDueDates } from '../../../../features/applications/due-dates';
import { DocumentVerification } from './-components/document-verification';
import { FinalReview } from './-components/final-review';
import { notify, t, useLocale, usePageTitle } from '@puja/web-kit';
import { Panel } from '../../../../components/panel';

export const Route = createFileRoute('/admin/_staff/noc-applications/$id')({
  // The detail is found in the season's shared list: opening it from the list needs no request.
  ...loadsSeasonList,
  component: ApplicationPage,
});

/** What the viewer panel shows: one of the application's files. */
interface Viewing {
  field: DocumentFileField;
  title: string;
  /** The review document it belongs to, for the highlighted View button. */
  doc: string;
}

const OTHER_DOCUMENTS = ['puja_committee', 'puja_budget'] as const;

/**
 * SPEC §2 Application detail, as a review desk: the documents open in the viewer beside the
 * decision buttons; A approves, R rejects (with the reason dialog), N opens the oldest other
 * application waiting for a decision this user may take, at any step (domain's
 * `nextWaitingFor`). Approving a document not opened asks once; the final decision always asks,
 * naming the club and what it does. Decisions show at once and roll back if the server refuses.
 */
function ApplicationPage() {
  const locale = useLocale();
  const { id } = Route.useParams();
  const session = useStaffSession();
  const navigate = useNavigate();
  const { param: season, seasons, seasonsFailed } = useViewedSeason();
  const { applications, error } = useApplications(season);
  const app = applications?.find((candidate) => String(candidate.id) === id) ?? null;
  usePageTitle(
    app
      ? t('pageTitle.application', { number: localiseDigits(app.reg_no, locale) })
      : t('nav.allNocs'),
  );
  const absent = applications !== null && app === null;
  // A link without `?season=` to an earlier season's application opens it in its own season.
  const lookup = useSeasonOfApplication(
    Number(id),
    seasonsFailed ? null : seasons,
    absent && season === undefined,
  );
  const foundIn = lookup.year;
  const missing = absent && (season !== undefined || foundIn === null);

  useEffect(() => {
    if (foundIn === undefined || foundIn === null) return;
    void navigate({
      to: '/admin/noc-applications/$id',
      params: { id },
      search: (prev) => ({ ...prev, season: foundIn }),
      replace: true,
    });
  }, [foundIn, id, navigate]);

  useEffect(() => {
    if (!missing) return;
    notify.error(() => t('applications.notFound'));
    void navigate({ to: '/admin/noc-applications' });
  }, [missing, navigate]);

  if (app === null) {
    return (error !== null && applications === null) || lookup.error !== null ? (
      <Text c="red">{t('applications.detailFetchFailed')}</Text>
    ) : (
      <PageLoader />
    );
  }
  return (
    <ApplicationDesk key={app.id} app={app} applications={applications ?? []} role={session.role} />
  );
}

function ApplicationDesk({
  app,
  applications,
  role,
}: {
  app: Application;
  applications: Application[];
  role: 'admin' | 'store' | 'chairman';
}) {
  const navigate = useNavigate();
  const { param: season, currentYear, seasons } = useViewedSeason();
  // Issue 27: a past season's undecided application goes on until staff close the season's
  // review; a decided one is on record; an issued NOC stays withdrawable (domain's rule, which
  // the server enforces).
  const past = currentYear !== null && isPastSeasonApplication(app, currentYear);
  const year = seasonYearOf(app);
  const standing = seasonStandingOf(year, seasons);
  const reviewClosedAt = seasons?.find((s) => s.year === year)?.review_closed_at ?? null;
  const reviewGoesOn = seasonAllows(app, 'reviewDocument', standing);
  const [nowMs] = useState(() => Date.now());
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const markOpened = useOpenedDocumentsStore((state) => state.markOpened);
  const canReview = can(role, 'reviewDocument') && reviewGoesOn;
  const canFinal = can(role, 'decideFinal') && (reviewGoesOn || app.chairman_status === 'Approved');
  const item = currentReviewItem(app);
  const actionable = item !== null && reviewGoesOn && canDecideItem(role, item) ? item : null;
  const next = nextWaitingFor(applications, role, app.id);

  const view = (doc: ReviewDocument | (typeof OTHER_DOCUMENTS)[number]) => {
    const field =
      doc in FILE_FIELD_OF_DOCUMENT
        ? FILE_FIELD_OF_DOCUMENT[doc as ReviewDocument]
        : (doc as DocumentFileField);
    const path = app[field];
    if (path) markOpened(path);
    setViewing({ field, title: t(`document.${doc}` as MessageKey), doc });
  };

  const review = useReviewActions(useDecisions(season), {
    subjectOf: ({ doc }) => t(`document.${doc}`),
    open: ({ doc }) => view(doc),
  });
  const approve = (target: ReviewItem) => review.approve(app, target);
  const startReject = (target: ReviewItem) => review.reject(app, target);
  const goNext = () => {
    if (next) void navigate({ to: '/admin/noc-applications/$id', params: { id: String(next.id) } });
    else notify.info(() => t('applications.noneWaitingForRole'));
  };
  const dialogOpen = review.dialogOpen;

  useHotkeys([
    ['a', () => actionable && !dialogOpen && approve(actionable)],
    ['r', () => actionable && !dialogOpen && startReject(actionable)],
    ['n', () => !dialogOpen && goNext()],
  ]);

  return (
    <Stack>
      <Group justify="space-between">
        <Button variant="subtle" component={Link} to="/admin/noc-applications">
          ← {t('applications.back')}
        </Button>
        <Button variant="default" onClick={goNext} rightSection={<Kbd size="xs">N</Kbd>}>
          {t('applications.next')}
        </Button>
      </Group>
      <DeskHeader
        app={app}
        waiting={item !== null && reviewGoesOn}
        nowMs={nowMs}
        past={past}
        year={year}
        reviewClosedAt={reviewClosedAt}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <DocumentVerification
              app={app}
              role={role}
              canReview={canReview}
              current={actionable !== null && actionable !== 'chairman' ? actionable : null}
              viewing={viewing?.doc ?? null}
              onView={view}
              onApprove={approve}
              onReject={startReject}
            />
            {canFinal && (
              <FinalReview
                app={app}
                isCurrent={actionable === 'chairman'}
                onApprove={() => approve('chairman')}
                onReject={() => startReject('chairman')}
              />
            )}
            <ReferralStates referrals={app.referrals ?? []} />
            <Panel title={t('applications.otherDocuments')}>
              <Group>
                {OTHER_DOCUMENTS.map((doc) => (
                  <Button
                    key={doc}
                    size="xs"
                    variant={viewing?.doc === doc ? 'filled' : 'default'}
                    disabled={!app[doc]}
                    onClick={() => view(doc)}
                  >
                    {t('applications.view')}: {t(`document.${doc}`)}
                  </Button>
                ))}
              </Group>
            </Panel>
            <Details app={app} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <DocumentViewer
              title={viewing?.title ?? null}
              path={viewing ? app[viewing.field] : null}
            />
          </div>
        </Grid.Col>
      </Grid>
      {/* Issue 30: each step's dates, the whole width so its four columns fit at 1024 px. */}
      <StepDueDates app={app} />
      {/* The whole width: at 1024 px its five columns fit without a sideways scroll (issue 22). */}
      <ApplicationHistory
        id={app.id}
        readOnly={past}
        version={`${app.updated_at ?? ''}${app.chairman_status}`}
      />
      {review.dialogs}
    </Stack>
  );
}

/** The application's heading, badges and what its season allows (issue 27). */
function DeskHeader({
  app,
  waiting,
  nowMs,
  past,
  year,
  reviewClosedAt,
}: {
  app: Application;
  waiting: boolean;
  nowMs: number;
  past: boolean;
  year: number;
  reviewClosedAt: string | null;
}) {
  const locale = useLocale();
  return (
    <>
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2">
          {app.club_name || t('applications.unknownClub')}
        </Title>
        <Badge variant="outline">
          {t('applications.year')}: {localiseDigits(app.apply_year, locale)}
        </Badge>
        <Badge variant="outline">
          {t('applications.applicationNo')}: {localiseDigits(app.reg_no, locale)}
        </Badge>
        {waiting && <WaitingBadge app={app} nowMs={nowMs} />}
      </Group>
      {reviewClosedAt !== null ? (
        <Alert color="yellow" variant="light">
          {t('seasons.reviewClosedNote', { year, date: formatShortDate(reviewClosedAt, locale) })}
        </Alert>
      ) : past && isDecided(app) ? (
        <Alert color="yellow" variant="light">
          {t('seasons.pastReadOnly', { year })}
        </Alert>
      ) : past ? (
        <Alert color="blue" variant="light">
          {t('seasons.continuingNote', { year })}
        </Alert>
      ) : null}
      {app.documents_removed_at && (
        <Alert color="gray" variant="light">
          {t('applications.documentsRemoved', {
            date: formatShortDate(app.documents_removed_at, locale),
          })}
        </Alert>
      )}
    </>
  );
}

/** SPEC §2: Club Details and Contact Person Details. */
function Details({ app }: { app: Application }) {
  return (
    <>
      <ClubDetails app={app} />
      <ContactPersons app={app} />
    </>
  );
}
