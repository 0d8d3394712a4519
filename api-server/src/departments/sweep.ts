/**
 * Silence (issue 29): a pending referral past its due date at an agency whose silence counts
 * as approval becomes `deemed` (domain deemReferral), audited as the system and told to the
 * club; then (issue 30, clock/escalation.ts) every step still late is marked overdue and its
 * Appellate Officer gets the day's digest. The server sweeps at start and every 10 minutes; `pnpm --filter @puja/api-server sweep
 * [--at <ISO time>]` sweeps once, as of that moment (drills).
 */
import { deemReferral, municipalDay } from '@puja/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { NoticeLinks } from '@puja/domain';
import type { Db } from '../db/client';
import { Refused } from '../refused';
import { escalateOverdue } from '../clock/escalation';
import { changeReferral, deemableReferralIds } from './referral-store';

/** How often a running server sweeps. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deems every referral due for it as of `nowMs`, each in its own transaction (one decided
 * meanwhile is left as its officer decided it); the ids deemed.
 */
export async function sweepReferrals(db: Db, mail: NoticeLinks, nowMs: number): Promise<number[]> {
  const deemed: number[] = [];
  for (const id of await deemableReferralIds(db, municipalDay(nowMs))) {
    try {
      await db.transaction((tx) =>
        changeReferral(tx, 'system', mail, id, nowMs, ({ referral, agency, today, calendar }) =>
          deemReferral(referral, agency, today, calendar),
        ),
      );
      deemed.push(id);
    } catch (error) {
      // Not past due in working days, or decided meanwhile: nothing to do.
      if (!(error instanceof Refused)) throw error;
    }
  }
  return deemed;
}

/** Sweeps now and every 10 minutes until stopped; a failed sweep is logged and retried next time. */
export function startReferralSweep(options: {
  db: Db;
  mail: NoticeLinks;
  now: () => number;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(async () => {
        const nowMs = options.now();
        const deemed = await sweepReferrals(options.db, options.mail, nowMs);
        if (deemed.length > 0) options.log.info({ deemed }, 'referrals deemed approved');
        // Issue 30: then the late steps are marked and their Appellate Officers told.
        const escalated = await escalateOverdue(options.db, options.mail, nowMs);
        if (escalated.marked + escalated.digests + escalated.started > 0) {
          options.log.info(escalated, 'late steps escalated');
        }
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'referral sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
