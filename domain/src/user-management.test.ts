import { describe, expect, it } from 'vitest';
import {
  callerInUserList,
  canDeleteUser,
  canEditInUserForm,
  canEditUser,
  deptmentOf,
  roleAfterEdit,
  userDeleteBlocker,
  userEditBlocker,
  type UserRef,
} from './user-management';

const admin: UserRef = { id: 1, role: 'admin' };
const secondAdmin: UserRef = { id: 2, role: 'admin' };
const chairman: UserRef = { id: 3, role: 'chairman' };
const store: UserRef = { id: 4, role: 'store' };
const club: UserRef = { id: 5, role: 'club' };
const staff = [admin, secondAdmin, chairman, store];

describe('editing a user (SPEC §6)', () => {
  it.each([
    [admin, store, null],
    [admin, chairman, null],
    [admin, secondAdmin, null],
    [admin, admin, null],
    [chairman, store, null],
    [chairman, chairman, null],
    [chairman, admin, 'auth.forbidden'],
    [store, chairman, 'auth.forbidden'],
    [store, store, 'auth.forbidden'],
    [club, store, 'auth.forbidden'],
    [admin, club, 'auth.forbidden'],
  ] as const)('%j editing %j: %s', (caller, target, blocker) => {
    expect(userEditBlocker(caller, target)).toBe(blocker);
    expect(canEditUser(caller, target)).toBe(blocker === null);
  });
});

describe('the Edit button of Manage Users', () => {
  it('is offered for chairman and store accounts the caller may edit', () => {
    expect(canEditInUserForm(admin, store)).toBe(true);
    expect(canEditInUserForm(chairman, chairman)).toBe(true);
    expect(canEditInUserForm(store, store)).toBe(false);
  });

  it('is not offered for an admin account, which the form would demote', () => {
    expect(canEditUser(admin, secondAdmin)).toBe(true);
    expect(canEditInUserForm(admin, secondAdmin)).toBe(false);
    expect(canEditInUserForm(admin, admin)).toBe(false);
  });
});

describe('who the caller is in the user list', () => {
  const users = [
    { id: 7, email: 'mou@example.org' },
    { id: 8, email: 'rina@example.org' },
  ];

  it('is the id the session carries, when it has one', () => {
    expect(callerInUserList({ id: 3, email: 'rina@example.org', role: 'chairman' }, users)).toEqual(
      {
        id: 3,
        role: 'chairman',
      },
    );
  });

  it('is found by e-mail when the session carries no id, and 0 when not listed', () => {
    expect(callerInUserList({ id: 0, email: 'rina@example.org', role: 'admin' }, users)).toEqual({
      id: 8,
      role: 'admin',
    });
    expect(callerInUserList({ id: 0, email: 'new@example.org', role: 'admin' }, users)).toEqual({
      id: 0,
      role: 'admin',
    });
  });
});

describe('deleting a user', () => {
  it.each([
    [admin, store, staff, null],
    [chairman, store, staff, null],
    [admin, secondAdmin, staff, null],
    [admin, admin, staff, 'users.cannotDeleteSelf'],
    [chairman, chairman, staff, 'users.cannotDeleteSelf'],
    [chairman, admin, staff, 'auth.forbidden'],
    [store, chairman, staff, 'auth.forbidden'],
    [admin, club, staff, 'auth.forbidden'],
    // An admin left alone by a concurrent deletion cannot be deleted by the chairman either.
    [secondAdmin, admin, [admin, chairman], 'users.cannotDeleteLastAdmin'],
    [admin, secondAdmin, [secondAdmin, store], 'users.cannotDeleteLastAdmin'],
  ] as const)('%j deleting %j among %j: %s', (caller, target, everyone, blocker) => {
    expect(userDeleteBlocker(caller, target, everyone)).toBe(blocker);
    expect(canDeleteUser(caller, target, everyone)).toBe(blocker === null);
  });
});

describe('the role and department an edit leaves', () => {
  it('keeps an admin an admin whatever the form asks', () => {
    expect(roleAfterEdit('admin', 'store')).toBe('admin');
    expect(roleAfterEdit('chairman', 'store')).toBe('store');
    expect(roleAfterEdit('store', 'chairman')).toBe('chairman');
  });

  it('names the department after the role (SPEC §3)', () => {
    const roles = ['admin', 'store', 'chairman', 'club'] as const;
    expect(roles.map((role) => deptmentOf(role))).toEqual(['admin', 'store', 'chairman', 'club']);
  });
});

describe('agency officers in Manage Users (issue 29)', () => {
  it('only an admin changes an agency officer', () => {
    expect(userEditBlocker({ id: 1, role: 'admin' }, { id: 9, role: 'agency' })).toBeNull();
    expect(userEditBlocker({ id: 2, role: 'chairman' }, { id: 9, role: 'agency' })).toBe(
      'auth.forbidden',
    );
    expect(userEditBlocker({ id: 1, role: 'admin' }, { id: 8, role: 'club' })).toBe(
      'auth.forbidden',
    );
  });
});
