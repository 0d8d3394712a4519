import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { addClub, deleteClub, releaseClub, setClubStatus, updateClub } from '@puja/api-client';
import {
  accountText,
  can,
  formatDate,
  isActiveClub,
  localiseDigits,
  searchClubsByName,
  toggleClubStatus,
  type Club,
} from '@puja/domain';
import type { Column } from '../../../components/data-table';
import { ConfirmDelete, EditDeleteActions, ManagePage } from '../../../components/manage-toolbar';
import { APPLICATIONS_KEY } from '../../../features/applications/queries';
import { ClubDialog } from '../../../features/clubs/club-dialog';
import { HandOverDialog } from '../../../features/clubs/hand-over-dialog';
import { CLUBS_KEY, clubsQuery } from '../../../features/clubs/queries';
import { ReleaseDialog } from '../../../features/clubs/release-dialog';
import { useChange } from '../../../lib/use-change';
import { useStaffSession } from '../../../lib/use-staff-session';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

/** The open dialog: adding a club, or one of the four acts on a listed club. */
type Dialog =
  { kind: 'add' } | { kind: 'edit' | 'delete' | 'release' | 'handOver'; club: Club } | null;

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
  usePageTitle(t('clubs.title'));
  const { data: clubs } = useQuery(clubsQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const act = useClubChanges(() => setDialog(null));
  const columns = useClubColumns(setDialog, act.toggleStatus);

  return (
    <ManagePage
      texts="clubs"
      rows={clubs}
      search={searchClubsByName}
      columns={columns}
      onAdd={() => setDialog({ kind: 'add' })}
    >
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ClubDialog
          opened
          initialName={dialog.kind === 'edit' ? dialog.club.clubname : null}
          onClose={() => setDialog(null)}
          onSave={(name) => void act.save(dialog, name)}
        />
      )}
      <ReleaseDialog
        club={dialog?.kind === 'release' ? dialog.club : null}
        onCancel={() => setDialog(null)}
        onRelease={(club, reason) => void act.release(club, reason)}
      />
      <HandOverDialog
        club={dialog?.kind === 'handOver' ? dialog.club : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        row={dialog?.kind === 'delete' ? dialog.club : null}
        question={t('clubs.deleteConfirm')}
        onCancel={() => setDialog(null)}
        onDelete={(club) => void act.remove(club)}
      />
    </ManagePage>
  );
}

/** The page's changes, each with its toasts; `done` closes the dialog first. */
function useClubChanges(done: () => void) {
  const change = useChange([CLUBS_KEY]);
  // Releasing deletes the club's application, if any: the shared list must not keep it.
  const releasing = useChange([CLUBS_KEY, APPLICATIONS_KEY]);
  return {
    toggleStatus: useCallback(
      (club: Club) =>
        void change({ loading: 'clubs.statusLoading', failure: 'clubs.statusFailed' }, () =>
          setClubStatus({ id: club.id, status: toggleClubStatus(club.status) }),
        ),
      [change],
    ),
    async save(current: Dialog, clubname: string) {
      done();
      if (current?.kind === 'add') {
        await change({ loading: 'clubs.addLoading', failure: 'clubs.addFailed' }, () =>
          addClub({ clubname }),
        );
      } else if (current?.kind === 'edit') {
        await change({ loading: 'clubs.updateLoading', failure: 'clubs.updateFailed' }, () =>
          updateClub({ id: current.club.id, clubname }),
        );
      }
    },
    async release(club: Club, reason: string) {
      done();
      await releasing({ loading: 'clubs.releaseLoading', failure: 'clubs.releaseFailed' }, () =>
        releaseClub({ id: club.id, reason }),
      );
    },
    async remove(club: Club) {
      done();
      await change({ loading: 'clubs.deleteLoading', failure: 'clubs.deleteFailed' }, () =>
        deleteClub({ id: club.id }),
      );
    },
  };
}

/** The table's columns: name, the status switch, who registered it, edit and delete. */
function useClubColumns(setDialog: (dialog: Dialog) => void, toggleStatus: (club: Club) => void) {
  const locale = useLocale();
  return useMemo<Column<Club>[]>(
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
              onChange={() => toggleStatus(club)}
            />
          );
        },
      },
      {
        id: 'registration',
        header: t('clubs.registered'),
        enableSorting: false,
        Cell: ({ row }) => <Registration club={row.original} setDialog={setDialog} />,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        Cell: ({ row }) => (
          <EditDeleteActions
            name={row.original.clubname}
            onEdit={() => setDialog({ kind: 'edit', club: row.original })}
            onDelete={() => setDialog({ kind: 'delete', club: row.original })}
          />
        ),
      },
    ],
    // The headers are words of the chosen language: a switch rebuilds them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [toggleStatus, locale],
  );
}

/** Who registered the club and when, with Release and Hand over for an admin (issues 10, 27). */
function Registration({ club, setDialog }: { club: Club; setDialog: (dialog: Dialog) => void }) {
  const locale = useLocale();
  const role = useStaffSession().role;
  const registration = club.registration;
  if (registration === undefined) return null;
  if (registration === null) return <Text size="sm">{t('clubs.notRegisteredLabel')}</Text>;
  return (
    <Stack gap={4} align="flex-start" maw={280}>
      <Text size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {t('clubs.registeredBy', {
          email: registration.email,
          phone: localiseDigits(registration.phone, locale),
          date: formatDate(registration.registered_at, locale),
        })}
      </Text>
      <Group gap={4}>
        {can(role, 'releaseClub') && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setDialog({ kind: 'release', club })}
            aria-label={`${t('clubs.release')} ${club.clubname}`}
          >
            {t('clubs.release')}
          </Button>
        )}
        {can(role, 'handOverClub') && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setDialog({ kind: 'handOver', club })}
            aria-label={`${accountText('account.handOver', {}, locale)} ${club.clubname}`}
          >
            {accountText('account.handOver', {}, locale)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
