import { Title } from '@mantine/core';
import { t } from '../../../lib/t';

/** Arrives in the next commit. */
export function IssuedNocsPage() {
  return <Title order={1}>{t('issued.title')}</Title>;
}
