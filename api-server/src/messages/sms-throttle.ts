/**
 * Limits on the SMS a caller can make the portal send (issue 23): each costs the municipality
 * money and lands on somebody's phone, so a number and a client address may ask only so often
 * per hour, counted in the database (every instance sees the same counts).
 */
import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { smsRequests } from '../db/schema';

/** What the SMS is for: a forgotten password or a registration code. */
export type SmsPurpose = 'reset' | 'code';

/** Requests per hour of one purpose: per mobile number and per client address. */
export interface SmsHourlyLimits {
  mobile: number;
  address: number;
}

const HOUR = sql`interval '1 hour'`;

/** The advisory-lock classes of the allowance: every caller locks the number, then the address. */
const MOBILE_LOCK = 26_101;
const ADDRESS_LOCK = 26_102;

/**
 * Counts one request for an SMS to `mobile` from `address` when both are under their hourly
 * limits; false (nothing counted) when either is over. The count and the insert run in one
 * transaction (a savepoint inside the caller's) holding advisory locks of the number and the
 * address, in that order: requests at once, on any instance, are counted one after the other.
 * Sweeps rows older than a day.
 */
export async function takeSmsAllowance(
  db: Db | Tx,
  purpose: SmsPurpose,
  request: { mobile: string; address: string },
  limits: SmsHourlyLimits,
): Promise<boolean> {
  const [mobileScope, addressScope] = [`${purpose}-mobile`, `${purpose}-address`];
  const r = smsRequests;
  const allowed = await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${MOBILE_LOCK}, hashtext(${`${purpose} ${request.mobile}`}))`,
    );
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${`${purpose} ${request.address}`}))`,
    );
    const counts = await tx
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
    await tx.insert(r).values([
      { scope: mobileScope, key: request.mobile },
      { scope: addressScope, key: request.address },
    ]);
    return true;
  });
  if (allowed) await db.delete(r).where(lt(r.at, sql`now() - interval '1 day'`));
  return allowed;
}
