import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import {
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_STEPS,
  REVIEW_STEP_LABEL,
  awaitsDocumentReview,
  type Application,
  type ReviewItem,
} from '@puja/domain';
import { documentUrl } from '@puja/api-client';
import { WRAPPING_CELL, type Column } from '../../../../components/data-table';
import { ApplicationLink } from '../../../../components/application-link';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { DocumentCell } from '../../../../features/reviews/document-cell';
import { useOpenedDocumentsStore } from '../../../../features/reviews/opened-documents-store';
import { documentOfClub } from '../../../../features/reviews/use-review-actions';
import { useStaffSession } from '../../../../lib/use-staff-session';
import { loadsSeasonList } from '../../../../features/applications/queries';
import { ReviewPanel, useReviewPanel } from '../-review-panel';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/store/review')({
  ...loadsSeasonList,
  component: DocumentReviewPage,
});

/**
 * SPEC §2 Document Review Panel (store): applications whose certificate or land agreement is
 * Pending, oldest waiting first. Every review step has its column (issue 22): its state, Open,
 * and approve/reject when it is its turn, else why it waits; approving a document not opened
 * asks once.
 */
function DocumentReviewPage() {
  const locale = useLocale();
  usePageTitle(t('nav.documentReview'));
  const { role } = useStaffSession();
  const opened = useOpenedDocumentsStore((state) => state.versions);
  const markOpened = useOpenedDocumentsStore((state) => state.markOpened);
  const panel = useReviewPanel(awaitsDocumentReview, {
    subjectOf: documentOfClub,
    // A panel has no viewer: the document opens in a new tab, remembered as opened.
    open: ({ app, doc }) => {
      const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
      if (!file) return;
      markOpened(file);
      window.open(documentUrl(file), '_blank', 'noopener,noreferrer');
    },
  });
  const { reviewClosed, nowMs, review } = panel;

  const columns = useMemo<Column<Application>[]>(() => {
    // Seven columns within 1024 px beside the side panel (issue 22): the steps' short names,
    // narrow columns whose badges, buttons and reasons wrap.
    const stepColumn = (item: ReviewItem): Column<Application> => ({
      id: item,
      header: t(REVIEW_STEP_LABEL[item]),
      enableSorting: false,
      size: 104,
      mantineTableBodyCellProps: WRAPPING_CELL,
      Cell: ({ row }) => (
        <DocumentCell
          app={row.original}
          item={item}
          role={role}
          readOnly={reviewClosed}
          onApprove={() => item !== 'chairman' && review.approve(row.original, item)}
          onReject={() => item !== 'chairman' && review.reject(row.original, item)}
        />
      ),
    });
    return [
      {
        accessorKey: 'club_name',
        header: t('registration.field.club'),
        size: 140,
        mantineTableBodyCellProps: WRAPPING_CELL,
        // How long it waits stacks under the name: one column less to fit 1024 px.
        Cell: ({ row }) => (
          <Stack gap={6} align="flex-start">
            <ApplicationLink app={row.original} />
            <WaitingBadge app={row.original} nowMs={nowMs} />
          </Stack>
        ),
      },
      ...REVIEW_STEPS.map(stepColumn),
    ];
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nowMs, locale, opened, role, reviewClosed]);

  return <ReviewPanel title={t('review.panelTitle')} panel={panel} columns={columns} />;
}
