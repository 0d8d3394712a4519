import {
  earlyCloseDay,
  formatShortDate,
  type OpenApplications,
  type SeasonWithState,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LeftOpenNotice } from './open-applications';

/**
 * Closing the current season early (issue 20), asked first: the day it will close and what it
 * leaves open (issue 27). `season` null: closed.
 */
export function CloseEarlyDialog({
  season,
  open,
  nowMs,
  onCancel,
  onConfirm,
}: {
  season: SeasonWithState | null;
  open: OpenApplications | undefined;
  nowMs: number;
  onCancel: () => void;
  onConfirm: (season: SeasonWithState) => void;
}) {
  const locale = useLocale();
  return (
    <ConfirmDialog
      opened={season !== null}
      question={
        season === null
          ? ''
          : t('seasons.closeConfirm', {
              year: season.year,
              date: formatShortDate(earlyCloseDay(season, nowMs), locale),
            })
      }
      confirmLabel={t('seasons.closeNow')}
      onCancel={onCancel}
      onConfirm={() => season !== null && onConfirm(season)}
    >
      {season !== null && <LeftOpenNotice year={season.year} open={open} />}
    </ConfirmDialog>
  );
}
