import { APPLY_YEAR } from '@puja/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { notify, t, useLocale } from '@puja/web-kit';
import { ApplyForm } from '../../features/apply/apply-form';
import { prepareUpload } from '../../features/documents/prepare-upload';
import { useClubSession } from '../../lib/use-session';
import { loadMyApplication } from './-load-my-application';

export const Route = createFileRoute('/club/apply-noc')({
  // SPEC §2: a club that already applied is told so and sent to its dashboard.
  loader: async ({ context }) => {
    const { application } = await loadMyApplication(context);
    if (application) {
      notify.error(t('applyNoc.alreadyApplied'));
      throw redirect({ to: '/club/dashboard' });
    }
    return { application };
  },
  component: ApplyNocPage,
});

/** SPEC §2 "Apply for NOC Durga puja 2025" (the already-applied check is in the route's loader). */
function ApplyNocPage() {
  useLocale();
  const session = useClubSession();
  return (
    <main id="main">
      <h1>{t('applyNoc.title', { year: APPLY_YEAR })}</h1>
      {session ? <ApplyForm session={session} prepare={prepareUpload} /> : null}
    </main>
  );
}
