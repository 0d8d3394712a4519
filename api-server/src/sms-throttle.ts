/**
 * Limits on the SMS a caller can make the portal send (issue 23): each costs the municipality
 * money and lands on somebody's phone, so a number and a client address may ask only so often
 * per hour, counted in the database (every instance sees the same counts).
 */
import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { smsRequests } from './db/schema';

/** What the SMS is for: a forgotten password or a registration code. */
export type SmsPurpose = 'reset' | 'code';

/** Requests per hour of one purpose: per mobile number and per client address. */
export interface SmsHourlyLimits {
  mobile: number;
  address: number;
}

const HOUR = sql`interval '1 hour'`;

/**
 * Counts one request for an SMS to `mobile` from `address` when both are under their hourly
 * limits; false (nothing counted) when either is over. Sweeps rows older than a day.
 */
export async function takeSmsAllowance(
  db: Db | Tx,
  purpose: SmsPurpose,
  request: { mobile: string; address: string },
  limits: SmsHourlyLimits,
): Promise<boolean> {
  const [mobileScope, addressScope] = [`${purpose}-mobile`, `${purpose}-address`];
  const r = smsRequests;
  const counts = await db
    .select({ scope: r.scope, n: count() })
    .from(r)
    .where(
      and(
        gt(r.at, sql`now() - ${HOUR}`),
        or(
          and(eq(r.scope, mobileScope), eq(r.key, request.mobile)),
          and(eq(r.scope, addressScope), eq(r.key, request.address)),
        ),
      ),
    )
    .groupBy(r.scope);
  const used = (scope: string) => counts.find((row) => row.scope === scope)?.n ?? 0;
  if (used(mobileScope) >= limits.mobile || used(addressScope) >= limits.address) return false;
  await db.insert(r).values([
    { scope: mobileScope, key: request.mobile },
    { scope: addressScope, key: request.address },
  ]);
  await db.delete(r).where(lt(r.at, sql`now() - interval '1 day'`));
  return true;
}
