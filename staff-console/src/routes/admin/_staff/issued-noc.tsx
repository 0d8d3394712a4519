import { Button, Group, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Fragment, useMemo, useState } from 'react';
import {
  filterIssuedNocs,
  formatDate,
  formatRegNo,
  localiseDigits,
  memoNumberOf,
  seasonYearOfList,
  type Application,
} from '@puja/domain';
import { DataTable, WRAPPING_CELL, type Column } from '../../../components/data-table';
import { PageLoader } from '../../../components/page-loader';
import { SearchBox } from '../../../components/search-box';
import { SeasonHeader } from '../../../features/seasons/season-select';
import { WardSelect } from '../../../components/ward-select';
import { useViewedSeason } from '../../../features/seasons/queries';
import { loadsSeasonList, useApplications } from '../../../features/applications/queries';
import { CertificateDialog } from '../../../features/issued-nocs/certificate-dialog';
import { issuedFilters, validateIssuedSearch } from '../../../features/issued-nocs/issued-search';
import { errorText, notify, t, useLocale, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/admin/_staff/issued-noc')({
  validateSearch: validateIssuedSearch,
  ...loadsSeasonList,
  component: IssuedNocsPage,
});

/**
 * Each column's least width in pixels (the grid's default is 180 for every column: seven of them
 * overflowed the content area at 1280 px). They add up to 975, under the ~1,000 px a 1280-wide
 * window leaves beside the navigation (padding included); the table spreads what is left over,
 * and long names and addresses wrap instead of pushing the date and the certificate action out
 * of sight.
 */
// Seven columns within 1024 px beside the side panel (issue 22): headers and long texts wrap,
// and the memo number breaks after its slashes, so no column hides behind a sideways scroll.
const COLUMN_WIDTH = {
  regNo: 70,
  text: 110,
  address: 130,
  ward: 70,
  memo: 108,
  date: 104,
  action: 132,
} as const;

/** A text with a line-break opportunity after each slash. */
function breakAfterSlashes(text: string) {
  return text.split('/').map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * SPEC §2 Issued NOCs: chairman-approved applications, search over club, reg no and memo, the
 * ward dropdown, Export to Excel of the filtered rows, and the per-row certificate print.
 */
function IssuedNocsPage() {
  const locale = useLocale();
  usePageTitle(t('nav.issuedNocs'));
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
        Cell: ({ cell }) => localiseDigits(cell.getValue<string>(), locale),
      },
      {
        accessorKey: 'club_name',
        header: t('issued.column.clubName'),
        size: COLUMN_WIDTH.text,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'puja_location_address',
        header: t('issued.column.pujaAddress'),
        size: COLUMN_WIDTH.address,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'puja_ward',
        header: t('issued.column.pujaWard'),
        accessorFn: (app) => app.puja_location_ward_no ?? '',
        size: COLUMN_WIDTH.ward,
        Cell: ({ cell }) => localiseDigits(String(cell.getValue<number | ''>()), locale),
      },
      {
        id: 'memo',
        header: t('issued.column.memoNumber'),
        accessorFn: (app) => memoNumberOf(app),
        size: COLUMN_WIDTH.memo,
        // 11/DURGAPUJA/2025 may break after a slash rather than widen the table.
        Cell: ({ cell }) => breakAfterSlashes(localiseDigits(cell.getValue<string>(), locale)),
        mantineTableBodyCellProps: WRAPPING_CELL,
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
    // Nothing to export: say so, rather than download a sheet of headers only (issue 27).
    if (rows.length === 0) {
      notify.info(() => t('issued.exportEmpty'));
      return;
    }
    setExporting(true);
    try {
      const { exportIssuedNocs } = await import('../../../features/issued-nocs/export-xlsx');
      // Issued_NOCs_{season year}.xlsx: the season shown (a host without seasons: 2025).
      await exportIssuedNocs(rows, year ?? seasonYearOfList(applications ?? []));
    } catch (failure) {
      notify.error(() => errorText(failure, 'issued.exportFailed'));
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
