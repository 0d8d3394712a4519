import { PasswordInput, Select, TextInput } from '@mantine/core';
import {
  CREATABLE_USER_ROLES,
  checkUserForm,
  MIN_PASSWORD_LENGTH,
  type StaffUser,
  type UserFormValue,
} from '@puja/domain';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { t } from '@puja/web-kit';

/**
 * SPEC §2, §5 add/edit user: name, email, phone, role (chairman or store; deptment follows the
 * role); the password is required only when adding, and left blank on edit keeps it. Every
 * problem shows at once: a focused summary at the top, each message beside its field.
 */
export function UserDialog({
  opened,
  user,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** null: adding a new user. */
  user: StaffUser | null;
  onClose: () => void;
  onSave: (value: UserFormValue) => void;
}) {
  const mode = user === null ? 'create' : 'edit';
  const { form, set, bind, text, submit, summary } = useDialogForm(
    'user',
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user?.role === 'admin' ? '' : (user?.role ?? ''),
      password: '',
    },
    (form) => checkUserForm(form, mode),
    onSave,
  );

  return (
    <FormDialog
      opened={opened}
      title={t(mode === 'create' ? 'users.add' : 'users.edit')}
      summary={summary}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput label={t('users.field.name')} {...text('name')} required data-autofocus />
      <TextInput label={t('login.field.email')} type="email" {...text('email')} required />
      <TextInput label={t('registration.field.phone')} {...text('phone')} required />
      <Select
        label={t('users.field.role')}
        data={CREATABLE_USER_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
        value={form.role || null}
        onChange={(value) => set('role')(value ?? '')}
        {...bind('role')}
        required
      />
      <PasswordInput
        label={t('login.field.password')}
        description={[
          mode === 'edit' ? t('users.passwordKeepHint') : null,
          t('form.hint.password', { count: MIN_PASSWORD_LENGTH }),
        ]
          .filter(Boolean)
          .join(' ')}
        {...text('password')}
        required={mode === 'create'}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
