import { Alert, Badge, Button, Grid, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReferralDetail } from '@puja/api-client';
import { landTypeLabel, localiseDigits } from '@puja/domain';
import { ContactPersons, Field } from '../../../../components/application-fields';
import { DocumentViewer } from '../../../../components/document-viewer';
import { PageLoader } from '../../../../components/page-loader';
import { agenciesQuery, REFERRALS_KEY } from '../../../../features/departments/queries';
import { ReferralActions } from '../../../../features/departments/referral-actions';
import {
  ReferralDocuments,
  type Viewed,
} from '../../../../features/departments/referral-documents';
import { ReferralHistory } from '../../../../features/departments/referral-history';
import { ReferralState } from '../../../../features/departments/referral-states';
import { ReferralStatusBadge } from '../../../../features/departments/referral-status';
import { useReferrals, useWorkingDay } from './-use-desk';
import { APPLICATIONS_KEY } from '../../../../features/applications/queries';
import { useConsoleSession } from '../../../../lib/use-staff-session';
import { errorText, t, useLocale, usePageTitle } from '@puja/web-kit';
import { Panel } from '../../../../components/panel';

export const Route = createFileRoute('/admin/_staff/referrals/$id')({
  component: ReferralPage,
});

/**
 * Issue 29 referral detail: what the department needs to decide (club, application no., puja
 * location and ward, land type, the four authorities with phones, every document view only),
 * the referral's state so far, and the caller's actions (decide, record a letter, withdraw).
 */
function ReferralPage() {
  const { id } = Route.useParams();
  const { data, error } = useReferrals();
  const referral = data?.find((candidate) => String(candidate.id) === id);
  usePageTitle(t('referrals.title'));
  if (error !== null) {
    return (
      <Alert color="red" role="alert">
        {errorText(error, 'referrals.fetchFailed')}
      </Alert>
    );
  }
  if (data === undefined) return <PageLoader />;
  if (referral === undefined) {
    return (
      <Stack>
        <BackLink />
        <Alert color="yellow">{t('referrals.missing')}</Alert>
      </Stack>
    );
  }
  return <ReferralDesk key={referral.id} referral={referral} />;
}

/** What a referral's change touches: the desk's list, and the applications' referral states. */
const TOUCHED = [REFERRALS_KEY, APPLICATIONS_KEY] as const;

function BackLink() {
  return (
    <Group>
      <Button variant="subtle" component={Link} to="/admin/referrals">
        ← {t('referrals.back')}
      </Button>
    </Group>
  );
}

function ReferralDesk({ referral }: { referral: ReferralDetail }) {
  const locale = useLocale();
  const session = useConsoleSession();
  const { data: agencies } = useQuery(agenciesQuery());
  const [viewing, setViewing] = useState<Viewed | null>(null);
  const { today } = useWorkingDay();
  const app = referral.application;
  const agency = agencies?.find((candidate) => candidate.id === referral.agency_id);
  const ward = app?.puja_location_ward_no ?? null;
  return (
    <Stack>
      <BackLink />
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2">
          {app?.club_name || t('applications.unknownClub')}
        </Title>
        {app && (
          <Badge variant="outline">
            {t('applications.applicationNo')}: {localiseDigits(app.reg_no, locale)}
          </Badge>
        )}
        <Badge variant="outline">{referral.agency_name}</Badge>
        <ReferralStatusBadge status={referral.status} />
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Panel title={t('referrals.history')}>
              <Stack>
                {referral.appeal_reason !== null && (
                  <Alert color="blue">
                    {t('appeals.reopenedReferral', { reason: referral.appeal_reason })}
                  </Alert>
                )}
                <ReferralState referral={referral} />
                <ReferralHistory history={referral.history} clubName={app?.club_name ?? ''} />
                <ReferralActions
                  referral={referral}
                  agency={agency}
                  session={session}
                  today={today}
                  touched={TOUCHED}
                />
              </Stack>
            </Panel>
            {app && (
              <>
                <Panel title={t('referrals.puja')}>
                  <SimpleGrid cols={2}>
                    <Field
                      label="applications.pujaLocation"
                      value={`${app.puja_location_address}${ward ? ` (${t('applications.ward', { ward })})` : ''}`}
                    />
                    <Field
                      label="referrals.landType"
                      value={app.land_type ? t(landTypeLabel(app.land_type)) : ''}
                    />
                  </SimpleGrid>
                </Panel>
                <ContactPersons app={app} />
                <ReferralDocuments app={app} viewing={viewing?.path ?? null} onView={setViewing} />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <DocumentViewer title={viewing?.title ?? null} path={viewing?.path ?? null} />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
