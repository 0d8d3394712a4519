import { accessForPath, decideRouteAccess, loginSearchFor } from '@puja/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** The club area's one guard: domain's route-access rule decides who may enter (SPEC §2, §6). */
export const Route = createFileRoute('/club')({
  beforeLoad: ({ context, location }) => {
    const session = context.session();
    const decision = decideRouteAccess({
      loading: false,
      user: session,
      allowedRoles: accessForPath(location.pathname) ?? ['club'],
    });
    // The page asked for (a mail's print link) is where the login comes back to (issue 22).
    if (decision.kind === 'redirect') {
      throw redirect({ to: '/login', search: loginSearchFor(location.href) });
    }
    if (decision.kind === 'unauthorized') throw redirect({ to: '/unauthorized' });
    // A session opened with a temporary password goes nowhere before choosing a new one.
    if (
      session?.role === 'club' &&
      session.must_change_password &&
      location.pathname !== '/club/change-password'
    ) {
      throw redirect({ to: '/club/change-password' });
    }
  },
});
