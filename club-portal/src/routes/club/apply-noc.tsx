import { APPLY_YEAR } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { ApplyForm } from '../../features/apply/apply-form';
import { useClubSession } from '../../lib/use-session';

/** SPEC §2 "Apply for NOC Durga puja 2025" (the already-applied check is in the route's loader). */
export function ApplyNocPage() {
  useLocale();
  const session = useClubSession();
  return (
    <main id="main">
      <h1>{t('applyNoc.title', { year: APPLY_YEAR })}</h1>
      {session ? <ApplyForm session={session} /> : null}
    </main>
  );
}
