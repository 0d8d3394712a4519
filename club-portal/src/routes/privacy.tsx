import { readPrivacyNotice } from '@puja/api-client';
import { createFileRoute } from '@tanstack/react-router';
import { useLocale } from '@puja/web-kit';
import { Card } from '../components/card';
import { at } from '../lib/account-text';
import { PrivacyNotice } from '../features/account/privacy-notice';

/** Issue 27: the privacy notice (DPDP Act 2023, s. 5), public, linked from every page's footer. */
export const Route = createFileRoute('/privacy')({
  loader: () => readPrivacyNotice(),
  component: PrivacyPage,
});

function PrivacyPage() {
  useLocale();
  const notice = Route.useLoaderData();
  return (
    <main id="main">
      <Card narrow aria-labelledby="privacy-title">
        <h1 id="privacy-title">{at('account.privacy.title')}</h1>
        <PrivacyNotice retentionSeasons={notice?.retentionSeasons ?? null} />
      </Card>
    </main>
  );
}
