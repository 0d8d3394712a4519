import { Select } from '@mantine/core';
import { WARD_NUMBERS } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * SPEC §2, §9: All Wards, then "Ward No: 1" to 25, in the chosen language (built on every
 * render, so a language switch renames them); null is all wards.
 */
export function WardSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (ward: number | null) => void;
}) {
  useLocale();
  const options = [
    { value: '', label: t('applications.allWards') },
    ...WARD_NUMBERS.map((ward) => ({
      value: String(ward),
      label: t('applications.ward', { ward }),
    })),
  ];
  return (
    <Select
      aria-label={t('applications.wardLabel')}
      data={options}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      allowDeselect={false}
      w={170}
    />
  );
}
