import { Title } from '@mantine/core';
import { t } from '../../../../lib/t';

/** Arrives in the next commit. */
export function ChairmanReviewPage() {
  return <Title order={1}>{t('final.panelTitle')}</Title>;
}
