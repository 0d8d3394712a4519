import { Alert, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  localiseDigits,
  previousSeason,
  validateNewSeason,
  validateSeasonUpdate,
  type Season,
} from '@puja/domain';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { OpenSeasonConfirm } from './open-season-confirm';
import { t, useLocale } from '@puja/web-kit';

type Field = keyof Season;

/**
 * Opening the next season, or new dates for one (the year is then its key): the days typed
 * dd/mm/yyyy or picked (DayField), checked by domain's season rules before anything is sent; opening asks
 * once more (every club of the season before gets a mail). A refusal of the server stays in the
 * dialog above the fields, beside its toast.
 */
export function SeasonDialog({
  season,
  seasons,
  defaultYear,
  refusal,
  leftOpen,
  onClose,
  onSave,
}: {
  /** null: opening the next season. */
  season: Season | null;
  seasons: readonly Season[];
  /** The year proposed for a new season. */
  defaultYear: number;
  /** The server's refusal of the last save, shown in the dialog. */
  refusal: string | null;
  /** Opening the next season: what the season before still has open (issue 27). */
  leftOpen?: (previousYear: number) => ReactNode;
  onClose: () => void;
  onSave: (season: Season) => void;
}) {
  const locale = useLocale();
  const adding = season === null;
  const [form, setForm] = useState({
    // In the screen's digits, as every number on it (domain reads either).
    year: localiseDigits(String(season?.year ?? defaultYear), locale),
    opens_on: season?.opens_on ?? '',
    closes_on: season?.closes_on ?? '',
    puja_starts_on: season?.puja_starts_on ?? '',
  });
  const [problem, setProblem] = useState<{ field: Field | null; text: string } | null>(null);
  const [confirming, setConfirming] = useState<Season | null>(null);
  const set = (field: Field) => (value: string) => {
    setForm((old) => ({ ...old, [field]: value }));
    setProblem(null);
  };
  const errorOf = (field: Field) => (problem?.field === field ? problem.text : undefined);
  const title = adding ? t('seasons.add') : t('seasons.edit', { year: season.year });

  if (confirming !== null) {
    return (
      <OpenSeasonConfirm
        title={title}
        season={confirming}
        previous={previousSeason(seasons, confirming.year)}
        leftOpen={leftOpen}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          onSave(confirming);
        }}
      />
    );
  }

  return (
    <FormDialog
      title={title}
      refusal={refusal}
      onSubmit={() => {
        const checked = adding
          ? validateNewSeason(form, seasons)
          : validateSeasonUpdate({ ...form, year: season.year }, seasons);
        if (!checked.ok) {
          setProblem({ field: checked.field, text: t(checked.message) });
          return;
        }
        if (adding) setConfirming(checked.value);
        else onSave(checked.value);
      }}
      onClose={onClose}
    >
      {problem !== null && problem.field === null && (
        <Alert color="red" role="alert">
          {problem.text}
        </Alert>
      )}
      {adding && (
        <TextInput
          label={t('seasons.year')}
          inputMode="numeric"
          value={form.year}
          onChange={(e) => set('year')(e.currentTarget.value)}
          error={errorOf('year')}
          required
          data-autofocus
        />
      )}
      <DayField
        label={t('seasons.opensOn')}
        value={form.opens_on}
        onChange={set('opens_on')}
        error={errorOf('opens_on')}
        required
        data-autofocus={adding ? undefined : true}
      />
      <DayField
        label={t('seasons.closesOn')}
        description={t('seasons.closesOnHint')}
        value={form.closes_on}
        onChange={set('closes_on')}
        error={errorOf('closes_on')}
      />
      <DayField
        label={t('seasons.pujaStartsOn')}
        value={form.puja_starts_on}
        onChange={set('puja_starts_on')}
        error={errorOf('puja_starts_on')}
      />
    </FormDialog>
  );
}
