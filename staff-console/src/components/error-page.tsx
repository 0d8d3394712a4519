import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { t, useLocale, usePageTitle } from '@puja/web-kit';

/** SPEC §2 error page: the title, the status text or message, and Go back Home. */
export function ErrorView({ detail }: { detail: string }) {
  useLocale();
  usePageTitle(t('errorPage.title'));
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560}>
        <Title order={1} ta="center">
          {t('errorPage.title')}
        </Title>
        <Text c="dimmed" ta="center">
          <i>{detail}</i>
        </Text>
        <Button component={Link} to="/admin/dashboard">
          {t('errorPage.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's error component: a failure while rendering or loading a screen. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const detail = error instanceof Error && error.message !== '' ? error.message : String(error);
  return <ErrorView detail={detail} />;
}

/** An unknown route. */
export function NotFoundPage() {
  return <ErrorView detail={t('errorPage.notFound')} />;
}
