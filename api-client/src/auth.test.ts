import { beforeEach, describe, expect, it } from 'vitest';
import { changePassword, loginClub, loginStaff, logout, requestPasswordReset } from './auth';
import { configureApi } from './config';
import { ApiError } from './errors';
import { MISSING_TOKEN_PLACEHOLDER } from './schemas';
import { sessionStore } from './session-store';
import { connectionRefused, json, stubFetch } from './test-support/fake-fetch';
import { staffSession } from './test-support/samples';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
  sessionStore.getState().clearSession();
});

describe('loginStaff', () => {
  it('posts the credentials and keeps the staff session', async () => {
    const calls = stubFetch(() =>
      json(200, {
        success: true,
        status: true,
        message: 'Login successful!',
        data: {
          id: 1,
          name: 'Admin',
          email: 'admin@example.org',
          phone: '',
          role: 'admin',
          token: 'tok',
        },
      }),
    );
    const session = await loginStaff({ email: 'admin@example.org', password: 'Puja@2025' });
    expect(calls[0]?.url.pathname).toBe('/admin-login.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      email: 'admin@example.org',
      password: 'Puja@2025',
    });
    expect(session).toMatchObject({ role: 'admin', token: 'tok' });
    expect(sessionStore.getState().session).toEqual(session);
  });

  it('fails with the server message, or "Login failed."', async () => {
    stubFetch(() =>
      json(401, { success: false, status: false, message: 'Invalid email or password.' }),
    );
    await expect(loginStaff({ email: 'a@example.org', password: 'x' })).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });
    stubFetch(() => json(200, { success: false }));
    await expect(loginStaff({ email: 'a@example.org', password: 'x' })).rejects.toMatchObject({
      message: 'Login failed.',
    });
    expect(sessionStore.getState().session).toBeNull();
  });

  it('refuses a user object without a staff role as malformed', async () => {
    stubFetch(() =>
      json(200, { success: true, data: { id: 1, email: 'a@example.org', role: 'club' } }),
    );
    await expect(loginStaff({ email: 'a@example.org', password: 'x' })).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Login failed.',
    });
  });
});

describe('loginClub', () => {
  it('keeps a club session; a missing token becomes the placeholder, a missing email the typed one', async () => {
    stubFetch(() =>
      json(200, { status: 'success', data: { id: '9', club_id: '3', clubname: 'Sree Sangha' } }),
    );
    const session = await loginClub({ email: ' club@example.org ', password: 'secret123' });
    expect(session).toEqual({
      role: 'club',
      id: 9,
      club_id: 3,
      name: 'Sree Sangha',
      clubname: 'Sree Sangha',
      email: 'club@example.org',
      token: MISSING_TOKEN_PLACEHOLDER,
    });
    expect(sessionStore.getState().session).toEqual(session);
  });

  it('does not send an old session token with the login', async () => {
    sessionStore.getState().setSession({ ...staffSession, token: 'old' });
    const calls = stubFetch(() =>
      json(200, { status: 'error', message: 'Invalid email or password.' }),
    );
    await expect(loginClub({ email: 'c@example.org', password: 'x' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });
});

describe('logout', () => {
  it('clears the session and tells the server, with the ending token', async () => {
    sessionStore.getState().setSession({ ...staffSession, role: 'chairman', token: 'tok' });
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await logout();
    expect(sessionStore.getState().session).toBeNull();
    expect(calls[0]?.url.pathname).toBe('/logout.php');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('still logs out when the server cannot be reached or has no logout path', async () => {
    sessionStore.getState().setSession({ ...staffSession, role: 'chairman', token: 'tok' });
    stubFetch(() => connectionRefused());
    await expect(logout()).resolves.toBeUndefined();
    expect(sessionStore.getState().session).toBeNull();
  });

  it('calls nothing without a session', async () => {
    const calls = stubFetch(() => json(200, {}));
    await logout();
    expect(calls).toHaveLength(0);
  });
});

describe('requestPasswordReset', () => {
  it('resolves to the server message, or the spec text', async () => {
    stubFetch(() => json(200, { status: true, message: 'Check your inbox.' }));
    await expect(requestPasswordReset({ email: 'a@example.org' })).resolves.toEqual({
      message: 'Check your inbox.',
      messageKey: undefined,
    });
    stubFetch(() => json(200, { status: true }));
    await expect(requestPasswordReset({ email: 'a@example.org' })).resolves.toEqual({
      message: 'Password has been sent to your email!',
      messageKey: 'forgotPassword.success',
    });
  });

  it('fails with the server message or "Failed to reset password." on a refusal', async () => {
    stubFetch(() => json(200, { status: false }));
    await expect(requestPasswordReset({ email: 'a@example.org' })).rejects.toMatchObject({
      kind: 'refused',
      message: 'Failed to reset password.',
    });
  });

  it('fails with "An error occurred." on an HTTP error without a readable answer (a proxy\'s 502 page)', async () => {
    stubFetch(() => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }));
    await expect(requestPasswordReset({ email: 'a@example.org' })).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      message: 'An error occurred.',
    });
  });

  it('fails with "An error occurred." when the server cannot be reached', async () => {
    stubFetch(() => connectionRefused());
    await expect(requestPasswordReset({ email: 'a@example.org' })).rejects.toMatchObject({
      kind: 'network',
      message: 'An error occurred.',
    });
  });
});

describe('changePassword', () => {
  const club = {
    status: 'success',
    data: { id: 9, club_id: 3, clubname: 'Sree Sangha', email: 'c@example.org', token: 't' },
  };

  it('keeps a temporary-password login as a session that must change its password', async () => {
    stubFetch(() => json(200, { ...club, data: { ...club.data, must_change_password: true } }));
    const session = await loginClub({ email: 'c@example.org', password: 'Temp#123' });
    expect(session.must_change_password).toBe(true);
    stubFetch(() => json(200, club));
    expect(
      (await loginClub({ email: 'c@example.org', password: 'Current#1' })).must_change_password,
    ).toBeUndefined();
  });

  it('posts the passwords, and a forced change clears the flag of the kept session', async () => {
    stubFetch(() => json(200, { ...club, data: { ...club.data, must_change_password: true } }));
    await loginClub({ email: 'c@example.org', password: 'Temp#123' });
    const calls = stubFetch(() =>
      json(200, {
        success: true,
        status: true,
        message: 'Your password has been changed.',
        code: 'changePassword.success',
      }),
    );
    await expect(changePassword({ new_password: 'Chosen#2025' })).resolves.toEqual({
      message: 'Your password has been changed.',
      messageKey: 'changePassword.success',
    });
    expect(calls[0]?.url.pathname).toBe('/change-password.php');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ new_password: 'Chosen#2025' });
    expect(sessionStore.getState().session).toMatchObject({ token: 't' });
    expect(sessionStore.getState().session).not.toHaveProperty('must_change_password');
  });

  it('refuses with the key the server names', async () => {
    sessionStore.getState().setSession(staffSession);
    stubFetch(() =>
      json(422, {
        success: false,
        status: false,
        message: 'The current password is not correct.',
        code: 'changePassword.currentWrong',
      }),
    );
    await expect(
      changePassword({ current_password: 'x', new_password: 'Chosen#2025' }),
    ).rejects.toMatchObject({ status: 422, messageKey: 'changePassword.currentWrong' });
    expect(sessionStore.getState().session).toEqual(staffSession);
  });
});
