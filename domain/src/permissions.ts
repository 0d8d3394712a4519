import { formatMessage, DEFAULT_LOCALE, type Locale, type MessageKey } from './messages';

/**
 * Every role of the product (SPEC §1), and `agency` (issue 29): an officer of another
 * department (police station, fire service, …) who decides that department's referrals only.
 */
export type Role = 'admin' | 'store' | 'chairman' | 'club' | 'agency' | 'appellate';
export const ROLES: readonly Role[] = ['admin', 'store', 'chairman', 'club', 'agency', 'appellate'];

/** The municipality staff roles (SPEC §6); an agency officer is not one of them. */
export type StaffRole = Exclude<Role, 'club' | 'agency' | 'appellate'>;
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'store', 'chairman'];

/** Roles a staff user may give a new user in Manage Users (SPEC §6). */
export const CREATABLE_USER_ROLES = ['chairman', 'store', 'appellate'] as const;
export type CreatableUserRole = (typeof CREATABLE_USER_ROLES)[number];

/** Whether a value is a known role. @example isRole('store') // true; isRole('root') // false */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The roles Manage Users keeps: staff, agency officers (issue 29, admin only) and Appellate
 * Officers (issue 30), who see the Appeals only.
 */
export type ManagedRole = StaffRole | 'agency' | 'appellate';

/** Whether a value is a role Manage Users keeps. @example isManagedRole('agency') // true */
export function isManagedRole(value: unknown): value is ManagedRole {
  return value === 'agency' || value === 'appellate' || isStaffRole(value);
}

/** Whether a value is a staff role. @example isStaffRole('club') // false */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Things a user may do; each maps to the roles of SPEC §6. */
export type Action =
  | 'viewDashboard'
  | 'viewApplications'
  | 'manageClubs'
  | 'releaseClub'
  | 'handOverClub'
  | 'manageUsers'
  | 'reviewDocument'
  | 'decideFinal'
  | 'resendSms'
  | 'viewChairmanReviewTab'
  | 'useClubArea'
  | 'manageSeasons'
  | 'manageHolidays'
  | 'manageServiceStandards'
  | 'manageAgencies'
  | 'viewAgencies'
  | 'viewReferrals'
  | 'decideReferral'
  | 'recordReferralReply'
  | 'withdrawReferral'
  | 'fileAppeal'
  | 'decideAppeal';

/** SPEC §6: who may do what. */
const ROLES_FOR_ACTION: Readonly<Record<Action, readonly Role[]>> = {
  viewDashboard: STAFF_ROLES,
  viewApplications: STAFF_ROLES,
  manageClubs: STAFF_ROLES,
  // Releasing a registration ends an account and may delete an application: admins only.
  releaseClub: ['admin'],
  // Issue 27: handing a club's account to a new address ends the old holder's login: admins only.
  handOverClub: ['admin'],
  manageUsers: ['admin', 'chairman'],
  reviewDocument: ['admin', 'store'],
  decideFinal: ['admin', 'chairman'],
  // Issue 23: any staff member who sees the history may send the club's last SMS again.
  resendSms: STAFF_ROLES,
  viewChairmanReviewTab: ['admin', 'chairman'],
  useClubArea: ['club'],
  // Opening, re-dating and closing seasons (issue 20): admin and chairman.
  manageSeasons: ['admin', 'chairman'],
  // The working calendar the statutory clock counts by (issue 30): admin only.
  manageHolidays: ['admin'],
  // The service standards (issue 30): each step's days and Appellate Officer, admin only.
  manageServiceStandards: ['admin'],
  // Other departments (issue 29): admin keeps the agencies; staff and officers read them.
  manageAgencies: ['admin'],
  viewAgencies: [...STAFF_ROLES, 'agency'],
  // An officer sees its own agency's referrals (the server filters), staff see all.
  viewReferrals: [...STAFF_ROLES, 'agency'],
  decideReferral: ['agency'],
  // An offline agency's letter is recorded by the document reviewers.
  recordReferralReply: ['admin', 'store'],
  withdrawReferral: ['admin'],
  // Issue 30: a club appeals its own refusal; an Appellate Officer (any `appellate` user, the
  // staff user named for the step, or the chairman when none is named: the server checks which)
  // lists and decides appeals.
  fileAppeal: ['club'],
  decideAppeal: [...STAFF_ROLES, 'appellate'],
};

