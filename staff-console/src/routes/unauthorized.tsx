import { Button, Center, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, useLocale } from '../lib/t';

/** SPEC §2: the plain page for a route the user's role may not open. */
export function UnauthorizedPage() {
  useLocale();
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
