import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Link,
  Outlet,
  createFileRoute,
  redirect,
  retainSearchParams,
  useNavigate,
  useRouterState,
} from '@tanstack/react-router';
import { logout } from '@puja/api-client';
import {
  STAFF_ROLES,
  accessForPath,
  decideRouteAccess,
  isManagedRole,
  isStaffRole,
  loginSearchFor,
  parseSeasonParam,
  staffNavLinks,
  staffPanelTitle,
} from '@puja/domain';

import { agenciesQuery } from '../../../features/departments/queries';
import { seasonsQuery } from '../../../features/seasons/queries';
import { LanguageSwitch, t, useLocale, useSession } from '@puja/web-kit';

/** The staff URL's season (decision 0035): a year, or nothing for the current season. */
export interface StaffSearch {
  season?: number;
}

/**
 * The pathless staff layout: one guard for every staff screen, from domain's route access rule
 * (no user: /admin/login; a role the route does not admit: /unauthorized). It owns `?season=`
 * (decision 0035), which every link and navigation between staff screens keeps.
 */
export const Route = createFileRoute('/admin/_staff')({
  validateSearch: (input: Record<string, unknown>): StaffSearch => {
    const season = parseSeasonParam(input.season);
    return season === undefined ? {} : { season };
  },
  search: { middlewares: [retainSearchParams(['season'])] },
  beforeLoad: ({ context, location }) => {
    const decision = decideRouteAccess({
      loading: false,
      user: context.session(),
      allowedRoles: accessForPath(location.pathname) ?? STAFF_ROLES,
    });
    // A link to a detail page (a colleague's, a bookmark) comes back there after login.
    if (decision.kind === 'redirect') {
      throw redirect({ to: '/admin/login', search: loginSearchFor(location.href) });
    }
    if (decision.kind === 'unauthorized') throw redirect({ to: '/unauthorized' });
  },
  // The season selector's list, asked for at once; no screen waits for it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(seasonsQuery()),
  component: StaffLayout,
});

/**
 * SPEC §2 staff layout: a side panel titled by role plus "Panel", the role's links, the user's
 * e-mail and Logout (to /admin/login); an agency officer (issue 29) gets the Department Panel
 * with Referrals only, staff get Referrals while a department is active; a user without a staff
 * role gets the bare content.
 */
function StaffLayout() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const session = useSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [opened, { toggle, close }] = useDisclosure(false);
  // Staff see Referrals while a department is active (decision 0040); officers always.
  const { data: agencies } = useQuery({
    ...agenciesQuery(),
    enabled: isStaffRole(session?.role),
  });
  const departmentsActive = agencies?.some((agency) => agency.active) ?? false;

  // Logging out clears the session just before leaving: draw nothing rather than a screen that
  // needs the user.
  if (session === null) return null;
  if (!isManagedRole(session.role)) return <Outlet />;

  async function signOut() {
    await logout();
    // What the cache held was this user's: the next one starts from the server.
    queryClient.clear();
    await navigate({ to: '/admin/login' });
  }

  return (
    <AppShell
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      header={{ height: { base: 56, sm: 0 } }}
      padding="md"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={staffPanelTitle(session.role, locale) ?? ''}
          />
          <Text fw={700} style={{ flex: 1 }}>
            {staffPanelTitle(session.role, locale)}
          </Text>
          <LanguageSwitch tone="on-light" />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={staffPanelTitle(session.role, locale) ?? undefined}>
        <AppShell.Section>
          <Title order={2} size="h3" mb="xs">
            {staffPanelTitle(session.role, locale)}
          </Title>
          <Group mb="md" visibleFrom="sm">
            <LanguageSwitch tone="on-light" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component="nav">
          {staffNavLinks(session.role, { departmentsActive }).map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={t(link.label)}
              active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
              onClick={close}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {session.email}
            </Text>
            <Button variant="default" onClick={() => void signOut()}>
              {t('nav.logout')}
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