/**
 * Whether a role may do an action (SPEC §6).
 * @example can('store', 'reviewDocument') // true; can('store', 'decideFinal') // false
 */
export function can(role: Role, action: Action): boolean {
  return ROLES_FOR_ACTION[action].includes(role);
}

/** Who may open a route: some roles, or anyone ('public'). */
export type RouteAccess = readonly Role[] | 'public';

/** SPEC §2 and §6: every route of both apps and who may open it. */
export const ROUTE_ACCESS = {
  '/': 'public',
  '/register': 'public',
  '/login': 'public',
  // Issue 30: the citizen's charter, no login.
  '/service-standards': 'public',
  '/club/dashboard': ['club'],
  '/club/apply-noc': ['club'],
  '/club/print-acknowledgement': ['club'],
  // SPEC §2 "Certificate print": the club prints its own certificate.
  '/club/print-certificate': ['club'],
  // Issue 10: a club that logged in with a temporary password chooses a new one here.
  '/club/change-password': ['club'],
  // Issue 27: the club hands its account over (e-mail, phone, password).
  '/club/account': ['club'],
  '/admin': 'public',
  '/admin/login': 'public',
  '/admin/dashboard': STAFF_ROLES,
  '/admin/manage-clubs': STAFF_ROLES,
  '/admin/manage-users': ['admin', 'chairman'],
  // Issue 20: opening, re-dating and closing seasons.
  '/admin/seasons': ['admin', 'chairman'],
  // Issue 30: the days the statutory clock skips.
  '/admin/holidays': ['admin'],
  // Issue 29: the agencies (admin) and the referrals (an officer: its agency's; staff: all).
  '/admin/departments': ['admin'],
  '/admin/referrals': [...STAFF_ROLES, 'agency'],
  '/admin/referrals/:id': [...STAFF_ROLES, 'agency'],
  // Issue 30: each step's days, who decides and who hears appeals.
  '/admin/service-standards': ['admin'],
  // Issue 30: the appeals work list (an Appellate Officer sees only this).
  '/admin/appeals': [...STAFF_ROLES, 'appellate'],
  '/admin/noc-applications': STAFF_ROLES,
  '/admin/noc-applications/:id': STAFF_ROLES,
  '/admin/issued-noc': STAFF_ROLES,
  '/admin/store/review': ['store'],
  '/admin/chairman/review': ['chairman'],
  '/unauthorized': 'public',
} as const satisfies Record<string, RouteAccess>;

export type RoutePath = keyof typeof ROUTE_ACCESS;

function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? (have[i] ?? '') !== '' : part === have[i]))
  );
}

/**
 * The route pattern a concrete path belongs to, or null for an unknown route.
 * @example matchRoute('/admin/noc-applications/12') // '/admin/noc-applications/:id'
 */
export function matchRoute(pathname: string): RoutePath | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const patterns = Object.keys(ROUTE_ACCESS) as RoutePath[];
  return patterns.find((pattern) => routeMatches(pattern, path)) ?? null;
}

/**
 * Who may open a concrete path; null for an unknown route.
 * @example accessForPath('/admin/store/review') // ['store']
 */
export function accessForPath(pathname: string): RouteAccess | null {
  const route = matchRoute(pathname);
  return route === null ? null : ROUTE_ACCESS[route];
}

/** Where a role logs in. @example loginPathForRole('chairman') // '/admin/login' */
export function loginPathForRole(role: Role): '/login' | '/admin/login' {
  // An agency officer logs in at the Official Login too (issue 29).
  return role === 'club' ? '/login' : '/admin/login';
}

