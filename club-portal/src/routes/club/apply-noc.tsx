import { t, useLocale } from '@puja/web-kit';
import { getRouteApi } from '@tanstack/react-router';
import { ApplyForm } from '../../features/apply/apply-form';
import { useClubSession } from '../../lib/use-session';

const route = getRouteApi('/club/apply-noc');

/**
 * SPEC §2 "Apply for NOC Durga puja 2025", the year the current season's (the already-applied
 * check is in the route's loader).
 */
export function ApplyNocPage() {
  useLocale();
  const session = useClubSession();
  const { seasonYear } = route.useLoaderData();
  return (
    <main id="main">
      <h1>{t('applyNoc.title', { year: seasonYear })}</h1>
      {session ? <ApplyForm session={session} seasonYear={seasonYear} /> : null}
    </main>
  );
}
