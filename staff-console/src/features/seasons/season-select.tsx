import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useViewedSeason } from './queries';
import { t, useDigits } from '@puja/web-kit';

/**
 * The season selector (issue 20, decision 0035): the seasons newest first, the current one
 * marked; choosing one writes `?season=` (nothing for the current season) and keeps the rest of
 * the screen's URL but its page. Hidden until the seasons are known; the screen then shows the
 * current season.
 */
export function SeasonSelect() {
  // The years in the language's digits, as the screen around them (issue 22).
  const digits = useDigits();
  const navigate = useNavigate();
  const { seasons, year, currentYear } = useViewedSeason();
  if (seasons === undefined || year === null) return null;
  const data = seasons.map((season) => ({
    value: String(season.year),
    label:
      season.year === currentYear
        ? t('seasons.selectorCurrent', { year: season.year })
        : digits(season.year),
  }));
  // A year in the URL that is no season still shows, so the screen says which one it is.
  if (!seasons.some((season) => season.year === year)) {
    data.push({ value: String(year), label: digits(year) });
  }
  return (
    <Select
      label={t('seasons.selector')}
      data={data}
      value={String(year)}
      allowDeselect={false}
      w={180}
      onChange={(value) => {
        if (value === null) return;
        const chosen = Number(value);
        void navigate({
          to: '.',
          search: (prev: Record<string, unknown>) => ({
            ...prev,
            season: chosen === currentYear ? undefined : chosen,
            page: undefined,
          }),
        });
      }}
    />
  );
}

/**
 * A season screen's heading: its title (and hint) beside the season selector, and, on a past
 * season, that it takes no new applications while its undecided ones go on (issue 27), or,
 * once its review is closed, that they can no longer be changed.
 */
export function SeasonHeader({ title, hint }: { title: string; hint?: string }) {
  const { past, year, reviewClosed } = useViewedSeason();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          {hint !== undefined && <Text c="dimmed">{hint}</Text>}
        </div>
        <SeasonSelect />
      </Group>
      {past && year !== null && (
        <Alert color="yellow" variant="light">
          {reviewClosed ? t('seasons.pastReadOnly', { year }) : t('seasons.viewingPast', { year })}
        </Alert>
      )}
    </Stack>
  );
}
