import { Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  AGENCY_KINDS,
  AGENCY_MODES,
  formatWards,
  localiseDigits,
  validateAgency,
  type Agency,
  type AgencyFields,
} from '@puja/domain';
import { FormDialog } from '../../components/form-dialog';
import { useProblemForm } from '../../lib/use-field-problem';
import { t, useLocale } from '@puja/web-kit';

/**
 * Adding a department, or editing one (issue 29): checked by domain's `validateAgency` before
 * anything is sent (the problem beside its field); a refusal of the server stays above the fields.
 */
export function AgencyDialog({
  agency,
  refusal,
  onClose,
  onSave,
}: {
  /** null: adding a new department. */
  agency: Agency | null;
  refusal: string | null;
  onClose: () => void;
  onSave: (fields: AgencyFields) => void;
}) {
  const locale = useLocale();
  const { form, set, choice, text, problem } = useProblemForm({
    name: agency?.name ?? '',
    kind: agency?.kind ?? '',
    wards: formatWards(agency?.wards ?? []),
    mode: agency?.mode ?? 'online',
    days: localiseDigits(String(agency?.days ?? 7), locale),
    deemed_approval: agency?.deemed_approval ?? false,
    email: agency?.email ?? '',
    phone: agency?.phone ?? '',
    active: agency?.active ?? false,
  });
  const choices = (values: readonly string[], prefix: 'agencies.kind' | 'agencies.mode') =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'agencies.kind.police') }));

  return (
    <FormDialog
      title={t(agency === null ? 'agencies.add' : 'agencies.edit')}
      refusal={refusal}
      size="lg"
      onSubmit={() => {
        const checked = validateAgency(form);
        if (problem.show(checked)) onSave(checked.value);
      }}
      onClose={onClose}
    >
      <TextInput label={t('agencies.field.name')} required data-autofocus {...text('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('agencies.field.kind')}
          data={choices(AGENCY_KINDS, 'agencies.kind')}
          value={form.kind || null}
          onChange={set('kind')}
          error={problem.errorOf('kind')}
          allowDeselect={false}
          required
        />
        <Select
          label={t('agencies.field.mode')}
          data={choices(AGENCY_MODES, 'agencies.mode')}
          {...choice('mode')}
          allowDeselect={false}
          required
        />
      </SimpleGrid>
      <TextInput
        label={t('agencies.field.wards')}
        description={t('agencies.field.wardsHint')}
        {...text('wards')}
      />
      <TextInput
        label={t('agencies.field.days')}
        description={t('agencies.field.daysHint')}
        inputMode="numeric"
        required
        {...text('days')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('agencies.field.email')} type="email" {...text('email')} />
        <TextInput label={t('agencies.field.phone')} inputMode="tel" {...text('phone')} />
      </SimpleGrid>
      <Group>
        <Checkbox
          label={t('agencies.field.deemed')}
          description={t('agencies.field.deemedHint')}
          checked={form.deemed_approval}
          onChange={(event) => set('deemed_approval')(event.currentTarget.checked)}
        />
        <Checkbox
          label={t('agencies.field.active')}
          checked={form.active}
          onChange={(event) => set('active')(event.currentTarget.checked)}
        />
      </Group>
    </FormDialog>
  );
}
