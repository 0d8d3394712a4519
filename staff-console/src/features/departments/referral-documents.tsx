import { Button, Group } from '@mantine/core';
import type { ReferralApplicationSlice } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { t } from '@puja/web-kit';
import { Panel } from '../../components/panel';

/** The documents an agency officer may view, with their labels (the application detail's). */
const DOCUMENTS: readonly { field: keyof ReferralApplicationSlice; label: MessageKey }[] = [
  { field: 'acknowledgement', label: 'document.acknowledgement' },
  { field: 'chairman_application_certificate', label: 'document.chairman_application_certificate' },
  { field: 'certificate_image', label: 'document.certificate' },
  { field: 'load_agreement_image', label: 'document.agreement' },
  { field: 'puja_committee', label: 'document.puja_committee' },
  { field: 'puja_budget', label: 'document.puja_budget' },
];

/** What the viewer beside shows: a document's title and signed link. */
export interface Viewed {
  title: string;
  path: string;
}

/**
 * Every document of the application (issue 29), view only: each opens in the viewer beside
 * (a signed link, as the application detail shows it); one not uploaded is greyed out.
 */
export function ReferralDocuments({
  app,
  viewing,
  onView,
}: {
  app: ReferralApplicationSlice;
  viewing: string | null;
  onView: (viewed: Viewed) => void;
}) {
  return (
    <Panel title={t('referrals.documents')}>
      <Group gap="xs">
        {DOCUMENTS.map(({ field, label }) => {
          const path = app[field];
          return (
            <Button
              key={field}
              size="xs"
              variant={typeof path === 'string' && path === viewing ? 'filled' : 'default'}
              disabled={typeof path !== 'string' || path === ''}
              onClick={() => typeof path === 'string' && onView({ title: t(label), path })}
            >
              {t('applications.view')}: {t(label)}
            </Button>
          );
        })}
      </Group>
    </Panel>
  );
}
