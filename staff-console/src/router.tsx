import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { currentSession } from '@puja/api-client';
import { STAFF_ROLES, accessForPath, decideRouteAccess } from '@puja/domain';
import { ErrorPage, NotFoundPage } from './components/error-page';
import { PageLoader } from './components/page-loader';
import { validateListSearch } from './features/applications/list-search';
import { LoginPage } from './routes/admin/login';
import { RootLayout } from './routes/root';

const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/login' });
  },
});

const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  component: lazyRouteComponent(() => import('./routes/unauthorized'), 'UnauthorizedPage'),
});

const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: 'admin' });

// SPEC §2: /admin redirects to /admin/login.
const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/login' });
  },
});

// The login is the one screen in the entry chunk: it must show fast (size budget).
const loginRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'login',
  component: LoginPage,
});

/**
 * The pathless staff layout: one guard for every staff screen, from domain's route access rule
 * (no user: /admin/login; a role the route does not admit: /unauthorized).
 */
const staffRoute = createRoute({
  getParentRoute: () => adminRoute,
  id: '_staff',
  beforeLoad: ({ location }) => {
    const decision = decideRouteAccess({
      loading: false,
      user: currentSession(),
      allowedRoles: accessForPath(location.pathname) ?? STAFF_ROLES,
    });
    if (decision.kind === 'redirect') throw redirect({ to: '/admin/login' });
    if (decision.kind === 'unauthorized') throw redirect({ to: '/unauthorized' });
  },
  component: lazyRouteComponent(() => import('./routes/admin/_staff/route'), 'StaffLayout'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'dashboard',
  component: lazyRouteComponent(() => import('./routes/admin/_staff/dashboard'), 'DashboardPage'),
});

const manageClubsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'manage-clubs',
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/manage-clubs'),
    'ManageClubsPage',
  ),
});

const manageUsersRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'manage-users',
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/manage-users'),
    'ManageUsersPage',
  ),
});

const issuedRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'issued-noc',
  component: lazyRouteComponent(() => import('./routes/admin/_staff/issued-noc'), 'IssuedNocsPage'),
});

const storeReviewRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'store/review',
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/store/review'),
    'DocumentReviewPage',
  ),
});

const chairmanReviewRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'chairman/review',
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/chairman/review'),
    'ChairmanReviewPage',
  ),
});

const applicationsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'noc-applications',
  validateSearch: validateListSearch,
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/noc-applications/index'),
    'ApplicationsPage',
  ),
});

const applicationRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'noc-applications/$id',
  component: lazyRouteComponent(
    () => import('./routes/admin/_staff/noc-applications/$id'),
    'ApplicationPage',
  ),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  unauthorizedRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    loginRoute,
    staffRoute.addChildren([
      dashboardRoute,
      manageClubsRoute,
      manageUsersRoute,
      issuedRoute,
      storeReviewRoute,
      chairmanReviewRoute,
      applicationsRoute,
      applicationRoute,
    ]),
  ]),
]);

/** The console's router; tests pass a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 150,
    // Lazy screens start loading when a link is hovered or focused.
    defaultPreload: 'intent',
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
