import { Title } from '@mantine/core';
import { t } from '../../../../lib/t';

/** Arrives in the next commit. */
export function ApplicationPage() {
  return <Title order={1}>{t('applications.documentVerification')}</Title>;
}
