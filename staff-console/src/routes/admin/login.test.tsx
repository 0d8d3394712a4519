import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../test-support/app';

vi.mock('@puja/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    loginStaff: vi.fn(),
    logout: vi.fn(async () => actual.sessionStore.getState().clearSession()),
    getDashboardStats: vi.fn(async () => ({ total: 0, approved: 0, rejected: 0, pending: 0 })),
    listApplicationsIfChanged: vi.fn(async () => ({ changed: true, applications: [], etag: null })),
  };
});

const staff: api.StaffSession = {
  role: 'store',
  id: 2,
  name: 'Rina',
  email: 'store@example.org',
  phone: '',
  token: 't',
};

beforeEach(() => api.sessionStore.getState().clearSession());
afterEach(() => vi.clearAllMocks());

async function logIn(email: string, password: string) {
  if (email) await userEvent.type(await screen.findByLabelText(/Email/), email);
  if (password) await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Official Login', () => {
  it('checks the form before calling the server', async () => {
    renderApp('/admin/login');
    await screen.findByRole('heading', { name: 'Official Login' });
    // The tab names the page (issue 27, WCAG 2.4.2).
    await waitFor(() => expect(document.title).toBe('Official Login — Puja NOC Portal'));
    await logIn('', '');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'Email is required.',
    );
    expect(api.loginStaff).not.toHaveBeenCalled();
  });

  it('takes a staff user to the dashboard', async () => {
    vi.mocked(api.loginStaff).mockImplementation(async () => {
      api.sessionStore.getState().setSession(staff);
      return staff;
    });
    const router = renderApp('/admin/login');
    await logIn('store@example.org', 'Store#Pass2025');
    expect(api.loginStaff).toHaveBeenCalledWith({
      email: 'store@example.org',
      password: 'Store#Pass2025',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  });

  it('comes back to the page a link asked for when this role may open it', async () => {
    vi.mocked(api.loginStaff).mockImplementation(async () => {
      api.sessionStore.getState().setSession(staff);
      return staff;
    });
    const router = renderApp('/admin/issued-noc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/issued-noc' });
    await logIn('store@example.org', 'Store#Pass2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/issued-noc'));

    // The chairman's review is not a store page: the store lands on the dashboard instead.
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await router.navigate({ to: '/admin/login', search: { redirect: '/admin/chairman/review' } });
    await logIn('store@example.org', 'Store#Pass2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('says why the server refused, and stays', async () => {
    vi.mocked(api.loginStaff).mockRejectedValue(
      new api.ApiError('refused', 'x', { status: 401, messageKey: 'login.invalidCredentials' }),
    );
    const router = renderApp('/admin/login');
    await logIn('store@example.org', 'wrong-password');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'Invalid email or password.',
    );
    // Said once, in the alert: no toast repeats it (issue 27).
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('turns away an account without a staff role and ends its session', async () => {
    const club = { ...staff, role: 'club' } as unknown as api.StaffSession;
    vi.mocked(api.loginStaff).mockResolvedValue(club);
    const router = renderApp('/admin/login');
    await logIn('club1@example.org', 'Puja@2025');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'You are not allowed to do this.',
    );
    expect(api.logout).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});

describe('the staff layout', () => {
  it('sends a visitor without a session to the login', async () => {
    const router = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('logs out to the login, and the next user starts from the server', async () => {
    api.sessionStore.getState().setSession({ ...staff, role: 'admin' });
    const router = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Admin Panel' });
    await waitFor(() => expect(api.listApplicationsIfChanged).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(api.sessionStore.getState().session).toBeNull();

    vi.mocked(api.loginStaff).mockImplementation(async () => {
      api.sessionStore.getState().setSession(staff);
      return staff;
    });
    await logIn('store@example.org', 'Store#Pass2025');
    await screen.findByRole('heading', { name: 'Store Panel' });
    // Nothing the last user's screens held is shown: the list is asked for whole.
    await waitFor(() => expect(api.listApplicationsIfChanged).toHaveBeenCalledTimes(2));
    expect(api.listApplicationsIfChanged).toHaveBeenLastCalledWith({ etag: null });
  });
});
