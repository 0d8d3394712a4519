import {
  deptmentOf,
  isManagedRole,
  roleAfterEdit,
  STAFF_ROLES,
  userDeleteBlocker,
  userEditBlocker,
  type ManagedRole,
  type UserChangeBlocker,
  type UserFormValue,
  type UserRef,
} from '@puja/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit, recordCreated, recordDeleted } from '../applications/audit';
import { endOtherSessions, hashPassword, requireCurrentPassword, type Caller } from './auth';
import type { Db, Tx } from '../db/client';
import { changeAccounts } from './account-guards';
import { agencies, users } from '../db/schema';
import { Refused } from '../refused';

export type UserRow = typeof users.$inferSelect;

const callerRef = (caller: Caller): UserRef => ({ id: caller.userId, role: caller.role });

/** How the audit trail names a user. */
const describe = (user: Pick<UserRow, 'name' | 'email' | 'phone' | 'role'>) =>
  `${user.name} <${user.email}> ${user.phone} ${user.role}`;

/** The roles Manage Users lists and changes: staff and agency officers (issue 29). */
const MANAGED_ROLES: readonly ManagedRole[] = [...STAFF_ROLES, 'agency', 'appellate'];

/** A staff user or agency officer, locked; club accounts are not managed here (404). */
async function lockStaffUser(tx: Tx, id: number): Promise<UserRow & { role: ManagedRole }> {
  const user = (
    await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, [...MANAGED_ROLES])))
      .for('update')
  )[0];
  if (!user || !isManagedRole(user.role)) throw new Refused('users.notFound', 'notFound');
  return { ...user, role: user.role };
}

/** A refusal of the domain's Manage Users rules: 403 when not allowed at all, else 422. */
function refuse(blocker: UserChangeBlocker | null): void {
  if (blocker !== null)
    throw new Refused(blocker, blocker === 'auth.forbidden' ? 'forbidden' : 'rule');
}

/**
 * An agency officer (issue 29) is made and changed by an admin only (403), and belongs to an
 * agency that exists (422). The columns of a form: its agency, or none for any other role.
 */
async function agencyColumns(
  tx: Tx,
  caller: Caller,
  form: { role: ManagedRole; agency_id?: number },
) {
  if (form.role !== 'agency') return { agencyId: null };
  if (caller.role !== 'admin') throw new Refused('auth.forbidden', 'forbidden');
  const id = form.agency_id ?? 0;
  const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
  if (!agency) throw new Refused('agencies.notFound', 'rule');
  return { agencyId: agency.id };
}

/** The columns of a user form (its agency apart, see agencyColumns). */
const userColumns = ({ agency_id: _agency, ...value }: Omit<UserFormValue, 'password'>) => value;

/** Every staff user (admin, store, chairman) and agency officer, by id. */
export function readStaffUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.role, [...MANAGED_ROLES]))
    .orderBy(asc(users.id));
}

/** Creates a staff user from a validated form (password required) and records it; 409 taken. */
export async function createStaffUser(
  db: Db,
  caller: Caller,
  form: UserFormValue,
): Promise<UserRow> {
  const { password, ...value } = form;
  const passwordHash = await hashPassword(password ?? '');
  return changeAccounts(db, async (tx) => {
    const agency = await agencyColumns(tx, caller, value);
    const insert = tx
      .insert(users)
      .values({ ...userColumns(value), ...agency, passwordHash })
      .returning();
    return recordCreated(tx, caller, insert, (row) => ({
      action: 'create',
      entity: 'user',
      item: 'user',
      to: describe(row),
    }));
  });
}

/**
 * Edits a staff user from a validated form, under the domain's rules (userEditBlocker,
 * roleAfterEdit): 404 unknown or a club account, 403/422 refused, 409 e-mail taken. A new
 * password (a blank one keeps it) ends the account's other sessions; on one's own account it
 * needs `currentPassword` (400 blank, 422 wrong). Recorded with the before and after.
 */
export async function editStaffUser(
  db: Db,
  caller: Caller,
  id: number,
  form: UserFormValue,
  currentPassword: string,
): Promise<UserRow> {
  const { password, ...value } = form;
  const own = id === caller.userId;
  if (password && own) {
    if (currentPassword === '') throw new Refused('changePassword.currentRequired', 'input');
    await requireCurrentPassword(db, caller.userId, currentPassword);
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  return changeAccounts(db, async (tx) => {
    const before = await lockStaffUser(tx, id);
    refuse(userEditBlocker(callerRef(caller), before));
    const role = roleAfterEdit(before.role, value.role);
    const agency = await agencyColumns(tx, caller, { ...value, role });
    const [row] = await tx
      .update(users)
      .set({
        ...userColumns(value),
        ...agency,
        role,
        deptment: deptmentOf(role),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Refused('users.notFound', 'notFound');
    if (passwordHash) await endOtherSessions(tx, id, own ? caller.sessionTokenHash : null);
    await recordAudit(tx, caller, {
      action: passwordHash ? 'update_with_password' : 'update',
      entity: 'user',
      entityId: id,
      item: 'user',
      from: describe(before),
      to: describe(row),
    });
    return row;
  });
}

/**
 * Deletes a staff user (and so their sessions) under the domain's rules (userDeleteBlocker:
 * never oneself, never the last admin) and records it; 404 unknown or a club account.
 */
export async function removeStaffUser(db: Db, caller: Caller, id: number): Promise<void> {
  if (id === caller.userId) refuse('users.cannotDeleteSelf');
  await changeAccounts(db, async (tx) => {
    // Every admin row first, in id order, then the target: two admins deleting each other
    // at once wait for one another instead of deadlocking (a 500 on PostgreSQL), and the
    // second sees the first's deletion when it counts the admins left.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const target = await lockStaffUser(tx, id);
    const staff = admins.map((admin): UserRef => ({ id: admin.id, role: 'admin' }));
    refuse(userDeleteBlocker(callerRef(caller), target, staff));
    await recordDeleted(tx, caller, tx.delete(users).where(eq(users.id, id)), {
      entity: 'user',
      entityId: id,
      item: 'user',
      from: describe(target),
    });
  });
}
