import { describe, expect, it } from 'vitest';
import {
  CREATABLE_USER_ROLES,
  ROUTE_ACCESS,
  STAFF_ROLES,
  accessForPath,
  can,
  decideRouteAccess,
  homePathForRole,
  pathAfterLogin,
  loginSearch,
  loginSearchFor,
  isRole,
  isStaffRole,
  loginPathAfterExpiry,
  loginPathForRole,
  matchRoute,
  staffNavLinks,
  staffPanelTitle,
  type Action,
  type Role,
} from './permissions';

describe('roles', () => {
  it.each([
    ['admin', true, true],
    ['store', true, true],
    ['chairman', true, true],
    ['club', true, false],
    ['root', false, false],
    ['', false, false],
    [null, false, false],
    [1, false, false],
  ])('%j is a role: %s, a staff role: %s', (value, role, staff) => {
    expect(isRole(value)).toBe(role);
    expect(isStaffRole(value)).toBe(staff);
  });

  it('staff roles are admin, store and chairman', () => {
    expect(STAFF_ROLES).toEqual(['admin', 'store', 'chairman']);
  });

  it('users that can be created have role chairman or store (SPEC §6), or Appellate Officer (issue 30)', () => {
    expect(CREATABLE_USER_ROLES).toEqual(['chairman', 'store', 'appellate']);
  });
});

describe('can', () => {
  const table: [Action, Role[]][] = [
    ['viewDashboard', ['admin', 'store', 'chairman']],
    ['viewApplications', ['admin', 'store', 'chairman']],
    ['manageClubs', ['admin', 'store', 'chairman']],
    ['manageUsers', ['admin', 'chairman']],
    ['reviewDocument', ['admin', 'store']],
    ['decideFinal', ['admin', 'chairman']],
    ['viewChairmanReviewTab', ['admin', 'chairman']],
    ['useClubArea', ['club']],
  ];
  const everyRole: Role[] = ['admin', 'store', 'chairman', 'club'];
  it.each(table)('%s is allowed exactly for %j', (action, allowed) => {
    for (const role of everyRole) expect(can(role, action)).toBe(allowed.includes(role));
  });
});

describe('ROUTE_ACCESS', () => {
  it.each([
    ['/', 'public'],
    ['/register', 'public'],
    ['/login', 'public'],
    ['/admin/login', 'public'],
    ['/unauthorized', 'public'],
    ['/club/dashboard', ['club']],
    ['/club/apply-noc', ['club']],
    ['/club/print-acknowledgement', ['club']],
    ['/club/print-certificate', ['club']],
    ['/club/change-password', ['club']],
    ['/admin/dashboard', ['admin', 'store', 'chairman']],
    ['/admin/manage-clubs', ['admin', 'store', 'chairman']],
    ['/admin/manage-users', ['admin', 'chairman']],
    ['/admin/seasons', ['admin', 'chairman']],
    ['/admin/holidays', ['admin']],
    ['/admin/departments', ['admin']],
    ['/admin/referrals', ['admin', 'store', 'chairman', 'agency']],
    ['/admin/referrals/:id', ['admin', 'store', 'chairman', 'agency']],
    ['/admin/service-standards', ['admin']],
    ['/service-standards', 'public'],
    ['/admin/noc-applications', ['admin', 'store', 'chairman']],
    ['/admin/noc-applications/:id', ['admin', 'store', 'chairman']],
    ['/admin/issued-noc', ['admin', 'store', 'chairman']],
    ['/admin/store/review', ['store']],
    ['/admin/chairman/review', ['chairman']],
  ] as const)('%s is open to %j', (route, access) => {
    expect(ROUTE_ACCESS[route]).toEqual(access);
  });

  it.each([
    ['/', '/'],
    ['/admin/noc-applications/12', '/admin/noc-applications/:id'],
    ['/admin/noc-applications/12/', '/admin/noc-applications/:id'],
    ['/admin/noc-applications', '/admin/noc-applications'],
    ['/admin/issued-noc?q=x#top', '/admin/issued-noc'],
    ['/admin/store/review', '/admin/store/review'],
    ['/admin/nowhere', null],
    ['/admin/noc-applications/12/extra', null],
    ['', null],
  ])('the path %s matches the route %s', (path, route) => {
    expect(matchRoute(path)).toBe(route);
  });

  it('a concrete detail path is staff only', () => {
    expect(accessForPath('/admin/noc-applications/3')).toEqual(STAFF_ROLES);
    expect(accessForPath('/nope')).toBeNull();
  });
});

