import { Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CREATABLE_USER_ROLES,
  checkUserForm,
  MIN_PASSWORD_LENGTH,
  type StaffUser,
  type UserFormValue,
} from '@puja/domain';
import { DialogActions } from '../../components/dialog-actions';
import { ErrorSummary, t, useFormErrors } from '@puja/web-kit';

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
  const [form, setForm] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: user?.role === 'admin' ? '' : (user?.role ?? ''),
    password: '',
  });
  const problems = useFormErrors('user');
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((old) => ({ ...old, [field]: value }));
  // Mantine ties the message to its input (aria-invalid, aria-describedby).
  const bind = (field: keyof typeof form) => ({
    id: problems.idFor(field),
    error: problems.errorFor(field),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'create' ? 'users.add' : 'users.edit')}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkUserForm(form, mode);
          if (problems.check(checked)) onSave(checked.value);
        }}
      >
        <Stack>
          <ErrorSummary {...problems.summary} />
          <TextInput
            label={t('users.field.name')}
            value={form.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            {...bind('name')}
            required
            data-autofocus
          />
          <TextInput
            label={t('login.field.email')}
            type="email"
            value={form.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            {...bind('email')}
            required
          />
          <TextInput
            label={t('registration.field.phone')}
            value={form.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            {...bind('phone')}
            required
          />
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
            value={form.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            {...bind('password')}
            required={mode === 'create'}
            autoComplete="new-password"
          />
          <DialogActions onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
