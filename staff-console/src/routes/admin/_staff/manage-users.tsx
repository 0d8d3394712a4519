import { Title } from '@mantine/core';
import { t } from '../../../lib/t';

/** Arrives in the next commit. */
export function ManageUsersPage() {
  return <Title order={1}>{t('users.title')}</Title>;
}
