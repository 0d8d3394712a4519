import { Title } from '@mantine/core';
import { t } from '../../../../lib/t';

/** Arrives in the next commit. */
export function ApplicationsPage() {
  return <Title order={1}>{t('nav.allNocs')}</Title>;
}
