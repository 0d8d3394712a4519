import { Select } from '@mantine/core';
import { WARD_NUMBERS } from '@puja/domain';
import { t } from '../lib/t';

const OPTIONS = [
  { value: '', label: t('applications.allWards') },
  ...WARD_NUMBERS.map((ward) => ({ value: String(ward), label: t('applications.ward', { ward }) })),
];

/** SPEC §2, §9: All Wards, then "Ward No: 1" to 25; null is all wards. */
export function WardSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (ward: number | null) => void;
}) {
  return (
    <Select
      aria-label={t('applications.wardLabel')}
      data={OPTIONS}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      allowDeselect={false}
      w={170}
    />
  );
}
