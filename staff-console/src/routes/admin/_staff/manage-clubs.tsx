import { ActionIcon, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { addClub, deleteClub, releaseClub, setClubStatus, updateClub } from '@puja/api-client';
import {
  accountText,
  can,
  formatDate,
  isActiveClub,
  searchClubsByName,
  toggleClubStatus,
  type Club,
} from '@puja/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { ManageToolbar } from '../../../components/manage-toolbar';
import { APPLICATIONS_KEY } from '../../../features/applications/queries';
import { ClubDialog } from '../../../features/clubs/club-dialog';
import { HandOverDialog } from '../../../features/clubs/hand-over-dialog';
import { CLUBS_KEY, clubsQuery } from '../../../features/clubs/queries';
import { ReleaseDialog } from '../../../features/clubs/release-dialog';
import { useChange } from '../../../lib/use-change';
import { useStaffSession } from '../../../lib/use-staff-session';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; club: Club }
  | { kind: 'delete'; club: Club }
  | { kind: 'release'; club: Club }
  | { kind: 'handOver'; club: Club }
  | null;

export const Route = createFileRoute('/admin/_staff/manage-clubs')({
  loader: ({ context }) => context.queryClient.ensureQueryData(clubsQuery()),
  component: ManageClubsPage,
});

/**
 * SPEC §2 Manage Clubs: number, name, Active/Inactive toggle, edit and delete; search by name;
 * Add New Club and Edit Club dialogs; every toast of SPEC §8. A club the server refuses to
 * delete (it has an account or an application) shows the server's reason.
 */
function ManageClubsPage() {
  const locale = useLocale();
  usePageTitle(t('clubs.title'));
  // Issue 10: an admin may release a wrongful registration (domain's permission).
  const role = useStaffSession().role;
  const canRelease = can(role, 'releaseClub');
  // Issue 27: an admin may hand a club's account to the new secretary's address.
  const canHandOver = can(role, 'handOverClub');
  const { data: clubs } = useQuery(clubsQuery());
  const change = useChange([CLUBS_KEY]);
  // Releasing deletes the club's application, if any: the shared list must not keep it.
  const release = useChange([CLUBS_KEY, APPLICATIONS_KEY]);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  const shown = useMemo(() => searchClubsByName(clubs ?? [], query), [clubs, query]);

  const columns = useMemo<Column<Club>[]>(
    () => [
      { accessorKey: 'clubname', header: t('registration.field.club') },
      {
        id: 'status',
        header: t('clubs.status'),
        accessorFn: (club) => club.status,
        Cell: ({ row }) => {
          const club = row.original;
          return (
            <Switch
              checked={isActiveClub(club)}
              label={t(isActiveClub(club) ? 'clubs.active' : 'clubs.inactive')}
              aria-label={`${club.clubname}: ${t(isActiveClub(club) ? 'clubs.active' : 'clubs.inactive')}`}
              onChange={() =>
                void change(
                  {
                    loading: 'clubs.statusLoading',
                    failure: 'clubs.statusFailed',
                  },
                  () => setClubStatus({ id: club.id, status: toggleClubStatus(club.status) }),
                )
              }
            />
          );
        },
      },
      {
        id: 'registration',
        header: t('clubs.registered'),
        enableSorting: false,
        Cell: ({ row }) => {
          const registration = row.original.registration;
          if (registration === undefined) return null;
          if (registration === null) return <Text size="sm">{t('clubs.notRegisteredLabel')}</Text>;
          return (
            <Stack gap={4} align="flex-start" maw={280}>
              <Text size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {t('clubs.registeredBy', {
                  email: registration.email,
                  phone: registration.phone,
                  date: formatDate(registration.registered_at, locale),
                })}
              </Text>
              <Group gap={4}>
                {canRelease && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => setDialog({ kind: 'release', club: row.original })}
                    aria-label={`${t('clubs.release')} ${row.original.clubname}`}
                  >
                    {t('clubs.release')}
                  </Button>
                )}
                {canHandOver && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => setDialog({ kind: 'handOver', club: row.original })}
                    aria-label={`${accountText('account.handOver', {}, locale)} ${row.original.clubname}`}
                  >
                    {accountText('account.handOver', {}, locale)}
                  </Button>
                )}
              </Group>
            </Stack>
          );
        },
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        Cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('common.edit')} ${row.original.clubname}`}
                onClick={() => setDialog({ kind: 'edit', club: row.original })}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('common.delete')} ${row.original.clubname}`}
                onClick={() => setDialog({ kind: 'delete', club: row.original })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [change, canRelease, canHandOver, locale],
  );

  async function save(clubname: string) {
    const current = dialog;
    setDialog(null);
    if (current?.kind === 'add') {
      await change({ loading: 'clubs.addLoading', failure: 'clubs.addFailed' }, () =>
        addClub({ clubname }),
      );
    } else if (current?.kind === 'edit') {
      await change(
        {
          loading: 'clubs.updateLoading',
          failure: 'clubs.updateFailed',
        },
        () => updateClub({ id: current.club.id, clubname }),
      );
    }
  }

  async function releaseRegistration(club: Club, reason: string) {
    setDialog(null);
    await release(
      {
        loading: 'clubs.releaseLoading',
        failure: 'clubs.releaseFailed',
      },
      () => releaseClub({ id: club.id, reason }),
    );
  }

  async function remove(club: Club) {
    setDialog(null);
    await change(
      {
        loading: 'clubs.deleteLoading',
        failure: 'clubs.deleteFailed',
      },
      () => deleteClub({ id: club.id }),
    );
  }

  return (
    <Stack>
      <ManageToolbar
        title={t('clubs.title')}
        addLabel={t('clubs.add')}
        onAdd={() => setDialog({ kind: 'add' })}
        searchLabel={t('clubs.search')}
        query={query}
        onQueryChange={setQuery}
      />
      <DataTable
        numbered
        columns={columns}
        data={shown}
        loading={clubs === undefined}
        emptyText={t('clubs.empty')}
        getRowId={(club) => String(club.id)}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ClubDialog
          opened
          initialName={dialog.kind === 'edit' ? dialog.club.clubname : null}
          onClose={() => setDialog(null)}
          onSave={(name) => void save(name)}
        />
      )}
      <ReleaseDialog
        club={dialog?.kind === 'release' ? dialog.club : null}
        onCancel={() => setDialog(null)}
        onRelease={(club, reason) => void releaseRegistration(club, reason)}
      />
      <HandOverDialog
        club={dialog?.kind === 'handOver' ? dialog.club : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        question={t('clubs.deleteConfirm')}
        confirmLabel={t('common.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'delete' && void remove(dialog.club)}
      />
    </Stack>
  );
}
