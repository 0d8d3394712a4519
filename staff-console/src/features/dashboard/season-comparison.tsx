import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  formatCount,
  localiseDigits,
  summariseSeason,
  type Application,
  type Locale,
  type SeasonSummary,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

function daysText(days: number | null, locale: Locale): string {
  return days === null
    ? t('seasonCompare.none')
    : t('seasonCompare.days', { count: formatCount(days, locale) });
}

const ROWS: readonly {
  key: keyof SeasonSummary;
  label: 'seasonCompare.applications' | 'seasonCompare.issued' | 'seasonCompare.medianDays';
}[] = [
  { key: 'applications', label: 'seasonCompare.applications' },
  { key: 'issued', label: 'seasonCompare.issued' },
  { key: 'medianDaysToIssue', label: 'seasonCompare.medianDays' },
];

/** The two seasons compared, each list null until it arrives. */
interface Seasons {
  /** The season shown. */
  year: number;
  applications: Application[] | null;
  /** The season before, or null when there is none. */
  previousYear: number | null;
  previous: Application[] | null;
}

/**
 * The dashboard's comparison with the season before (issue 20): applications, issued NOCs and
 * the median days from submission to NOC of the season shown and the one before it (domain's
 * `summariseSeason`), as a table.
 */
export function SeasonComparison(seasons: Seasons) {
  const { year, previousYear } = seasons;
  useLocale();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="season-comparison">
      <Title order={2} size="h4" id="season-comparison">
        {t('seasonCompare.title')}
      </Title>
      {previousYear === null ? (
        <Text c="dimmed" mt="xs">
          {t('seasonCompare.noPrevious', { year })}
        </Text>
      ) : (
        <>
          <Text c="dimmed" size="sm" mb="sm">
            {t('seasonCompare.hint')}
          </Text>
          <ComparisonTable {...seasons} previousYear={previousYear} />
        </>
      )}
    </Paper>
  );
}

/** The table of the two seasons, once there is a season before. */
function ComparisonTable({
  year,
  applications,
  previousYear,
  previous,
}: Seasons & { previousYear: number }) {
  const locale = useLocale();
  const shown = useMemo(() => applications && summariseSeason(applications), [applications]);
  const before = useMemo(() => previous && summariseSeason(previous), [previous]);
  const cell = (summary: SeasonSummary | null, key: keyof SeasonSummary) => {
    if (summary === null) return <Skeleton h={16} w={48} />;
    const value = summary[key];
    return key === 'medianDaysToIssue' ? daysText(value, locale) : formatCount(value ?? 0, locale);
  };
  return (
    <Table withTableBorder maw={560} data-testid="season-comparison">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('seasonCompare.measure')}</Table.Th>
          <Table.Th>{localiseDigits(String(year), locale)}</Table.Th>
          <Table.Th>{localiseDigits(String(previousYear), locale)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ROWS.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={500}>
              {t(row.label)}
            </Table.Th>
            <Table.Td>{cell(shown, row.key)}</Table.Td>
            <Table.Td>{cell(before, row.key)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
