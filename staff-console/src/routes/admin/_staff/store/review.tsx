import { Anchor, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import {
  awaitsDocumentReview,
  sortByOldestWaiting,
  type Application,
  type ReviewDocument,
} from '@puja/domain';
import { DataTable, type Column } from '../../../../components/data-table';
import { WaitingBadge } from '../../../../components/waiting-badge';
import { DocumentCell } from '../../../../features/reviews/document-cell';
import { RejectReasonModal } from '../../../../features/reviews/reject-reason-modal';
import { prefetchApplications, useApplications } from '../../../../features/applications/queries';
import { useDecisions } from '../../../../features/applications/use-decisions';
import { errorText, t, useLocale } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/store/review')({
  loader: ({ context }) => prefetchApplications(context.queryClient),
  component: DocumentReviewPage,
});

/**
 * SPEC §2 Document Review Panel (store): applications whose certificate or land agreement is
 * Pending, oldest waiting first, with view, approve and reject in the row.
 */
function DocumentReviewPage() {
  const locale = useLocale();
  const { applications, error } = useApplications();
  const { decideDocument } = useDecisions();
  const [rejecting, setRejecting] = useState<{ app: Application; doc: ReviewDocument } | null>(
    null,
  );
  const [nowMs] = useState(() => Date.now());
  const rows = useMemo(
    () => sortByOldestWaiting((applications ?? []).filter(awaitsDocumentReview)),
    [applications],
  );

  const columns = useMemo<Column<Application>[]>(() => {
    const docColumn = (doc: ReviewDocument): Column<Application> => ({
      id: doc,
      header: t(`document.${doc}`),
      enableSorting: false,
      Cell: ({ row }) => (
        <DocumentCell
          app={row.original}
          doc={doc}
          onApprove={() => decideDocument(row.original, doc, 'approve')}
          onReject={() => setRejecting({ app: row.original, doc })}
        />
      ),
    });
    return [
      {
        accessorKey: 'club_name',
        header: t('registration.field.club'),
        Cell: ({ row }) => (
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/admin/noc-applications/$id"
                params={{ id: String(row.original.id) }}
              />
            )}
          >
            {row.original.club_name || t('applications.unknownClub')}
          </Anchor>
        ),
      },
      docColumn('certificate'),
      docColumn('agreement'),
      {
        id: 'waiting',
        header: t('applications.waitingColumn'),
        enableSorting: false,
        Cell: ({ row }) => <WaitingBadge app={row.original} nowMs={nowMs} />,
      },
    ];
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nowMs, locale]);

  return (
    <Stack>
      <Title order={1}>{t('review.panelTitle')}</Title>
      {error !== null &&
        applications === null &&
        errorText(error, 'applications.pendingFetchFailed')}
      <DataTable
        columns={columns}
        data={rows}
        loading={applications === null && error === null}
        emptyText={t('applications.empty')}
        getRowId={(app) => String(app.id)}
      />
      <RejectReasonModal
        opened={rejecting !== null}
        subject={rejecting ? `${t(`document.${rejecting.doc}`)} (${rejecting.app.club_name})` : ''}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) decideDocument(rejecting.app, rejecting.doc, 'reject', reason);
          setRejecting(null);
        }}
      />
    </Stack>
  );
}
