import { Center, Loader } from '@mantine/core';
import { t } from '../lib/t';

/** The spinner of a screen or route that is loading. */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
