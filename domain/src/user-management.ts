import type { MessageKey } from './messages';
import {
  CREATABLE_USER_ROLES,
  can,
  isManagedRole,
  type ManagedRole,
  type Role,
} from './permissions';

/** A user as the rules of Manage Users see it: who they are and their role. */
export interface UserRef {
  id: number;
  role: Role;
}

/**
 * Why a staff user may not change another user, as the catalogue key the screen shows:
 * `auth.forbidden` (not allowed at all), `users.cannotDeleteSelf`, `users.cannotDeleteLastAdmin`.
 */
export type UserChangeBlocker = Extract<
  MessageKey,
  'auth.forbidden' | 'users.cannotDeleteSelf' | 'users.cannotDeleteLastAdmin'
>;

/**
 * SPEC §6: Manage Users is for admin and chairman, over staff accounts only; an admin account is
 * changed only by an admin. Null when the edit is allowed.
 * @example userEditBlocker({ id: 2, role: 'chairman' }, { id: 1, role: 'admin' }) // 'auth.forbidden'
 */
export function userEditBlocker(caller: UserRef, target: UserRef): UserChangeBlocker | null {
  if (!can(caller.role, 'manageUsers') || !isManagedRole(target.role)) return 'auth.forbidden';
  // An admin account, and an agency officer (issue 29), are changed only by an admin.
  const adminOnly = target.role === 'admin' || target.role === 'agency';
  if (adminOnly && caller.role !== 'admin') return 'auth.forbidden';
  return null;
}

/**
 * Whether a staff user may edit another (SPEC §6; see `userEditBlocker` for the reason).
 * @example canEditUser({ id: 1, role: 'admin' }, { id: 5, role: 'store' }) // true
 */
export function canEditUser(caller: UserRef, target: UserRef): boolean {
  return userEditBlocker(caller, target) === null;
}

/**
 * Whether Manage Users offers Edit for a user: the edit is allowed, and the form can show the
 * user's role (it offers only the creatable roles: an admin edited there would be demoted).
 * @example canEditInUserForm({ id: 1, role: 'admin' }, { id: 2, role: 'admin' }) // false
 */
export function canEditInUserForm(caller: UserRef, target: UserRef): boolean {
  return (
    canEditUser(caller, target) && (CREATABLE_USER_ROLES as readonly string[]).includes(target.role)
  );
}

/**
 * The caller as Manage Users' rules see them: the session's id, or for a session that carries
 * none (SPEC §3) the listed user with the session's e-mail (0 when not listed).
 * @example callerInUserList({ id: 0, email: 'a@x.org', role: 'admin' }, [{ id: 7, email: 'a@x.org' }]) // { id: 7, role: 'admin' }
 */
export function callerInUserList(
  session: { id: number; email: string; role: Role },
  users: readonly { id: number; email: string }[],
): UserRef {
  return {
    id: session.id || (users.find((user) => user.email === session.email)?.id ?? 0),
    role: session.role,
  };
}

/**
 * Deleting a user: never yourself, never the last admin (`staff`: every staff user there is,
 * at least every admin), and otherwise as editing. Null when the deletion is allowed.
 * @example userDeleteBlocker(admin, admin, [admin]) // 'users.cannotDeleteSelf'
 */
export function userDeleteBlocker(
  caller: UserRef,
  target: UserRef,
  staff: readonly UserRef[],
): UserChangeBlocker | null {
  if (caller.id === target.id) return 'users.cannotDeleteSelf';
  const editBlocker = userEditBlocker(caller, target);
  if (editBlocker !== null) return editBlocker;
  const anotherAdmin = staff.some((user) => user.role === 'admin' && user.id !== target.id);
  if (target.role === 'admin' && !anotherAdmin) return 'users.cannotDeleteLastAdmin';
  return null;
}

/**
 * Whether a staff user may delete another (see `userDeleteBlocker` for the reason).
 * @example canDeleteUser({ id: 1, role: 'admin' }, { id: 5, role: 'store' }, staff) // true
 */
export function canDeleteUser(
  caller: UserRef,
  target: UserRef,
  staff: readonly UserRef[],
): boolean {
  return userDeleteBlocker(caller, target, staff) === null;
}

/**
 * The role an edit leaves: the form offers only chairman and store (SPEC §6), so an admin stays
 * admin (a demotion could also remove the last admin).
 * @example roleAfterEdit('admin', 'store') // 'admin'; roleAfterEdit('chairman', 'store') // 'store'
 */
export function roleAfterEdit(current: ManagedRole, requested: ManagedRole): ManagedRole {
  return current === 'admin' ? 'admin' : requested;
}

/**
 * SPEC §3: a user's department (`deptment`) is the name of their role.
 * @example deptmentOf('store') // 'store'
 */
export function deptmentOf<R extends Role>(role: R): R {
  return role;
}
