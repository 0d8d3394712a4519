import { like } from 'drizzle-orm';
import { verifyPassword } from '../../accounts/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_PASSWORD } from './index';

/** Demo accounts (…@example.org) that still accept the published demo password. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(like(users.email, '%@example.org'));
  const found: string[] = [];
  for (const row of rows) {
    if (await verifyPassword(row.passwordHash, DEMO_PASSWORD)) found.push(row.email);
  }
  return found;
}
