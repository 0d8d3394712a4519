import { randomBytes } from 'node:crypto';
import {
  STATUS_CODE,
  encodeVerificationCode,
  holdsVerificationCode,
  type Application,
} from '@puja/domain';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { bumpDataVersion, type Db } from '../db/client';
import { applications } from '../db/schema';

/** A new verification code: 128 bits from the system's CSPRNG (docs/decisions/0022). */
export function newVerificationCode(): string {
  return encodeVerificationCode(randomBytes(16));
}

/**
 * The application as it is stored after a change: an issued NOC keeps its code (stable across
 * reprints) or gets a new one; any other keeps none, so a withdrawn code never verifies again.
 */
export function withVerificationCode(before: Application, after: Application): Application {
  const code = holdsVerificationCode(after)
    ? (before.verification_code ?? newVerificationCode())
    : null;
  return { ...after, verification_code: code };
}

/**
 * Brings stored codes in line with the rule at start: approved applications from before
 * migration 0003 (or restored without one) get a code, others lose any. Each row is written
 * only while it still lacks one, so instances starting together agree on a single code.
 * The number of rows changed.
 */
export async function issueMissingVerificationCodes(db: Db): Promise<number> {
  const approved = eq(applications.chairmanStatus, STATUS_CODE.Approved);
  const missing = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(approved, isNull(applications.verificationCode)));
  let changed = 0;
  for (const { id } of missing) {
    const rows = await db
      .update(applications)
      .set({ verificationCode: newVerificationCode() })
      .where(and(eq(applications.id, id), approved, isNull(applications.verificationCode)))
      .returning({ id: applications.id });
    changed += rows.length;
  }
  const stale = await db
    .update(applications)
    .set({ verificationCode: null })
    .where(
      and(
        ne(applications.chairmanStatus, STATUS_CODE.Approved),
        isNotNull(applications.verificationCode),
      ),
    )
    .returning({ id: applications.id });
  changed += stale.length;
  if (changed > 0) await bumpDataVersion(db);
  return changed;
}
