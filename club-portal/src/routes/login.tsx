import { loginClub } from '@puja/api-client';
import { checkLoginForm } from '@puja/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorSummary, t, useFormErrors, useLocale, withToast } from '@puja/web-kit';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { Field } from '../components/field';
import { ForgotPasswordDialog } from './-components/forgot-password-dialog';

/** SPEC §2 Club Login: email and password, the forgot-password dialog, the link to register. */
export function LoginPage() {
  useLocale();
  const navigate = useNavigate();
  const form = useFormErrors('login');
  const [values, setValues] = useState({ email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkLoginForm(values);
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      { loading: 'login.loading', failure: 'login.failed', success: 'login.success' },
      () => loginClub(checked.value),
      { form: 'login' },
    );
    setBusy(false);
    if (result.ok) await navigate({ to: '/club/dashboard' });
    else form.failed(result.text);
  }

  return (
    <main id="main">
      <Card narrow>
        <h1>{t('login.title')}</h1>
        <form noValidate onSubmit={submit}>
          <ErrorSummary {...form.summary} />
          <Field
            id={form.idFor('email')}
            label={t('login.field.email')}
            error={form.errorFor('email')}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                onChange={(e) => setValues({ ...values, email: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={form.idFor('password')}
            label={t('login.field.password')}
            error={form.errorFor('password')}
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => setValues({ ...values, password: e.target.value })}
              />
            )}
          </Field>
          <Button type="submit" block disabled={busy}>
            {t('login.submit')}
          </Button>
        </form>
        <p>
          <Button variant="link" onClick={() => setResetOpen(true)}>
            {t('login.forgotPassword')}
          </Button>
        </p>
        <p>
          <Link to="/register">{t('login.registerLink')}</Link>
        </p>
      </Card>
      <ForgotPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </main>
  );
}
