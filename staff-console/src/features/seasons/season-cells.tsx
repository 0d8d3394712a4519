import { ActionIcon, Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import {
  canCloseEarly,
  canCloseReview,
  formatShortDate,
  localiseDigits,
  type SeasonState,
  type SeasonWithState,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { APPROVED_COLOR } from '../../components/status-badge';

// Dark shades on outline badges, as the status badges: AA contrast on white and striped rows.
const STATE_COLOR: Readonly<Record<SeasonState, string>> = {
  upcoming: 'blue.9',
  open: APPROVED_COLOR,
  closed: 'gray.8',
};

/** What a season's row lets staff do: give it new dates, close it early, close its review. */
export interface SeasonActions {
  onEdit: (season: SeasonWithState) => void;
  onCloseEarly: (season: SeasonWithState) => void;
  onCloseReview: (season: SeasonWithState) => void;
}

/** The year with what it is now (current season, state) under it: one column, not two. */
export function SeasonCell({ season, current }: { season: SeasonWithState; current: boolean }) {
  const locale = useLocale();
  return (
    <Stack gap={4} align="flex-start">
      <Text fw={600}>{localiseDigits(String(season.year), locale)}</Text>
      {current && (
        <Badge variant="filled" color="blue.9">
          {t('seasons.current')}
        </Badge>
      )}
      <Badge variant="outline" color={STATE_COLOR[season.state]}>
        {t(`seasons.state.${season.state}`)}
      </Badge>
    </Stack>
  );
}

/** A season's days, each under its label, in the chosen language. */
export function DatesCell({ season }: { season: SeasonWithState }) {
  const locale = useLocale();
  const days = [
    { label: t('seasons.opensOn'), day: season.opens_on },
    { label: t('seasons.closesOn'), day: season.closes_on, none: t('seasons.noCloseDate') },
    { label: t('seasons.pujaStartsOn'), day: season.puja_starts_on },
  ];
  return (
    <Stack component="dl" gap={6} m={0}>
      {days.map(({ label, day, none }) =>
        day === null && none === undefined ? null : (
          <div key={label}>
            <Text component="dt" size="xs" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0}>
              {day === null ? none : formatShortDate(day, locale)}
            </Text>
          </div>
        ),
      )}
    </Stack>
  );
}

/** A row's controls, one under the other so the column stays narrow; a long label wraps. */
export function ActionsCell({
  season,
  currentYear,
  actions,
}: {
  season: SeasonWithState;
  currentYear: number | null;
  actions: SeasonActions;
}) {
  const wrapping = { label: { whiteSpace: 'normal', lineHeight: 1.25 } } as const;
  const closeButton = (label: string, onClick: () => void) => (
    <Button
      size="xs"
      h="auto"
      py={6}
      variant="outline"
      color="red.9"
      styles={wrapping}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="xs" align="flex-start">
      <Tooltip label={t('seasons.edit', { year: season.year })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('seasons.edit', { year: season.year })}
          onClick={() => actions.onEdit(season)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {canCloseEarly(season, currentYear) &&
        closeButton(t('seasons.closeNow'), () => actions.onCloseEarly(season))}
      {canCloseReview(season) &&
        closeButton(t('seasons.closeReview', { year: season.year }), () =>
          actions.onCloseReview(season),
        )}
    </Stack>
  );
}
