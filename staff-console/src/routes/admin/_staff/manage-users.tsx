import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { addUser, deleteUser, updateUser } from '@puja/api-client';
import {
  callerInUserList,
  canDeleteUser,
  canEditInUserForm,
  localiseDigits,
  searchUsers,
  type StaffUser,
  type UserFormValue,
  type UserRef,
} from '@puja/domain';
import { WRAPPING_CELL, type Column } from '../../../components/data-table';
import { ConfirmDelete, EditDeleteActions, ManagePage } from '../../../components/manage-toolbar';
import { USERS_KEY, usersQuery } from '../../../features/users/queries';
import { UserDialog } from '../../../features/users/user-dialog';
import { useChange } from '../../../lib/use-change';
import { useStaffSession } from '../../../lib/use-staff-session';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; user: StaffUser } | null;

export const Route = createFileRoute('/admin/_staff/manage-users')({
  loader: ({ context }) => context.queryClient.ensureQueryData(usersQuery()),
  component: ManageUsersPage,
});

/** SPEC §2 Manage Users (admin, chairman): table, search by name or e-mail, dialogs, toasts. */
function ManageUsersPage() {
  const locale = useLocale();
  usePageTitle(t('nav.manageUsers'));
  const session = useStaffSession();
  const { data: users } = useQuery(usersQuery());
  const change = useChange([USERS_KEY]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const caller = useMemo<UserRef>(() => callerInUserList(session, users ?? []), [session, users]);

  const columns = useMemo<Column<StaffUser>[]>(
    () => [
      // Widths that fit 1024 px beside the side panel; a long name or address wraps (issue 22).
      {
        accessorKey: 'name',
        header: t('users.field.name'),
        size: 140,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'email',
        header: t('login.field.email'),
        size: 180,
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        accessorKey: 'phone',
        header: t('registration.field.phone'),
        size: 110,
        // One script of digits per screen: the phone in the chosen language's digits.
        Cell: ({ cell }) => localiseDigits(cell.getValue<string>(), locale),
      },
      {
        id: 'role',
        header: t('users.field.role'),
        accessorFn: (user) => t(`role.${user.role}`),
        size: 100,
        // "Department officer" (issue 29) wraps rather than widening the table.
        mantineTableBodyCellProps: WRAPPING_CELL,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        enableSorting: false,
        Cell: ({ row }) => {
          const user = row.original;
          return (
            <EditDeleteActions
              name={user.email}
              editDisabled={!canEditInUserForm(caller, user)}
              deleteDisabled={!canDeleteUser(caller, user, users ?? [])}
              onEdit={() => setDialog({ kind: 'edit', user })}
              onDelete={() => setDialog({ kind: 'delete', user })}
            />
          );
        },
      },
    ],
    // The headers are words of the chosen language, the phones its digits: a switch rebuilds them.
    [caller, users, locale],
  );

  async function save(value: UserFormValue) {
    const current = dialog;
    setDialog(null);
    if (current?.kind === 'add') {
      await change({ loading: 'users.addLoading', failure: 'users.saveFailed' }, () =>
        addUser({ ...value, password: value.password ?? '' }),
      );
    } else if (current?.kind === 'edit') {
      await change(
        {
          loading: 'users.updateLoading',
          failure: 'users.saveFailed',
        },
        () => updateUser({ ...value, id: current.user.id }),
      );
    }
  }

  async function remove(user: StaffUser) {
    setDialog(null);
    await change(
      {
        loading: 'users.deleteLoading',
        failure: 'users.deleteFailed',
      },
      () => deleteUser({ id: user.id }),
    );
  }

  return (
    <ManagePage
      texts="users"
      rows={users}
      search={searchUsers}
      columns={columns}
      onAdd={() => setDialog({ kind: 'add' })}
    >
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <UserDialog
          opened
          user={dialog.kind === 'edit' ? dialog.user : null}
          onClose={() => setDialog(null)}
          onSave={(value) => void save(value)}
        />
      )}
      <ConfirmDelete
        row={dialog?.kind === 'delete' ? dialog.user : null}
        question={t('users.deleteConfirm')}
        onCancel={() => setDialog(null)}
        onDelete={(user) => void remove(user)}
      />
    </ManagePage>
  );
}
