import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { loginStaff, logout } from '@puja/api-client';
import { isManagedRole, loginSearch, pathAfterLogin, validateLogin } from '@puja/domain';
import { LanguageSwitch, t, useLocale, usePageTitle, withToast } from '@puja/web-kit';

export const Route = createFileRoute('/admin/login')({
  // The first screen: it ships in the entry chunk and must show fast (size budget).
  codeSplitGroupings: [],
  validateSearch: loginSearch,
  component: LoginPage,
});

/** SPEC §2 Official Login: staff only; on success to /admin/dashboard. */
function LoginPage() {
  useLocale();
  usePageTitle(t('officialLogin.title'));
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateLogin({ email, password });
    if (!checked.ok) {
      setProblem(t(checked.message));
      return;
    }
    setProblem(null);
    setBusy(true);
    const answer = await withToast(
      { loading: 'login.loading', success: 'login.success', failure: 'login.failed' },
      () => loginStaff(checked.value),
      // The alert above the form says why; a toast besides would say it twice (issue 27).
      { failureInForm: true },
    );
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.text);
      return;
    }
    if (!isManagedRole(answer.value.role)) {
      await logout();
      setProblem(t('auth.forbidden'));
      return;
    }
    // The next user starts from the server, never from what the last one's screens held.
    queryClient.clear();
    // SPEC §6: every staff role lands on the dashboard (an agency officer on its referrals),
    // unless a page this role may open was asked for (domain's pathAfterLogin).
    await navigate({ href: pathAfterLogin(answer.value.role, redirect) });
  }

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Group justify="flex-end">
              <LanguageSwitch tone="on-light" />
            </Group>
            <Title order={1} size="h2">
              {t('officialLogin.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('officialLogin.hint')}
            </Text>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              label={t('login.field.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
            />
            <PasswordInput
              label={t('login.field.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              required
            />
            <Button type="submit" loading={busy}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
