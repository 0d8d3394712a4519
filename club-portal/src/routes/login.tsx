import { loginClub } from '@puja/api-client';
import { checkLoginForm, loginSearch, pathAfterLogin } from '@puja/domain';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { t, useFormErrors, useLocale, usePageTitle, withToast } from '@puja/web-kit';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { CheckedForm } from '../components/checked-form';
import { TextField } from '../components/text-field';
import { useFormValues } from '../lib/use-form-values';

// The forgot-password dialog waits in a chunk of its own, fetched once the login has shown:
// the club's first load stays within its budget (issue 27) and the dialog still opens at once.
const loadDialog = () => import('./-components/forgot-password-dialog');
const ForgotPasswordDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ForgotPasswordDialog })),
);

// The first screen most visits land on ships with the shell (no split: see vite.config.ts).
export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: LoginPage,
});

/** SPEC §2 Club Login: email and password, the forgot-password dialog, the link to register. */
function LoginPage() {
  useLocale();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const form = useFormErrors('login');
  const fields = useFormValues(form, { email: '', password: '' }, checkLoginForm);
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  // Mounted from its first opening on: it forgets what was typed 300 ms after closing (SPEC §9).
  const [resetUsed, setResetUsed] = useState(false);
  useEffect(() => void loadDialog(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkLoginForm(fields.values);
    if (!form.check(checked)) return;
    setBusy(true);
    const result = await withToast(
      { loading: 'login.loading', failure: 'login.failed', success: 'login.success' },
      () => loginClub(checked.value),
      // The summary says why; a toast besides would say it twice (issue 27).
      { form: 'login', failureInForm: true },
    );
    setBusy(false);
    // Back to the page asked for when a club may open it, else the dashboard (SPEC §6).
    if (result.ok) await navigate({ href: pathAfterLogin('club', redirect) });
    else form.failed(result.text);
  }

  return (
    <main id="main">
      <Card narrow>
        <h1>{t('login.title')}</h1>
        <CheckedForm form={form} onSubmit={submit} busy={busy} submit={t('login.submit')}>
          <TextField {...fields.field('email')} label={t('login.field.email')} kind="email" />
          <TextField
            {...fields.field('password')}
            label={t('login.field.password')}
            kind="currentPassword"
          />
        </CheckedForm>
        <p>
          <Button
            variant="link"
            onClick={() => {
              setResetUsed(true);
              setResetOpen(true);
            }}
          >
            {t('login.forgotPassword')}
          </Button>
        </p>
        <p>
          <Link to="/register">{t('login.registerLink')}</Link>
        </p>
      </Card>
      {resetUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
        </Suspense>
      ) : null}
    </main>
  );
}