/**
 * Where a 401 (expired or missing session) sends the user: back to the login of their own role;
 * without a known role, to the club login.
 * @example loginPathAfterExpiry('store') // '/admin/login'; loginPathAfterExpiry(null) // '/login'
 */
export function loginPathAfterExpiry(role: unknown): '/login' | '/admin/login' {
  return isRole(role) ? loginPathForRole(role) : '/login';
}

/**
 * Where a role lands after login (SPEC §6; an agency officer on its referrals, issue 29).
 * @example homePathForRole('club') // '/club/dashboard'; homePathForRole('agency') // '/admin/referrals'
 */
export function homePathForRole(
  role: Role,
): '/club/dashboard' | '/admin/dashboard' | '/admin/referrals' | '/admin/appeals' {
  if (role === 'agency') return '/admin/referrals';
  if (role === 'appellate') return '/admin/appeals';
  return role === 'club' ? '/club/dashboard' : '/admin/dashboard';
}

/**
 * Where a login goes (issue 22): back to the page that was asked for, such as a mail's link to
 * print the certificate, when it is a path of the portal this role may open (query and hash
 * kept); otherwise, and for anything that could leave the portal (`//host`, `https:`, a
 * backslash), the role's home (SPEC §6).
 * @example pathAfterLogin('club', '/club/print-certificate') // '/club/print-certificate'
 * @example pathAfterLogin('club', '//evil.example/club/dashboard') // '/club/dashboard'
 */
export function pathAfterLogin(role: Role, requested: unknown): string {
  const home = homePathForRole(role);
  if (typeof requested !== 'string' || !/^\/(?![/\\])/.test(requested)) return home;
  // Printable ASCII only, no backslash: nothing a browser could read as another origin.
  if (!/^[\x21-\x7e]+$/.test(requested) || requested.includes('\\')) return home;
  const access = accessForPath(requested);
  return access !== null && access !== 'public' && access.includes(role) ? requested : home;
}

/** The login pages' search: the page to go back to after login, checked by `pathAfterLogin`. */
export interface LoginSearch {
  redirect?: string;
}

/**
 * Reads a login page's search (issue 22): a guard that sends a visitor to log in names the page
 * asked for in `redirect`; anything else is dropped.
 * @example loginSearch({ redirect: '/club/print-certificate' }) // { redirect: '/club/print-certificate' }
 * @example loginSearch({ redirect: 7 }) // {}
 */
export function loginSearch(search: Record<string, unknown>): LoginSearch {
  const { redirect } = search;
  return typeof redirect === 'string' && redirect !== '' ? { redirect } : {};
}

/**
 * What a guard (or a 401) puts on the login's address for the page it turned away: nothing for
 * a home page, where every login lands anyway, so `/` opens a plain `/login`.
 * @example loginSearchFor('/club/print-certificate') // { redirect: '/club/print-certificate' }
 * @example loginSearchFor('/club/dashboard') // {}
 */
