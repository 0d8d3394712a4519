import {
  currentSession,
  getMyApplication,
  listClubs,
  listSeasons,
  verifyNoc,
} from '@puja/api-client';
import {
  accessForPath,
  decideRouteAccess,
  FIRST_SEASON_YEAR,
  type Application,
} from '@puja/domain';
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { errorText, notify, t } from '@puja/web-kit';
import { Spinner } from './components/spinner';
import { ErrorPage, NotFoundPage } from './routes/-components/error-page';
import { RootLayout } from './routes/__root';
import { LoginPage } from './routes/login';

// Routes are declared in code, each screen but the login loaded on demand (one chunk per
// route): the first load of /login carries only the shell and the login form.

const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/club/dashboard' });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  // The first screen most visits land on ships with the shell: one round trip less on 3G.
  component: LoginPage,
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  // SPEC §7: a failed club list shows an empty list and says "Could not fetch clubs."
  loader: () =>
    listClubs({ onError: (error) => void notify.error(errorText(error, 'clubs.fetchFailed')) }),
  component: lazyRouteComponent(() => import('./routes/register'), 'RegisterPage'),
});

const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  component: lazyRouteComponent(() => import('./routes/unauthorized'), 'UnauthorizedPage'),
});

/** Issue 12: the public certificate check, no login: a form, and the answer for one code. */
const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify',
  component: lazyRouteComponent(() => import('./routes/verify'), 'VerifyFormPage'),
});

const verifyCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/$code',
  loader: ({ params }) => verifyNoc({ code: params.code }),
  // A withdrawal shows at once: never an answer kept from an earlier visit.
  staleTime: 0,
  gcTime: 0,
  component: lazyRouteComponent(() => import('./routes/verify'), 'VerifyResultPage'),
  pendingComponent: lazyRouteComponent(() => import('./routes/verify'), 'VerifyPendingPage'),
  errorComponent: lazyRouteComponent(() => import('./routes/verify'), 'VerifyErrorPage'),
});

/** The club area: domain's route-access rule decides who may enter (SPEC §2 guard, §6). */
const clubRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'club',
  beforeLoad: ({ location }) => {
    const decision = decideRouteAccess({
      loading: false,
      user: currentSession(),
      allowedRoles: accessForPath(location.pathname) ?? ['club'],
    });
    if (decision.kind === 'redirect') throw redirect({ to: '/login' });
    if (decision.kind === 'unauthorized') throw redirect({ to: '/unauthorized' });
    // A session opened with a temporary password goes nowhere before choosing a new one.
    const session = currentSession();
    if (
      session?.role === 'club' &&
      session.must_change_password &&
      location.pathname !== '/club/change-password'
    ) {
      throw redirect({ to: '/club/change-password' });
    }
  },
});

/**
 * The club's own application of the current season, or null (SPEC §7 my-noc), and the current
 * season's year and puja day (the latest season; 2025 on a fresh demo, on a host without
 * seasons, and when the seasons cannot be read: the application's own failure shows instead).
 */
async function loadMyApplication(): Promise<{
  application: Application | null;
  seasonYear: number;
  pujaStartsOn: string | null;
}> {
  const session = currentSession();
  if (session?.role !== 'club') throw redirect({ to: '/login' });
  const [application, seasons] = await Promise.all([
    getMyApplication({ club_id: session.club_id }),
    listSeasons().catch(() => []),
  ]);
  const current = seasons[0];
  return {
    application,
    seasonYear: current?.year ?? FIRST_SEASON_YEAR,
    pujaStartsOn: current?.puja_starts_on ?? null,
  };
}

const dashboardRoute = createRoute({
  getParentRoute: () => clubRoute,
  path: 'dashboard',
  loader: loadMyApplication,
  component: lazyRouteComponent(() => import('./routes/club/dashboard'), 'DashboardPage'),
});

const applyRoute = createRoute({
  getParentRoute: () => clubRoute,
  path: 'apply-noc',
  // SPEC §2: a club that already applied is told so and sent to its dashboard.
  loader: async () => {
    const loaded = await loadMyApplication();
    if (loaded.application) {
      notify.error(t('applyNoc.alreadyApplied'));
      throw redirect({ to: '/club/dashboard' });
    }
    return loaded;
  },
  component: lazyRouteComponent(() => import('./routes/club/apply-noc'), 'ApplyNocPage'),
});

const printAcknowledgementRoute = createRoute({
  getParentRoute: () => clubRoute,
  path: 'print-acknowledgement',
  loader: loadMyApplication,
  component: lazyRouteComponent(
    () => import('./routes/club/print-acknowledgement'),
    'PrintAcknowledgementPage',
  ),
});

const printCertificateRoute = createRoute({
  getParentRoute: () => clubRoute,
  path: 'print-certificate',
  loader: loadMyApplication,
  component: lazyRouteComponent(
    () => import('./routes/club/print-certificate'),
    'PrintCertificatePage',
  ),
});

const changePasswordRoute = createRoute({
  getParentRoute: () => clubRoute,
  path: 'change-password',
  component: lazyRouteComponent(
    () => import('./routes/club/change-password'),
    'ChangePasswordPage',
  ),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registerRoute,
  unauthorizedRoute,
  verifyRoute,
  verifyCodeRoute,
  clubRoute.addChildren([
    dashboardRoute,
    applyRoute,
    printAcknowledgementRoute,
    printCertificateRoute,
    changePasswordRoute,
  ]),
]);

/** The portal's router; tests pass a memory history. */
export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    history,
    defaultPendingComponent: Spinner,
    // A failed or unknown page shows inside the layout, header and drawer included.
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingMs: 300,
    defaultPreload: 'intent',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
