import {
  Badge,
  Button,
  Grid,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  FILE_FIELD_OF_DOCUMENT,
  can,
  canDecideItem,
  currentReviewItem,
  nextWaitingApplication,
  type Application,
  type DocumentFileField,
  type MessageKey,
  type ReviewDocument,
  type ReviewItem,
} from '@puja/domain';
import { DocumentViewer } from '../../../../components/document-viewer';
import { PageLoader } from '../../../../components/page-loader';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { RejectReasonModal } from '../../../../features/reviews/reject-reason-modal';
import { prefetchApplications, useApplications } from '../../../../features/applications/queries';
import { useDecisions } from '../../../../features/applications/use-decisions';
import { useStaffSession } from '../../../../lib/use-staff-session';
import { ApplicationHistory } from './-components/application-history';
import { DocumentVerification } from './-components/document-verification';
import { FinalReview } from './-components/final-review';
import { notify, t, useLocale } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/noc-applications/$id')({
  // The detail is found in the shared list: opening it from the list needs no request.
  loader: ({ context }) => prefetchApplications(context.queryClient),
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
 * decision buttons; A approves, R rejects (with the reason dialog), N opens the next application
 * waiting at the same step. Decisions show at once and roll back if the server refuses.
 */
function ApplicationPage() {
  useLocale();
  const { id } = Route.useParams();
  const session = useStaffSession();
  const navigate = useNavigate();
  const { applications, error } = useApplications();
  const app = applications?.find((candidate) => String(candidate.id) === id) ?? null;
  const missing = applications !== null && app === null;

  useEffect(() => {
    if (!missing) return;
    notify.error(t('applications.notFound'));
    void navigate({ to: '/admin/noc-applications' });
  }, [missing, navigate]);

  if (app === null) {
    return error !== null && applications === null ? (
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
  const { decideDocument, decideFinal } = useDecisions();
  const [nowMs] = useState(() => Date.now());
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  // The step the application waited at when the desk opened it: "next" means the next one there.
  const [openedAt] = useState(() => currentReviewItem(app));
  const canReview = can(role, 'reviewDocument');
  const canFinal = can(role, 'decideFinal');
  const item = currentReviewItem(app);
  const actionable = item !== null && canDecideItem(role, item) ? item : null;
  const next = nextWaitingApplication(applications, { id: app.id, item: openedAt }, role);

  const view = (doc: ReviewDocument | (typeof OTHER_DOCUMENTS)[number]) => {
    const field =
      doc in FILE_FIELD_OF_DOCUMENT
        ? FILE_FIELD_OF_DOCUMENT[doc as ReviewDocument]
        : (doc as DocumentFileField);
    setViewing({ field, title: t(`document.${doc}` as MessageKey), doc });
  };

  const approve = (target: ReviewItem) =>
    target === 'chairman' ? decideFinal(app, 'approve') : decideDocument(app, target, 'approve');
  const reject = (target: ReviewItem, reason: string) => {
    setRejecting(null);
    if (target === 'chairman') decideFinal(app, 'reject', reason);
    else decideDocument(app, target, 'reject', reason);
  };
  const goNext = () => {
    if (next) void navigate({ to: '/admin/noc-applications/$id', params: { id: String(next.id) } });
    else notify.info(t('applications.noneWaiting'));
  };

  useHotkeys([
    ['a', () => actionable && rejecting === null && approve(actionable)],
    ['r', () => actionable && setRejecting(actionable)],
    ['n', goNext],
  ]);

  const subject =
    rejecting === null
      ? ''
      : rejecting === 'chairman'
        ? t('applications.finalReview')
        : t(`document.${rejecting}`);

  return (
    <Stack>
      <Group justify="space-between">
        <Button variant="subtle" component={Link} to="/admin/noc-applications">
          ← {t('applications.back')}
        </Button>
        <Button
          variant="default"
          onClick={goNext}
          disabled={next === null}
          rightSection={<Kbd size="xs">N</Kbd>}
        >
          {t('applications.next')}
        </Button>
      </Group>
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2">
          {app.club_name || t('applications.unknownClub')}
        </Title>
        <Badge variant="outline">
          {t('applications.year')}: {app.apply_year}
        </Badge>
        <Badge variant="outline">
          {t('applications.applicationNo')}: {app.reg_no}
        </Badge>
        {item !== null && <WaitingBadge app={app} nowMs={nowMs} />}
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <DocumentVerification
              app={app}
              canReview={canReview}
              current={actionable !== null && actionable !== 'chairman' ? actionable : null}
              viewing={viewing?.doc ?? null}
              onView={view}
              onApprove={approve}
              onReject={setRejecting}
            />
            {canFinal && (
              <FinalReview
                app={app}
                isCurrent={actionable === 'chairman'}
                onApprove={() => approve('chairman')}
                onReject={() => setRejecting('chairman')}
              />
            )}
            <Paper withBorder p="md" component="section">
              <Title order={2} size="h4" mb="sm">
                {t('applications.otherDocuments')}
              </Title>
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
            </Paper>
            <Details app={app} />
            <ApplicationHistory
              id={app.id}
              version={`${app.updated_at ?? ''}${app.chairman_status}`}
            />
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
      <RejectReasonModal
        opened={rejecting !== null}
        subject={subject}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && reject(rejecting, reason)}
      />
    </Stack>
  );
}

function Field({ label, value }: { label: MessageKey; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm">{value === null || value === '' ? t('date.notAvailable') : value}</Text>
    </div>
  );
}

/** SPEC §2: Club Details and Contact Person Details. */
function Details({ app }: { app: Application }) {
  const person = (name: string, phone: string) => (name ? `${name} (${phone})` : '');
  return (
    <>
      <Paper withBorder p="md" component="section">
        <Title order={2} size="h4" mb="sm">
          {t('applications.clubDetails')}
        </Title>
        <SimpleGrid cols={2}>
          <Field label="applications.email" value={app.email} />
          <Field label="applications.phone" value={app.phone} />
          <Field label="applications.wardLabel" value={app.ward_no} />
          <Field label="applications.govtRegisterNo" value={app.govt_register_no} />
          <Field label="applications.clubAddress" value={app.address} />
          <Field
            label="applications.pujaLocation"
            value={`${app.puja_location_address}${app.puja_location_ward_no ? ` (${t('applications.ward', { ward: app.puja_location_ward_no })})` : ''}`}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section">
        <Title order={2} size="h4" mb="sm">
          {t('applications.contactPersons')}
        </Title>
        <SimpleGrid cols={2}>
          <Field
            label="applications.clubPresident"
            value={person(app.club_president_name, app.club_president_phone)}
          />
          <Field
            label="applications.clubSecretary"
            value={person(app.club_secrety_name, app.club_secrety_phone)}
          />
          <Field
            label="applications.pujaPresident"
            value={person(app.puja_presient_name, app.puja_presient_phone)}
          />
          <Field
            label="applications.pujaSecretary"
            value={person(app.puja_secretary_name, app.puja_secretary_phone)}
          />
        </SimpleGrid>
      </Paper>
    </>
  );
}
