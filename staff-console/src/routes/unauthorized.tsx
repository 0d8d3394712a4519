import { Button, Center, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { t, usePageTitle } from '@puja/web-kit';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});

/** SPEC §2: the plain page for a route the user's role may not open. */
function UnauthorizedPage() {
  usePageTitle(t('unauthorized.title'));
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Title order={1}>{t('unauthorized.title')}</Title>
        <Button variant="subtle" component={Link} to="/admin/dashboard">
          {t('errorPage.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