describe('login and home paths', () => {
  it.each([
    ['club', '/login', '/club/dashboard'],
    ['admin', '/admin/login', '/admin/dashboard'],
    ['store', '/admin/login', '/admin/dashboard'],
    ['chairman', '/admin/login', '/admin/dashboard'],
    ['agency', '/admin/login', '/admin/referrals'],
    ['appellate', '/admin/login', '/admin/appeals'],
  ] as const)('a %s user logs in at %s and lands on %s', (role, login, home) => {
    expect(loginPathForRole(role)).toBe(login);
    expect(homePathForRole(role)).toBe(home);
    expect(loginPathAfterExpiry(role)).toBe(login);
  });

  it('an expired session without a known role goes to the club login', () => {
    expect(loginPathAfterExpiry(undefined)).toBe('/login');
    expect(loginPathAfterExpiry('root')).toBe('/login');
  });
});

describe('staff panel', () => {
  const common = [
    '/admin/dashboard',
    '/admin/manage-clubs',
    '/admin/noc-applications',
    '/admin/issued-noc',
    '/admin/appeals',
  ];
  it.each([
    [
      'admin',
      [
        ...common,
        '/admin/manage-users',
        '/admin/seasons',
        '/admin/holidays',
        '/admin/departments',
        '/admin/service-standards',
      ],
    ],
    ['agency', ['/admin/referrals']],
    ['appellate', ['/admin/appeals']],
    ['chairman', [...common, '/admin/manage-users', '/admin/seasons', '/admin/chairman/review']],
    ['store', [...common, '/admin/store/review']],
    ['club', []],
    [null, []],
  ])('a %s user sees the links %j', (role, links) => {
    expect(staffNavLinks(role).map((link) => link.to)).toEqual(links);
  });

  it.each(['admin', 'store', 'chairman'])(
    'a %s user sees Referrals only while a department is active (decision 0040)',
    (role) => {
      const links = (departmentsActive: boolean) =>
        staffNavLinks(role, { departmentsActive }).map((link) => link.to);
      expect(links(false)).not.toContain('/admin/referrals');
      expect(links(true)).toEqual([
        ...links(false).slice(0, 4),
        '/admin/referrals',
        ...links(false).slice(4),
      ]);
    },
  );

  it('an agency officer sees Referrals whether or not a department is active', () => {
    expect(staffNavLinks('agency', { departmentsActive: false })).toEqual([
      { to: '/admin/referrals', label: 'nav.referrals' },
    ]);
  });

  it('links are labelled Dashboard, Club, All NOCs, Issued NOCs, Referrals, Appeals, Manage Users, Seasons, Holidays, Departments, Service standards', () => {
    expect(staffNavLinks('admin', { departmentsActive: true }).map((link) => link.label)).toEqual([
      'nav.dashboard',
      'nav.club',
      'nav.allNocs',
      'nav.issuedNocs',
      'nav.referrals',
      'nav.appeals',
      'nav.manageUsers',
      'nav.seasons',
      'nav.holidays',
      'nav.departments',
      'nav.serviceStandards',
    ]);
  });

  it.each([
    ['admin', 'Admin Panel'],
    ['store', 'Store Panel'],
    ['chairman', 'Chairman Panel'],
    ['agency', 'Department Panel'],
    ['appellate', 'Appellate Officer Panel'],
    ['club', null],
    [undefined, null],
  ])('the side panel of a %s user is titled %s', (role, title) => {
    expect(staffPanelTitle(role)).toBe(title);
  });
});