export function loginSearchFor(requested: string): LoginSearch {
  const path = requested.split(/[?#]/)[0];
  return path === homePathForRole('club') || path === homePathForRole('admin')
    ? {}
    : { redirect: requested };
}

/** A link of the staff side panel. */
export interface NavLink {
  to: RoutePath;
  label: MessageKey;
}

const STAFF_NAV_LINKS: readonly NavLink[] = [
  { to: '/admin/dashboard', label: 'nav.dashboard' },
  { to: '/admin/manage-clubs', label: 'nav.club' },
  { to: '/admin/noc-applications', label: 'nav.allNocs' },
  { to: '/admin/issued-noc', label: 'nav.issuedNocs' },
  { to: '/admin/referrals', label: 'nav.referrals' },
  { to: '/admin/appeals', label: 'nav.appeals' },
  { to: '/admin/manage-users', label: 'nav.manageUsers' },
  { to: '/admin/seasons', label: 'nav.seasons' },
  { to: '/admin/holidays', label: 'nav.holidays' },
  { to: '/admin/departments', label: 'nav.departments' },
  { to: '/admin/service-standards', label: 'nav.serviceStandards' },
  { to: '/admin/store/review', label: 'nav.documentReview' },
  { to: '/admin/chairman/review', label: 'nav.chairmanReview' },
];

/** What the side panel needs to know beyond the role: whether any department is active. */
export interface NavContext {
  departmentsActive: boolean;
}

/**
 * SPEC §2: Dashboard, Club, All NOCs, Issued NOCs for every staff role; Manage Users and Seasons
 * (issue 20) only for admin and chairman; each role's own review panel (Document Review for store, Chairman Review
 * for chairman), so a link is shown exactly when its route admits the role; Referrals and
 * Departments (issue 29) likewise, so an agency officer sees Referrals only. Staff see Referrals
 * only while at least one department is active (decision 0040), so a municipality without
 * departments keeps the spec's panel; an officer always. A user without a staff or agency role
 * gets no panel, so no links.
 * @example staffNavLinks('store').map((l) => l.to) // ['/admin/dashboard', ..., '/admin/store/review']
 * @example staffNavLinks('store', { departmentsActive: true }).map((l) => l.to) // ['/admin/dashboard', ..., '/admin/referrals', '/admin/store/review']
 * @example staffNavLinks('agency').map((l) => l.to) // ['/admin/referrals']
 */
export function staffNavLinks(
  role: unknown,
  context: NavContext = { departmentsActive: false },
): NavLink[] {
  if (!isManagedRole(role)) return [];
  return STAFF_NAV_LINKS.filter((link) => {
    const access: RouteAccess = ROUTE_ACCESS[link.to];
    const admitted = access === 'public' || access.includes(role);
    if (link.to !== '/admin/referrals') return admitted;
    return admitted && (role === 'agency' || context.departmentsActive);
  }).map((link) => ({ ...link }));
}

/**
 * SPEC §2: the side panel is titled by role plus "Panel"; null for a user without a staff role.
 * @example staffPanelTitle('chairman') // 'Chairman Panel'
 */
export function staffPanelTitle(role: unknown, locale: Locale = DEFAULT_LOCALE): string | null {
  // An agency officer's panel is the department's (issue 29).
  if (role === 'agency') return formatMessage('staffPanel.agency', {}, locale);
  if (!isStaffRole(role) && role !== 'appellate') return null;
  const roleName = formatMessage(`role.${role}`, {}, locale);
  return formatMessage('staffPanel.title', { role: roleName }, locale);
}

/** What the route guard does. */
export type RouteDecision =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: '/login' | '/admin/login' }
  | { kind: 'unauthorized' }
  | { kind: 'allow' };

/**
 * SPEC §2 route guard: a spinner while the session loads; no user goes to /login when the
 * route admits clubs, else /admin/login; a logged-in user whose role is not allowed goes to
 * /unauthorized (we take the spec's second reading, so a staff user is not bounced to the
 * club login).
 * @example decideRouteAccess({ loading: false, user: null, allowedRoles: ['club'] })
 *   // { kind: 'redirect', to: '/login' }
 */
export function decideRouteAccess(input: {
  loading: boolean;
  user: { role: unknown } | null | undefined;
  allowedRoles: RouteAccess;
}): RouteDecision {
  const { loading, user, allowedRoles } = input;
  if (allowedRoles === 'public') return { kind: 'allow' };
  if (loading) return { kind: 'loading' };
  if (!user) {
    return { kind: 'redirect', to: allowedRoles.includes('club') ? '/login' : '/admin/login' };
  }
  return isRole(user.role) && allowedRoles.includes(user.role)
    ? { kind: 'allow' }
    : { kind: 'unauthorized' };
}
