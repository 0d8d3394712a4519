import { Button, Group, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  filterIssuedNocs,
  formatDate,
  formatRegNo,
  memoNumberOf,
  seasonYearOfList,
  type Application,
} from '@puja/domain';
import { DataTable, type Column } from '../../../components/data-table';
import { PageLoader } from '../../../components/page-loader';
import { SearchBox } from '../../../components/search-box';
import { SeasonHeader } from '../../../features/seasons/season-select';
import { WardSelect } from '../../../components/ward-select';
import { useViewedSeason } from '../../../features/seasons/queries';
import { prefetchApplications, useApplications } from '../../../features/applications/queries';
import { CertificateDialog } from '../../../features/issued-nocs/certificate-dialog';
import { issuedFilters, validateIssuedSearch } from '../../../features/issued-nocs/issued-search';
import { errorText, notify, t, useLocale } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/issued-noc')({
  validateSearch: validateIssuedSearch,
  loaderDeps: ({ search }) => ({ season: search.season }),
  loader: ({ context, deps }) => prefetchApplications(context.queryClient, deps.season),
  component: IssuedNocsPage,
});

/**
 * Each column's least width in pixels (the grid's default is 180 for every column: seven of them
 * overflowed the content area at 1280 px). They add up to 975, under the ~1,000 px a 1280-wide
 * window leaves beside the navigation (padding included); the table spreads what is left over,
 * and long names and addresses wrap instead of pushing the date and the certificate action out
 * of sight.
 */
const COLUMN_WIDTH = {
  regNo: 90,
  text: 150,
  address: 170,
  ward: 110,
  memo: 165,
  date: 150,
  action: 140,
} as const;

/** The compact grid keeps each cell on one line; names and addresses wrap instead. */
const WRAPS = { style: { whiteSpace: 'normal' } } as const;

/**
 * SPEC §2 Issued NOCs: chairman-approved applications, search over club, reg no and memo, the
 * ward dropdown, Export to Excel of the filtered rows, and the per-row certificate print.
 */
function IssuedNocsPage() {
  const locale = useLocale();
  const { param: season, year } = useViewedSeason();
  const { applications, error } = useApplications(season);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { q, ward } = issuedFilters(search);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState<Application | null>(null);
  const rows = useMemo(
    () => filterIssuedNocs(applications ?? [], { q, ward }),
    [applications, q, ward],
  );

  const columns = useMemo<Column<Application>[]>(
    () => [
      {
        id: 'reg_no',
        header: t('issued.column.regNo'),
        accessorFn: (app) => formatRegNo(app.reg_no),
        size: COLUMN_WIDTH.regNo,
      },
      {
        accessorKey: 'club_name',
        header: t('issued.column.clubName'),
        size: COLUMN_WIDTH.text,
        mantineTableBodyCellProps: WRAPS,
      },
      {
        accessorKey: 'puja_location_address',
        header: t('issued.column.pujaAddress'),
        size: COLUMN_WIDTH.address,
        mantineTableBodyCellProps: WRAPS,
      },
      {
        id: 'puja_ward',
        header: t('issued.column.pujaWard'),
        accessorFn: (app) => app.puja_location_ward_no ?? '',
        size: COLUMN_WIDTH.ward,
      },
      {
        id: 'memo',
        header: t('issued.column.memoNumber'),
        accessorFn: (app) => memoNumberOf(app),
        size: COLUMN_WIDTH.memo,
      },
      {
        id: 'approved',
        header: t('issued.column.approvedDate'),
        accessorFn: (app) => formatDate(app.chairman_approved_date, locale),
        size: COLUMN_WIDTH.date,
      },
      {
        id: 'action',
        header: t('issued.column.action'),
        enableSorting: false,
        size: COLUMN_WIDTH.action,
        Cell: ({ row }) => (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setPrinting(row.original)}
            aria-label={`${t('certificate.print')} ${row.original.club_name}`}
          >
            {t('certificate.print')}
          </Button>
        ),
      },
    ],
    [locale],
  );

  async function exportRows() {
    setExporting(true);
    try {
      const { exportIssuedNocs } = await import('../../../features/issued-nocs/export-xlsx');
      // Issued_NOCs_{season year}.xlsx: the season shown (a host without seasons: 2025).
      await exportIssuedNocs(rows, year ?? seasonYearOfList(applications ?? []));
    } catch (failure) {
      notify.error(errorText(failure, 'issued.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack>
      <SeasonHeader title={t('issued.title')} hint={t('issued.hint')} />
      <Group align="end">
        <SearchBox
          label={t('issued.search')}
          value={q}
          onChange={(next) =>
            void navigate({ search: validateIssuedSearch({ q: next, ward }), replace: true })
          }
          width={300}
        />
        <WardSelect
          value={ward}
          onChange={(next) => void navigate({ search: validateIssuedSearch({ q, ward: next }) })}
        />
        <Button
          onClick={() => void exportRows()}
          loading={exporting}
          disabled={applications === null}
        >
          {t('issued.export')}
        </Button>
      </Group>
      {error !== null && applications === null && (
        <Text c="red">{errorText(error, 'issued.fetchFailed')}</Text>
      )}
      {applications === null && error === null ? (
        <PageLoader />
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          loading={false}
          emptyText={t('issued.empty')}
          getRowId={(app) => String(app.id)}
        />
      )}
      <CertificateDialog app={printing} onClose={() => setPrinting(null)} />
    </Stack>
  );
}
