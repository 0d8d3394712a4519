import { Title } from '@mantine/core';
import { t } from '../../../../lib/t';

/** Arrives in the next commit. */
export function DocumentReviewPage() {
  return <Title order={1}>{t('review.panelTitle')}</Title>;
}
