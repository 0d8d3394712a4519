import { Group, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { REFERRAL_TABS, referralWorkList, type ReferralTab } from '@puja/domain';
import { DataTable } from '../../../../components/data-table';
import { ViewTabs } from '../../../../components/view-tabs';
import { WardSelect } from '../../../../components/ward-select';
import { ErrorAlert } from '../../../../components/error-alert';
import { useReferralColumns } from '../../../../features/departments/referral-columns';
import { useReferrals, useWorkingDay } from './-use-desk';
import { SeasonHeader } from '../../../../features/seasons/season-select';
import { useConsoleSession } from '../../../../lib/use-staff-session';
import { t, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/referrals/')({
  component: ReferralsPage,
});

/**
 * Issue 29 agency desk: an officer's work list of its department's referrals (staff: every
 * department's), by season, with status tabs and a ward filter; the overdue first, then by due
 * date, each with the working days it has left.
 */
function ReferralsPage() {
  usePageTitle(t('referrals.title'));
  const session = useConsoleSession();
  const { data, error, isPending } = useReferrals();
  const { today, calendar } = useWorkingDay();
  const [tab, setTab] = useState<ReferralTab>('pending');
  const [ward, setWard] = useState<number | null>(null);
  const columns = useReferralColumns(today, calendar, session.role !== 'agency');
  const shown = referralWorkList(data ?? [], { tab, ward }, today, calendar);

  return (
    <Stack>
      <SeasonHeader title={t('referrals.title')} />
      <ErrorAlert error={error} fallback="referrals.fetchFailed" />
      <Group justify="space-between" align="flex-end">
        <ViewTabs
          tabs={REFERRAL_TABS}
          value={tab}
          label={(value) => `referrals.tab.${value}`}
          onChange={setTab}
        />
        <WardSelect value={ward} onChange={setWard} />
      </Group>
      <DataTable
        columns={columns}
        data={shown}
        loading={isPending && error === null}
        emptyText={t('referrals.empty')}
        getRowId={(referral) => String(referral.id)}
      />
    </Stack>
  );
}
