import { applyWindowBlocker, renewalPrefill, renewalSource } from '@puja/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { notify, t, useLocale, usePageTitle } from '@puja/web-kit';
import { ApplyForm } from './-components/apply-form';
import { useClubSession } from '../../lib/use-session';
import { loadMyApplication } from './-load-my-application';

export const Route = createFileRoute('/club/apply-noc')({
  // SPEC §2: a club that already applied this season is told so and sent to its dashboard; so is
  // one outside the season's window (issue 20). A club that applied in an earlier season starts
  // from its latest application (renewal).
  loader: async ({ context }) => {
    const loaded = await loadMyApplication(context, { history: true });
    // An earlier season's application still under review does not stop this season's.
    if (loaded.application && !loaded.continuing) {
      notify.error(() => t('applyNoc.alreadyApplied'));
      throw redirect({ to: '/club/dashboard' });
    }
    const blocker = applyWindowBlocker(loaded.season, loaded.now);
    if (blocker !== null) {
      notify.error(() => t(blocker));
      throw redirect({ to: '/club/dashboard' });
    }
    const source = renewalSource(loaded.history, loaded.seasonYear);
    const prefill = renewalPrefill(source);
    return { ...loaded, renewal: source && prefill ? { source, prefill } : null };
  },
  component: ApplyNocPage,
});

/** SPEC §2 "Apply for NOC Durga puja {year}" (the already-applied check is in the route's loader). */
function ApplyNocPage() {
  useLocale();
  usePageTitle(t('pageTitle.applyNoc'));
  const session = useClubSession();
  const { seasonYear, renewal } = Route.useLoaderData();
  return (
    <main id="main">
      <h1>{t('applyNoc.title', { year: seasonYear })}</h1>
      {session ? <ApplyForm session={session} seasonYear={seasonYear} renewal={renewal} /> : null}
    </main>
  );
}
