import { changePassword } from '@puja/api-client';
import { checkPasswordChangeForm, MIN_PASSWORD_LENGTH } from '@puja/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { outcomeText, t, useFormErrors, useLocale, usePageTitle, withToast } from '@puja/web-kit';
import { Card } from '../../components/card';
import { CheckedForm } from '../../components/checked-form';
import { TextField } from '../../components/text-field';
import { useFormValues } from '../../lib/use-form-values';
import { useClubSession } from '../../lib/use-session';

export const Route = createFileRoute('/club/change-password')({
  component: ChangePasswordPage,
});

/**
 * Issue 10: a club changes its password; after logging in with a temporary one (the reset mail)
 * it is sent here first, and needs no current password.
 */
function ChangePasswordPage() {
  useLocale();
  usePageTitle(t('changePassword.title'));
  const session = useClubSession();
  const navigate = useNavigate();
  const form = useFormErrors('password');
  const forced = session?.must_change_password === true;
  const check = (values: { current_password: string; new_password: string }) =>
    checkPasswordChangeForm(values, { requireCurrent: !forced });
  const fields = useFormValues(form, { current_password: '', new_password: '' }, check);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(fields.values);
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      { loading: 'changePassword.loading', failure: 'changePassword.failed', success: outcomeText },
      () => changePassword(forced ? { new_password: checked.value.new_password } : checked.value),
      { form: 'password' },
    );
    setBusy(false);
    if (result.ok) await navigate({ to: '/club/dashboard' });
    else form.failed(result.text);
  }

  return (
    <main id="main">
      <Card narrow>
        <h1>{t('changePassword.title')}</h1>
        {forced ? <p>{t('changePassword.hint')}</p> : null}
        <CheckedForm form={form} onSubmit={submit} busy={busy} submit={t('changePassword.submit')}>
          {forced ? null : (
            <TextField
              {...fields.field('current_password')}
              label={t('changePassword.field.current')}
              kind="currentPassword"
            />
          )}
          <TextField
            {...fields.field('new_password')}
            label={t('changePassword.field.new')}
            hint={t('form.hint.password', { count: MIN_PASSWORD_LENGTH })}
            kind="newPassword"
          />
        </CheckedForm>
      </Card>
    </main>
  );
}
