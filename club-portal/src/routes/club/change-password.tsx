import { changePassword } from '@puja/api-client';
import { checkPasswordChangeForm, MIN_PASSWORD_LENGTH } from '@puja/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  ErrorSummary,
  outcomeText,
  t,
  useFormErrors,
  useLocale,
  usePageTitle,
  withToast,
} from '@puja/web-kit';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
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
  const [values, setValues] = useState({ current_password: '', new_password: '' });
  const [busy, setBusy] = useState(false);

  function change(next: typeof values) {
    setValues(next);
    form.recheck(checkPasswordChangeForm(next, { requireCurrent: !forced }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPasswordChangeForm(values, { requireCurrent: !forced });
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
        <form noValidate onSubmit={submit}>
          <ErrorSummary {...form.summary} />
          {forced ? null : (
            <TextField
              {...form.field('current_password')}
              label={t('changePassword.field.current')}
              kind="currentPassword"
              value={values.current_password}
              onValueChange={(current_password) => change({ ...values, current_password })}
            />
          )}
          <TextField
            {...form.field('new_password')}
            label={t('changePassword.field.new')}
            hint={t('form.hint.password', { count: MIN_PASSWORD_LENGTH })}
            kind="newPassword"
            value={values.new_password}
            onValueChange={(new_password) => change({ ...values, new_password })}
          />
          <Button type="submit" block disabled={busy}>
            {t('changePassword.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
