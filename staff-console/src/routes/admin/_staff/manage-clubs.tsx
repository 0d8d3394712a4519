import { Title } from '@mantine/core';
import { t } from '../../../lib/t';

/** Arrives in the next commit. */
export function ManageClubsPage() {
  return <Title order={1}>{t('clubs.title')}</Title>;
}
