import { validateUserForm } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { requireAction } from './auth';
import type { AppContext } from '../context';
import { readInput, requireId, sendOk, validationError } from '../http/http';
import {
  createStaffUser,
  editStaffUser,
  readStaffUsers,
  removeStaffUser,
  type UserRow,
} from './user-store';

/** A staff user as Manage Users lists it: never a password hash. */
const toWire = (user: UserRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role,
  deptment: user.deptment,
  // Issue 29: an agency officer's agency.
  ...(user.role === 'agency' ? { agency_id: user.agencyId } : {}),
});

/** Staff user management (SPEC §6: admin and chairman; new users are chairman or store). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** GET /list-users.php */
  app.get('/list-users.php', async function listUsers(request, reply) {
    await requireAction(db, request, 'manageUsers');
    return sendOk(reply, null, (await readStaffUsers(db)).map(toWire));
  });

  /** POST /add-user.php {name, email, phone, password, role, deptment} */
  app.post('/add-user.php', async function addUser(request, reply) {
    const caller = await requireAction(db, request, 'manageUsers');
    const input = validateUserForm((await readInput(request)).fields, 'create');
    if (!input.ok) throw validationError(input.message);
    const user = await createStaffUser(db, caller, input.value);
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
    const current = typeof fields.current_password === 'string' ? fields.current_password : '';
    const user = await editStaffUser(db, caller, id, input.value, current);
    return sendOk(reply, 'users.saveSuccess', toWire(user));
  });

  /** GET /delete-user.php?id=: never yourself, never the last admin. */
  app.get('/delete-user.php', async function deleteUser(request, reply) {
    const caller = await requireAction(db, request, 'manageUsers');
    const id = requireId((await readInput(request)).fields.id);
    await removeStaffUser(db, caller, id);
    return sendOk(reply, 'users.deleteSuccess');
  });
}
