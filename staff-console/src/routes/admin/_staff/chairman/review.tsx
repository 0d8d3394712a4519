import { Anchor, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { awaitsChairmanReview, localiseDigits, type Application } from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../../../components/data-table';
import { ApplicationLink } from '../../../../components/application-link';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { ReferralSummary } from '../../../../features/departments/referral-states';
import { DecisionButtons } from '../../../../features/reviews/decision-buttons';
import { loadsSeasonList } from '../../../../features/applications/queries';
import { ReviewPanel, useReviewPanel } from '../-review-panel';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/chairman/review')({
  ...loadsSeasonList,
  component: ChairmanReviewPage,
});

/**
 * SPEC §2 Chairman Final Review (chairman): certificate and agreement Approved, chairman
 * Pending; club name, president, year and the decision in the row, oldest waiting first. Issue
 * 27 adds what the chairman decides on: the ward, the puja location (with its ward) and a link
 * to the documents on the detail page.
 */
function ChairmanReviewPage() {
  const locale = useLocale();
  usePageTitle(t('nav.chairmanReview'));
  // The final decision issues (or refuses) a legal certificate: it always asks first.
  const panel = useReviewPanel(awaitsChairmanReview, {
    subjectOf: () => '',
    open: () => undefined,
  });
  const { reviewClosed, nowMs, review } = panel;

  const columns = useMemo<Column<Application>[]>(
    () => [
      // Column widths add up to ~700 px, within 1024 px beside the side panel; names and the
      // location wrap. How long an application has waited sits under its name.
      {
        accessorKey: 'club_name',
        header: t('registration.field.club'),
        size: 130,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => (
          <Stack gap={4} align="flex-start">
            <ApplicationLink app={row.original} />
            <WaitingBadge app={row.original} nowMs={nowMs} />
            <ReferralSummary referrals={row.original.referrals ?? []} />
          </Stack>
        ),
      },
      {
        accessorKey: 'club_president_name',
        header: t('applications.clubPresident'),
        size: 100,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'apply_year',
        header: t('applications.year'),
        size: 60,
        Cell: ({ cell }) => localiseDigits(cell.getValue<string>(), locale),
      },
      {
        id: 'ward',
        header: t('applications.wardLabel'),
        size: 60,
        accessorFn: (app) => app.ward_no ?? '',
        Cell: ({ cell }) => localiseDigits(String(cell.getValue<number | ''>()), locale),
      },
      {
        id: 'puja_location',
        header: t('applications.pujaLocation'),
        size: 120,
        accessorFn: (app) => app.puja_location_address,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => (
          <>
            {row.original.puja_location_address}
            {row.original.puja_location_ward_no !== null && (
              <Text size="xs" c="dimmed">
                {t('applications.pujaWard', { ward: row.original.puja_location_ward_no })}
              </Text>
            )}
          </>
        ),
      },
      {
        id: 'documents',
        header: t('final.documentsColumn'),
        size: 100,
        enableSorting: false,
        mantineTableBodyCellProps: WRAPPING_CELL,
        Cell: ({ row }) => (
          <Anchor
            size="sm"
            aria-label={`${t('final.viewDocuments')} ${row.original.club_name}`}
            renderRoot={(root) => (
              <Link
                {...root}
                to="/admin/noc-applications/$id"
                params={{ id: String(row.original.id) }}
                hash="document-verification"
              />
            )}
          >
            {t('final.viewDocuments')}
          </Anchor>
        ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        // The buttons' own width plus the cell's padding: narrower, they overflowed by 13 px.
        size: 130,
        // Once the season's review is closed, nothing is decided any more.
        Cell: ({ row }) =>
          reviewClosed ? null : (
            // 44 px high, one under the other: targets the chairman cannot miss (WCAG 2.5.5).
            <Stack gap={6}>
              <DecisionButtons
                size="sm"
                h={44}
                about={row.original.club_name}
                onApprove={() => review.approve(row.original, 'chairman')}
                onReject={() => review.reject(row.original, 'chairman')}
              />
            </Stack>
          ),
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nowMs, locale, reviewClosed],
  );

  return <ReviewPanel title={t('final.panelTitle')} panel={panel} columns={columns} />;
}
