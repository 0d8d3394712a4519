import { normaliseClubName, normaliseEmail } from '@puja/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clubs, users } from '../db/schema';

/**
 * Rewrites stored e-mail addresses and club names that are not in the domain's one spelling
 * (rows written before it existed), so lookups and uniqueness compare like with like. A value
 * that would collide with another row's is left as it is and counted.
 * @returns how many values were left because they collide
 */
export async function normaliseStoredValues(db: Db): Promise<number> {
  let collisions = 0;
  const rewrite = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      collisions += 1;
    }
  };
  for (const user of await db.select({ id: users.id, email: users.email }).from(users)) {
    const email = normaliseEmail(user.email);
    if (email !== user.email) {
      await rewrite(() => db.update(users).set({ email }).where(eq(users.id, user.id)));
    }
  }
  for (const club of await db.select({ id: clubs.id, clubname: clubs.clubname }).from(clubs)) {
    const clubname = normaliseClubName(club.clubname);
    if (clubname !== club.clubname && clubname !== '') {
      await rewrite(() => db.update(clubs).set({ clubname }).where(eq(clubs.id, club.id)));
    }
  }
  return collisions;
}
