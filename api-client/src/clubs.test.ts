import { formatMessage } from '@puja/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addClub,
  deleteClub,
  listClubs,
  confirmRegistration,
  registerClub,
  registrationAwaitsConfirmation,
  releaseClub,
  setClubStatus,
  updateClub,
} from './clubs';
import { configureApi } from './config';
import { ApiError } from './errors';
import { json, stubFetch } from './test-support/fake-fetch';

const registration = {
  club_id: 3,
  govt_register_no: '',
  phone: '9830012345',
  email: 'club@example.org',
  address: '12 Lake Road',
  ward_no: 4,
  password: 'secret123',
};

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

describe('registration confirmed by mail (decision 0028)', () => {
  it('our server asks to confirm by the mailed link; a PHP host registers at once', async () => {
    stubFetch(() =>
      json(200, { status: true, message: 'Check your e-mail', code: 'registration.checkEmail' }),
    );
    expect(registrationAwaitsConfirmation(await registerClub(registration))).toBe(true);
    stubFetch(() => json(200, { status: true, message: 'Registered.' }));
    expect(registrationAwaitsConfirmation(await registerClub(registration))).toBe(false);
  });

  it('confirmRegistration posts the token and resolves to the club name', async () => {
    const calls = stubFetch(() =>
      json(200, {
        status: true,
        message: 'Your registration is confirmed. You can now log in.',
        code: 'registration.confirmed',
        data: { clubname: 'Sabuj Sangha' },
      }),
    );
    await expect(confirmRegistration({ token: 'tok_1' })).resolves.toEqual({
      message: 'Your registration is confirmed. You can now log in.',
      messageKey: 'registration.confirmed',
      clubname: 'Sabuj Sangha',
    });
    expect(calls[0]?.url.pathname).toBe('/confirm-registration.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ token: 'tok_1' });
  });

  it.each([
    [404, 'registration.confirmInvalid'],
    [410, 'registration.confirmExpired'],
  ] as const)('a %i without a key reads %s', async (status, key) => {
    stubFetch(() => json(status, { status: false, message: 'x' }));
    await expect(confirmRegistration({ token: 'tok' })).rejects.toMatchObject({
      status,
      messageKey: key,
    });
  });
});

describe('registerClub', () => {
  it('posts the registration payload and resolves to the server message', async () => {
    const calls = stubFetch(() => json(200, { status: true, message: 'Registered.' }));
    await expect(registerClub(registration)).resolves.toEqual({
      message: 'Registered.',
      messageKey: undefined,
    });
    expect(calls[0]?.url.pathname).toBe('/add-club-registration.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(registration);
  });

  it('falls back to "Registration successful! Please login."', async () => {
    stubFetch(() => json(200, { status: true }));
    await expect(registerClub(registration)).resolves.toEqual({
      message: 'Registration successful! Please login.',
      messageKey: 'registration.success',
    });
  });

  it('reads the key the server names beside its message', async () => {
    stubFetch(() =>
      json(200, {
        status: true,
        message: 'Registration successful! Please login.',
        code: 'registration.success',
      }),
    );
    await expect(registerClub(registration)).resolves.toEqual({
      message: 'Registration successful! Please login.',
      messageKey: 'registration.success',
    });
  });

  it('reads a 409 by the key the server names, like any refusal', async () => {
    stubFetch(() =>
      json(409, {
        success: false,
        status: false,
        message: 'A user with this email already exists.',
        code: 'users.emailTaken',
      }),
    );
    await expect(registerClub(registration)).rejects.toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'A user with this email already exists.',
      messageKey: 'users.emailTaken',
    });
  });

  it('reads a 409 without a key as "This club is already registered." (a PHP host)', async () => {
    stubFetch(() =>
      json(409, { success: false, status: false, message: 'Duplicate entry', code: 'E_DUP' }),
    );
    await expect(registerClub(registration)).rejects.toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'This club is already registered.',
      messageKey: 'registration.alreadyRegistered',
    });
  });

  it('shows other refusals with the server message, or "An unknown error occurred."', async () => {
    stubFetch(() => json(422, { success: false, status: false, message: 'Club is inactive.' }));
    await expect(registerClub(registration)).rejects.toMatchObject({
      message: 'Club is inactive.',
      messageKey: undefined,
    });
    stubFetch(() => json(500, 'Internal Server Error'));
    await expect(registerClub(registration)).rejects.toMatchObject({
      kind: 'http',
      message: 'An unknown error occurred.',
      messageKey: 'registration.unknownError',
    });
  });
});

