import {
  deptmentOf,
  isStaffRole,
  roleAfterEdit,
  STAFF_ROLES,
  userDeleteBlocker,
  userEditBlocker,
  validateUserForm,
  type StaffRole,
  type UserChangeBlocker,
  type UserRef,
} from '@puja/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import {
  endOtherSessions,
  hashPassword,
  requireAction,
  requireCurrentPassword,
  type Caller,
} from '../auth';
import type { AppContext } from '../context';
import { isUniqueViolation, type Tx } from '../db/client';
import { users } from '../db/schema';
import { ApiError } from '../errors';
import { readInput, requireId, sendOk, validationError } from '../http';

type UserRow = typeof users.$inferSelect;

const callerRef = (caller: Caller): UserRef => ({ id: caller.userId, role: caller.role });

/** A staff user as Manage Users lists it: never a password hash. */
const toWire = (user: UserRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role,
  deptment: user.deptment,
});

const describe = (user: Pick<UserRow, 'name' | 'email' | 'phone' | 'role'>) =>
  `${user.name} <${user.email}> ${user.phone} ${user.role}`;

/** Staff user management (SPEC §6: admin and chairman; new users are chairman or store). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** A staff user, locked; club accounts are not managed here (404). */
  async function lockStaffUser(tx: Tx, id: number): Promise<UserRow & { role: StaffRole }> {
    const user = (
      await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
        .for('update')
    )[0];
    if (!user || !isStaffRole(user.role)) throw new ApiError(404, 'users.notFound');
    return { ...user, role: user.role };
  }

  /** A refusal of the domain's Manage Users rules: 403 when not allowed at all, else 422. */
  function refuse(blocker: UserChangeBlocker | null): void {
    if (blocker !== null) throw new ApiError(blocker === 'auth.forbidden' ? 403 : 422, blocker);
  }

  /** Changing one's own password asks for the current one (400 missing, 422 wrong). */
  async function checkCurrentPassword(caller: Caller, fields: Record<string, unknown>) {
    const current = typeof fields.current_password === 'string' ? fields.current_password : '';
    if (current === '') throw new ApiError(400, 'changePassword.currentRequired');
    await requireCurrentPassword(db, caller.userId, current);
  }

  async function saveUsers<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'users.emailTaken');
      throw error;
    }
  }

  /** GET /list-users.php */
  app.get('/list-users.php', async function listUsers(request, reply) {
    await requireAction(db, request, 'manageUsers');
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(asc(users.id));
    return sendOk(reply, null, rows.map(toWire));
  });

  /** POST /add-user.php {name, email, phone, password, role, deptment} */
  app.post('/add-user.php', async function addUser(request, reply) {
    const caller = await requireAction(db, request, 'manageUsers');
    const { fields } = await readInput(request);
    const input = validateUserForm(fields, 'create');
    if (!input.ok) throw validationError(input.message);
    const { password, ...value } = input.value;
    const passwordHash = await hashPassword(password ?? '');
    const user = await saveUsers(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...value, passwordHash })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'user',
        entityId: row.id,
        item: 'user',
        to: describe(row),
      });
      return row;
    });
    return sendOk(reply, 'users.saveSuccess', toWire(user), 201);
  });

  /**
   * POST /update-user.php {id, name, email, phone, role, deptment, password (blank keeps it)}.
   * A new password ends the account's other sessions; on one's own account it needs
   * `current_password` too.
   */
  app.post('/update-user.php', async function updateUser(request, reply) {
    const caller = await requireAction(db, request, 'manageUsers');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const input = validateUserForm(fields, 'edit');
    if (!input.ok) throw validationError(input.message);
    const { password, ...value } = input.value;
    if (password && id === caller.userId) await checkCurrentPassword(caller, fields);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const user = await saveUsers(async (tx) => {
      const before = await lockStaffUser(tx, id);
      refuse(userEditBlocker(callerRef(caller), before));
      const role = roleAfterEdit(before.role, value.role);
      const [row] = await tx
        .update(users)
        .set({
          ...value,
          role,
          deptment: deptmentOf(role),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new ApiError(404, 'users.notFound');
      if (passwordHash) {
        await endOtherSessions(tx, id, id === caller.userId ? caller.sessionTokenHash : null);
      }
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
    return sendOk(reply, 'users.saveSuccess', toWire(user));
  });

  /** GET /delete-user.php?id=: never yourself, never the last admin. */
  app.get('/delete-user.php', async function deleteUser(request, reply) {
    const caller = await requireAction(db, request, 'manageUsers');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    if (id === caller.userId) refuse('users.cannotDeleteSelf');
    await saveUsers(async (tx) => {
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
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'user',
        entityId: id,
        item: 'user',
        from: describe(target),
      });
    });
    return sendOk(reply, 'users.deleteSuccess');
  });
}
