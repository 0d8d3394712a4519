/**
 * Appeals (issue 30): the club files one against a refusal, the Appellate Officer lists and
 * decides them. Refusals carry their catalogue key (e.g. `appeals.outOfTime`, 422;
 * `appeals.alreadyDecided`, 409).
 */
import type { AppealDecision, AppealGroundName } from '@puja/domain';
import { getData, postOutcome, uploadOutcome, type Outcome } from './http';
import { listedAppealListSchema, type ListedAppeal } from './schemas';

/**
 * POST /file-appeal.php (multipart; the owning club) — its reason and, optionally, one document.
 * @example await fileAppeal({ application_id: 3, ground: 'finalRejected', reason: 'We have the owner’s letter' })
 */
export async function fileAppeal(input: {
  application_id: number;
  ground: AppealGroundName;
  referral_id?: number | null;
  reason: string;
  document?: Blob | null;
}): Promise<Outcome> {
  return uploadOutcome(
    {
      path: 'file-appeal.php',
      fields: {
        application_id: input.application_id,
        ground: input.ground,
        ...(input.referral_id ? { referral_id: input.referral_id } : {}),
        reason: input.reason,
      },
      files: input.document ? { document: input.document } : {},
      fallback: 'appeals.club.sendFailed',
    },
    'appeals.filed',
  );
}

/** POST /decide-appeal.php {id, decision, reason, days?} (the Appellate Officer). */
export async function decideAppeal(input: {
  id: number;
  decision: AppealDecision;
  reason: string;
  days?: number | null;
}): Promise<Outcome> {
  const days = input.days ? { days: input.days } : {};
  return postOutcome(
    'decide-appeal.php',
    { id: input.id, decision: input.decision, reason: input.reason, ...days },
    { fallback: 'appeals.saveFailed', success: 'appeals.decided' },
  );
}

/** GET /list-appeals.php?year= — a season's appeals (every one without a year), oldest first. */
export async function listAppeals(year?: number): Promise<ListedAppeal[]> {
  return await getData('list-appeals.php', listedAppealListSchema, {
    fallback: 'appeals.fetchFailed',
    year,
  });
}
