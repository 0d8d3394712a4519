import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatShortDate, type Season } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * Opening the next season asks once more: every club of the season before gets a mail that
 * day, and what that season still has open stays open (issue 27).
 */
export function OpenSeasonConfirm({
  title,
  season,
  previous,
  leftOpen,
  onCancel,
  onConfirm,
}: {
  title: string;
  season: Season;
  previous: Season | null;
  leftOpen?: ((previousYear: number) => ReactNode) | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const locale = useLocale();
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Stack>
        <Text>
          {t('seasons.addConfirm', {
            year: season.year,
            date: formatShortDate(season.opens_on, locale),
            previous: previous?.year ?? season.year - 1,
          })}
        </Text>
        {previous !== null && leftOpen?.(previous.year)}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button data-autofocus onClick={onConfirm}>
          {t('seasons.confirmAdd')}
        </Button>
      </Group>
    </Modal>
  );
}
