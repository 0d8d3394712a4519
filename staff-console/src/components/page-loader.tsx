import { Center, Loader } from '@mantine/core';
import { t } from '@puja/web-kit';

/** The spinner of a screen or route that is loading. */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
