import { Select } from '@mantine/core';
import type { Application } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * The departments the season's applications were referred to (issue 29), by name: the list's
 * department filter offers these; none when no department takes part.
 */
export function referredDepartments(
  applications: readonly Application[],
): { id: number; name: string }[] {
  const names = new Map<number, string>();
  for (const referral of applications.flatMap((app) => app.referrals ?? [])) {
    names.set(referral.agency_id, referral.agency_name);
  }
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The list's filter by department (issue 29): every department, or one. */
export function DepartmentFilter({
  departments,
  value,
  onChange,
}: {
  departments: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (department: number | null) => void;
}) {
  return (
    <Select
      label={t('referrals.filterDepartment')}
      data={[
        { value: '', label: t('referrals.anyDepartment') },
        ...departments.map((department) => ({
          value: String(department.id),
          label: department.name,
        })),
      ]}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      allowDeselect={false}
      w={220}
    />
  );
}
