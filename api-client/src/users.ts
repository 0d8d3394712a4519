import { deptmentOf, type UserFormValue } from '@puja/domain';
import { deleteById, getData, postOutcome, type CallTexts, type Outcome } from './http';
import type { StaffUser } from '@puja/domain';
import { userListSchema } from './schemas';

/** GET /list-users.php — every staff user (admin, chairman). */
export async function listUsers(): Promise<StaffUser[]> {
  return await getData('list-users.php', userListSchema, { fallback: 'users.fetchFailed' });
}

/** POST /add-user.php — creates a chairman or store user; deptment is the role (SPEC §3). */
export async function addUser(user: UserFormValue & { password: string }): Promise<Outcome> {
  return postOutcome('add-user.php', userFields(user), saved);
}

/** POST /update-user.php — edits a user; a blank password is left out and so kept (SPEC §5). */
export async function updateUser(user: UserFormValue & { id: number }): Promise<Outcome> {
  return postOutcome('update-user.php', { id: user.id, ...userFields(user) }, saved);
}

/** GET /delete-user.php?id= — deletes a user; resolves to the success message. */
export async function deleteUser(input: { id: number }): Promise<Outcome> {
  return deleteById('get', 'delete-user.php', input.id, {
    fallback: 'users.deleteFailed',
    success: 'users.deleteSuccess',
  });
}

/** The texts of adding and of editing a user: the same for both. */
const saved: CallTexts = { fallback: 'users.saveFailed', success: 'users.saveSuccess' };

function userFields(user: UserFormValue): Record<string, string | undefined> {
  const password = user.password?.trim() ? user.password : undefined;
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    deptment: deptmentOf(user.role),
    password,
  };
}