describe('decideRouteAccess', () => {
  const club = { role: 'club' };
  const store = { role: 'store' };
  it.each([
    ['while the session loads, a spinner', true, null, ['club'], { kind: 'loading' }],
    [
      'no user on a club route goes to /login',
      false,
      null,
      ['club'],
      { kind: 'redirect', to: '/login' },
    ],
    [
      'no user on a staff route goes to /admin/login',
      false,
      undefined,
      STAFF_ROLES,
      { kind: 'redirect', to: '/admin/login' },
    ],
    [
      'a route that admits clubs and staff sends no user to /login',
      false,
      null,
      ['admin', 'club'],
      { kind: 'redirect', to: '/login' },
    ],
    [
      'a staff user on a club route is unauthorized',
      false,
      store,
      ['club'],
      { kind: 'unauthorized' },
    ],
    [
      'a club user on a staff route is unauthorized',
      false,
      club,
      STAFF_ROLES,
      { kind: 'unauthorized' },
    ],
    [
      'a user with an unknown role is unauthorized',
      false,
      { role: 'root' },
      STAFF_ROLES,
      { kind: 'unauthorized' },
    ],
    ['an allowed role is let in', false, store, ['store'], { kind: 'allow' }],
    ['a public route is open even while loading', true, null, 'public', { kind: 'allow' }],
  ] as const)('%s', (_name, loading, user, allowedRoles, decision) => {
    expect(decideRouteAccess({ loading, user, allowedRoles })).toEqual(decision);
  });
});

describe('pathAfterLogin: back to the page asked for', () => {
  it.each([
    ['club', '/club/print-certificate', '/club/print-certificate'],
    [
      'club',
      '/club/dashboard?reupload=certificate#tracker',
      '/club/dashboard?reupload=certificate#tracker',
    ],
    ['club', '/club/print-acknowledgement', '/club/print-acknowledgement'],
    ['store', '/admin/noc-applications/12', '/admin/noc-applications/12'],
    ['store', '/admin/chairman/review', '/admin/dashboard'],
    ['club', '/admin/dashboard', '/club/dashboard'],
    ['chairman', '/club/dashboard', '/admin/dashboard'],
    ['club', '/login', '/club/dashboard'],
    ['club', '/no-such-page', '/club/dashboard'],
    ['club', '//evil.example/club/dashboard', '/club/dashboard'],
    ['club', '/\\evil.example/club/dashboard', '/club/dashboard'],
    ['club', 'https://evil.example/club/dashboard', '/club/dashboard'],
    ['club', 'club/dashboard', '/club/dashboard'],
    ['club', '/club/print-certificate\n', '/club/dashboard'],
    ['club', undefined, '/club/dashboard'],
    ['admin', 42, '/admin/dashboard'],
  ] as const)('%s asking for %j goes to %s', (role, requested, path) => {
    expect(pathAfterLogin(role, requested)).toBe(path);
  });
});

describe('loginSearch: the page a guard asks to come back to', () => {
  it('keeps a non-empty redirect and drops anything else', () => {
    expect(loginSearch({ redirect: '/club/print-certificate', other: 'x' })).toEqual({
      redirect: '/club/print-certificate',
    });
    expect(loginSearch({ redirect: '' })).toEqual({});
    expect(loginSearch({ redirect: ['/club/dashboard'] })).toEqual({});
    expect(loginSearch({})).toEqual({});
  });
});

describe('loginSearchFor: what a guard puts on the login address', () => {
  it.each([
    ['/club/print-certificate', { redirect: '/club/print-certificate' }],
    [
      '/admin/noc-applications/12?tab=pending',
      { redirect: '/admin/noc-applications/12?tab=pending' },
    ],
    ['/club/dashboard', {}],
    ['/admin/dashboard', {}],
    ['/club/dashboard?x=1', {}],
  ])('%s gives %j', (requested, search) => {
    expect(loginSearchFor(requested)).toEqual(search);
  });
});
