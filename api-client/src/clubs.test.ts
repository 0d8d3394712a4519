import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addClub, deleteClub, listClubs, registerClub, setClubStatus, updateClub } from './clubs';
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

describe('registerClub', () => {
  it('posts the registration payload and resolves to the server message', async () => {
    const calls = stubFetch(() => json(200, { status: true, message: 'Registered.' }));
    await expect(registerClub(registration)).resolves.toBe('Registered.');
    expect(calls[0]?.url.pathname).toBe('/add-club-registration.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(registration);
  });

  it('falls back to "Registration successful! Please login."', async () => {
    stubFetch(() => json(200, { status: true }));
    await expect(registerClub(registration)).resolves.toBe(
      'Registration successful! Please login.',
    );
  });

  it('reads HTTP 409 as "This club is already registered." whatever the server says', async () => {
    stubFetch(() => json(409, { success: false, status: false, message: 'Duplicate entry' }));
    await expect(registerClub(registration)).rejects.toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'This club is already registered.',
    });
  });

  it('shows other refusals with the server message, or "An unknown error occurred."', async () => {
    stubFetch(() => json(422, { success: false, status: false, message: 'Club is inactive.' }));
    await expect(registerClub(registration)).rejects.toMatchObject({
      message: 'Club is inactive.',
    });
    stubFetch(() => json(500, 'Internal Server Error'));
    await expect(registerClub(registration)).rejects.toMatchObject({
      kind: 'http',
      message: 'An unknown error occurred.',
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
    await expect(addClub({ clubname: 'Navodaya' })).resolves.toBe('Club added successfully!');
    await expect(updateClub({ id: 5, clubname: 'Nabodaya' })).resolves.toBe(
      'Club updated successfully!',
    );
    await expect(deleteClub({ id: 5 })).resolves.toBe('Club deleted successfully!');
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'POST /add-club.php',
      'POST /update-club.php',
      'POST /delete-club.php?id=5',
    ]);
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ id: 5, clubname: 'Nabodaya' });
  });

  it('sets a status and reads back the spec text for it', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await expect(setClubStatus({ id: 5, status: 'I' })).resolves.toBe(
      'Club status updated to Inactive',
    );
    await expect(setClubStatus({ id: 5, status: 'A' })).resolves.toBe(
      'Club status updated to Active',
    );
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 5, status: 'I' });
  });

  it.each([
    [() => addClub({ clubname: 'X' }), 'Failed to add club.'],
    [() => updateClub({ id: 1, clubname: 'X' }), 'Failed to update club.'],
    [() => setClubStatus({ id: 1, status: 'A' }), 'Failed to update status.'],
    [() => deleteClub({ id: 1 }), 'Failed to delete club.'],
  ])('falls back to the spec failure text (%#)', async (call, text) => {
    stubFetch(() => json(200, { success: false }));
    await expect(call()).rejects.toMatchObject({ kind: 'refused', message: text });
  });
});
