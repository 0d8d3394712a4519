import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import {
  formatCount,
  seasonFigures,
  type Application,
  type Locale,
  type SeasonFigures,
} from '@puja/domain';
import classes from './season-overview.module.css';
import { errorText, t, useLocale } from '@puja/web-kit';
import { ErrorAlert } from '../../components/error-alert';

const charts = () => import('./season-charts');
const WardBars = lazy(() => charts().then((module) => ({ default: module.WardBars })));
const DayBars = lazy(() => charts().then((module) => ({ default: module.DayBars })));

/** A chart, drawn once its code arrives (the figures show meanwhile in the table below it). */
function ChartFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div aria-hidden className={classes.chart} data-testid={testId}>
      <Suspense fallback={<Skeleton h={260} />}>{children}</Suspense>
    </div>
  );
}

/**
 * The season at a glance (issue 13, decision 0025), from the application list the console
 * already holds (figures from domain): how many wait at each review step, per ward, and
 * submissions and issued NOCs per day. A step or a ward bar opens the NOC list filtered to what
 * it counts; every chart has a table beside it for screen readers and keyboards. The charts'
 * code (recharts) loads apart, after the counters and steps are on screen.
 */
export function SeasonOverview({
  applications,
  error,
  onRetry,
}: {
  /** The shared application list, null until it arrives. */
  applications: Application[] | null;
  /** The list's last failure, or null. */
  error: unknown;
  onRetry: () => void;
}) {
  const locale = useLocale();
  const figures = useMemo(
    () => (applications === null ? null : seasonFigures(applications, locale)),
    [applications, locale],
  );

  if (figures === null) {
    return error === null ? (
      <Stack data-testid="season-loading" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton h={120} />
        <Skeleton h={280} />
      </Stack>
    ) : (
      <Alert color="red" role="alert" title={t('season.fetchFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(error, 'applications.fetchFailed')}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('season.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (figures.empty) {
    return (
      <Paper withBorder p="xl" data-testid="season-empty">
        <Text c="dimmed" ta="center">
          {t('season.empty')}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xl">
      <ErrorAlert error={error} fallback="applications.fetchFailed" />
      <StepQueue steps={figures.steps} locale={locale} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <WardChart wards={figures.wards} locale={locale} />
        <DayChart days={figures.days} locale={locale} />
      </SimpleGrid>
    </Stack>
  );
}

/** A titled section of the dashboard, named by its heading. */
function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {hint}
      </Text>
      {children}
    </section>
  );
}

/** The five review steps in order, each a link to the applications waiting there. */
function StepQueue({ steps, locale }: { steps: SeasonFigures['steps']; locale: Locale }) {
  const most = Math.max(1, ...steps.map((step) => step.count));
  return (
    <Section id="season-steps" title={t('season.stepsTitle')} hint={t('season.stepsHint')}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} component="ol" className={classes.steps}>
        {steps.map((step) => (
          <li key={step.step}>
            <Link
              to="/admin/noc-applications"
              search={{ step: step.step }}
              className={classes.cardLink}
              data-testid={`queue-${step.step}`}
            >
              <Card withBorder padding="md" h="100%">
                <Text size="sm" c="dimmed">
                  {t(step.label)}
                </Text>
                <Text fz={28} fw={700}>
                  {formatCount(step.count, locale)}
                </Text>
                <Progress value={(step.count / most) * 100} aria-hidden size="sm" mt="xs" />
              </Card>
            </Link>
          </li>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Applications per ward: a bar chart whose bars open the ward's list, and the same as a table. */
function WardChart({ wards, locale }: { wards: SeasonFigures['wards']; locale: Locale }) {
  return (
    <Section id="season-wards" title={t('season.wardsTitle')} hint={t('season.wardsHint')}>
      <ChartFrame testId="ward-chart">
        <WardBars wards={wards} />
      </ChartFrame>
      <ChartTable head={[t('season.ward'), t('season.count')]}>
        {wards.map((ward) => (
          <Table.Tr key={ward.ward}>
            <Table.Th scope="row" fw="normal">
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/admin/noc-applications" search={{ ward: ward.ward }} />
                )}
                data-testid={`ward-${ward.ward}`}
              >
                {t('season.wardNumber', { ward: formatCount(ward.ward, locale) })}
              </Anchor>
            </Table.Th>
            <Table.Td>{formatCount(ward.count, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </ChartTable>
    </Section>
  );
}

/** Submissions and issued NOCs per day of the season, and the same as a table. */
function DayChart({ days, locale }: { days: SeasonFigures['days']; locale: Locale }) {
  return (
    <Section id="season-days" title={t('season.daysTitle')} hint={t('season.daysHint')}>
      {days.length === 0 ? (
        <Text c="dimmed">{t('season.noEvents')}</Text>
      ) : (
        <>
          <ChartFrame testId="day-chart">
            <DayBars days={days} />
          </ChartFrame>
          <ChartTable head={[t('season.day'), t('season.submitted'), t('season.issued')]}>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Th scope="row" fw="normal">
                  {day.label}
                </Table.Th>
                <Table.Td>{formatCount(day.submitted, locale)}</Table.Td>
                <Table.Td>{formatCount(day.issued, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </ChartTable>
        </>
      )}
    </Section>
  );
}

/**
 * A chart's figures as a table, folded under the chart (open by keyboard or screen reader): one
 * column heading per `head` entry, then the rows (children).
 */
function ChartTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <details className={classes.details}>
      <summary>{t('season.showTable')}</summary>
      <Group mt="xs">
        <Table withTableBorder striped maw={420}>
          <Table.Thead>
            <Table.Tr>
              {head.map((heading) => (
                <Table.Th key={heading} scope="col">
                  {heading}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Group>
    </details>
  );
}
