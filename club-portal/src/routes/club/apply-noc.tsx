import { createFileRoute, redirect } from '@tanstack/react-router';
import { notify, t, useLocale } from '@puja/web-kit';
import { ApplyForm } from '../../features/apply/apply-form';
import { useClubSession } from '../../lib/use-session';
import { loadMyApplication } from './-load-my-application';

export const Route = createFileRoute('/club/apply-noc')({
  // SPEC §2: a club that already applied this season is told so and sent to its dashboard.
  loader: async ({ context }) => {
    const loaded = await loadMyApplication(context);
    if (loaded.application) {
      notify.error(t('applyNoc.alreadyApplied'));
      throw redirect({ to: '/club/dashboard' });
    }
    return loaded;
  },
  component: ApplyNocPage,
});

/** SPEC §2 "Apply for NOC Durga puja {year}" (the already-applied check is in the route's loader). */
function ApplyNocPage() {
  useLocale();
  const session = useClubSession();
  const { seasonYear } = Route.useLoaderData();
  return (
    <main id="main">
      <h1>{t('applyNoc.title', { year: seasonYear })}</h1>
      {session ? <ApplyForm session={session} seasonYear={seasonYear} /> : null}
    </main>
  );
}
