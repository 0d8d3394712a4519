import { Button, Checkbox, Group, Select } from '@mantine/core';
import {
  PENDING_DOC_FILTERS,
  PENDING_DOC_LABEL,
  REVIEW_STEPS,
  REVIEW_STEP_LABEL,
  clearFilters,
  isFilterActive,
  parseReviewStep,
  type ListFilters,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { SearchBox } from '../../components/search-box';
import { WardSelect } from '../../components/ward-select';
import { DepartmentFilter } from './department-filter';

/**
 * SPEC §2 NOC Applications' filters under the tabs: club-name search, ward, the Pending Document
 * filter on the Pending tab, the review step (issue 13), the department (issue 29, only when any
 * application was referred), oldest waiting first, and Clear All while any filter is on.
 * `onChange`'s `replace` is true while typing (one history entry for a whole search).
 */
export function ListFilterBar({
  filters,
  departments,
  oldestFirst,
  onChange,
  onOldestFirst,
}: {
  filters: ListFilters;
  departments: readonly { id: number; name: string }[];
  oldestFirst: boolean;
  onChange: (next: ListFilters, replace?: boolean) => void;
  onOldestFirst: (oldestFirst: boolean) => void;
}) {
  useLocale();
  return (
    <Group align="end" wrap="wrap">
      <SearchBox
        label={t('applications.search')}
        description={t('applications.searchHint')}
        value={filters.q}
        onChange={(q) => onChange({ ...filters, q }, true)}
        width={300}
      />
      <WardSelect value={filters.ward} onChange={(ward) => onChange({ ...filters, ward })} />
      {filters.tab === 'pending' && (
        <Select
          label={t('applications.pendingDoc.filter')}
          data={PENDING_DOC_FILTERS.map((value) => ({
            value,
            label: t(PENDING_DOC_LABEL[value]),
          }))}
          value={filters.pendingDoc}
          onChange={(value) =>
            value && onChange({ ...filters, pendingDoc: value as ListFilters['pendingDoc'] })
          }
          allowDeselect={false}
          w={240}
        />
      )}
      <Select
        label={t('reviewStep.filter')}
        data={[
          { value: 'all', label: t('reviewStep.all') },
          ...REVIEW_STEPS.map((step) => ({ value: step, label: t(REVIEW_STEP_LABEL[step]) })),
        ]}
        value={filters.step ?? 'all'}
        onChange={(value) => onChange({ ...filters, step: parseReviewStep(value) })}
        allowDeselect={false}
        w={220}
      />
      {departments.length > 0 && (
        <DepartmentFilter
          departments={departments}
          value={filters.department ?? null}
          onChange={(department) => onChange({ ...filters, department })}
        />
      )}
      <Checkbox
        label={t('applications.sortOldest')}
        checked={oldestFirst}
        onChange={(event) => onOldestFirst(event.currentTarget.checked)}
      />
      {isFilterActive(filters) && (
        <Button variant="subtle" onClick={() => onChange(clearFilters(filters))}>
          {t('applications.clearAll')}
        </Button>
      )}
    </Group>
  );
}
