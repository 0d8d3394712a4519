import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from './config';
import { json, stubFetch } from './test-support/fake-fetch';
import { addUser, deleteUser, listUsers, updateUser } from './users';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

const user = {
  name: 'Ria',
  email: 'ria@example.org',
  phone: '9830012345',
  role: 'store' as const,
  deptment: 'store' as const,
};

describe('users', () => {
  it('lists users', async () => {
    stubFetch(() => json(200, { success: true, data: [{ id: 4, ...user }] }));
    await expect(listUsers()).resolves.toEqual([{ id: 4, ...user }]);
  });

  it('fails a list with "Failed to fetch users." when the server gives no message', async () => {
    stubFetch(() => json(403, { success: false }));
    await expect(listUsers()).rejects.toMatchObject({
      status: 403,
      message: 'Failed to fetch users.',
    });
  });

  it('adds a user with deptment equal to the role', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await expect(addUser({ ...user, password: 'secret123' })).resolves.toEqual({
      message: 'User added or updated successfully!',
      messageKey: 'users.saveSuccess',
    });
    expect(calls[0]?.url.pathname).toBe('/add-user.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      ...user,
      deptment: 'store',
      password: 'secret123',
    });
  });

  it('leaves a blank password out of an update, so the server keeps it', async () => {
    const calls = stubFetch(() => json(200, { success: true, status: true }));
    await updateUser({ id: 4, ...user, role: 'chairman', deptment: 'chairman', password: '  ' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 4,
      ...user,
      role: 'chairman',
      deptment: 'chairman',
    });
  });

  it('deletes with GET ?id= and never repeats it', async () => {
    const calls = stubFetch(() => json(503, { success: false }));
    await expect(deleteUser({ id: 4 })).rejects.toMatchObject({
      message: 'Failed to delete user.',
    });
    expect(calls).toHaveLength(1);
    expect(`${calls[0]?.method} ${calls[0]?.url.pathname}${calls[0]?.url.search}`).toBe(
      'GET /delete-user.php?id=4',
    );
  });
});