describe('listClubs', () => {
  it('reads the club list', async () => {
    stubFetch(() => json(200, { data: [{ id: '1', clubname: 'Agrani', status: 'A' }] }));
    await expect(listClubs()).resolves.toEqual([{ id: 1, clubname: 'Agrani', status: 'A' }]);
  });

  it('reads a failed list as empty and reports "Could not fetch clubs."', async () => {
    stubFetch(() => json(404, { success: false }));
    const onError = vi.fn();
    await expect(listClubs({ onError })).resolves.toEqual([]);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'refused', status: 404, message: 'Could not fetch clubs.' }),
    );
  });

  it('reads a malformed list as empty too, logging when nobody listens', async () => {
    stubFetch(() => json(200, { data: 'clubs' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(listClubs()).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledWith('listClubs: Could not fetch clubs.', expect.any(ApiError));
    warn.mockRestore();
  });
});

describe('club management', () => {
  it('adds, renames and deletes with the spec paths and texts', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await expect(addClub({ clubname: 'Navodaya' })).resolves.toEqual({
      message: 'Club added successfully!',
      messageKey: 'clubs.addSuccess',
    });
    await expect(updateClub({ id: 5, clubname: 'Nabodaya' })).resolves.toEqual({
      message: 'Club updated successfully!',
      messageKey: 'clubs.updateSuccess',
    });
    await expect(deleteClub({ id: 5 })).resolves.toEqual({
      message: 'Club deleted successfully!',
      messageKey: 'clubs.deleteSuccess',
    });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'POST /add-club.php',
      'POST /update-club.php',
      'POST /delete-club.php?id=5',
    ]);
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ id: 5, clubname: 'Nabodaya' });
  });

  it('sets a status and reads back the spec text for it', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await expect(setClubStatus({ id: 5, status: 'I' })).resolves.toEqual({
      message: 'Club status updated to Inactive',
      messageKey: 'clubs.statusInactive',
    });
    await expect(setClubStatus({ id: 5, status: 'A' })).resolves.toEqual({
      message: 'Club status updated to Active',
      messageKey: 'clubs.statusActive',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 5, status: 'I' });
  });

  it.each([
    [() => addClub({ clubname: 'X' }), 'Failed to add club.'],
    [() => updateClub({ id: 1, clubname: 'X' }), 'Failed to update club.'],
    [() => setClubStatus({ id: 1, status: 'A' }), 'Failed to update status.'],
    [() => deleteClub({ id: 1 }), 'Failed to delete club.'],
  ])('falls back to the spec failure text and its key (%#)', async (call, text) => {
    stubFetch(() => json(200, { success: false }));
    const error: unknown = await call().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'refused', message: text });
    expect(formatMessage((error as ApiError).messageKey ?? 'server.error')).toBe(text);
  });
});

describe('registrations (staff)', () => {
  it('reads who registered a club and when, null for an unregistered one, nothing when not sent', async () => {
    stubFetch(() =>
      json(200, {
        data: [
          {
            id: 1,
            clubname: 'Agrani',
            status: 'A',
            registered_email: 'agrani@example.org',
            registered_phone: '9830012345',
            registered_at: '2025-08-01T10:00:00.000Z',
          },
          { id: 2, clubname: 'Bandhab', status: 'A', registered_email: null, registered_at: null },
          { id: 3, clubname: 'Chetana', status: 'A' },
        ],
      }),
    );
    expect(await listClubs()).toEqual([
      {
        id: 1,
        clubname: 'Agrani',
        status: 'A',
        registration: {
          email: 'agrani@example.org',
          phone: '9830012345',
          registered_at: '2025-08-01T10:00:00.000Z',
        },
      },
      { id: 2, clubname: 'Bandhab', status: 'A', registration: null },
      { id: 3, clubname: 'Chetana', status: 'A' },
    ]);
  });

  it('releases a registration by id, refusals carrying their key', async () => {
    const calls = stubFetch(() =>
      json(200, {
        success: true,
        status: true,
        message: "The club's registration was released.",
        code: 'clubs.releaseSuccess',
      }),
    );
    await expect(releaseClub({ id: 4, reason: 'Not the club' })).resolves.toEqual({
      message: "The club's registration was released.",
      messageKey: 'clubs.releaseSuccess',
    });
    expect(calls[0]?.url.pathname).toBe('/release-club.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 4, reason: 'Not the club' });
    stubFetch(() =>
      json(422, {
        success: false,
        status: false,
        message: 'x',
        code: 'clubs.releaseIssued',
      }),
    );
    await expect(releaseClub({ id: 4, reason: 'Not the club' })).rejects.toMatchObject({
      status: 422,
      messageKey: 'clubs.releaseIssued',
    });
  });
});
