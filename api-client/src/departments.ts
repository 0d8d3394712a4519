/**
 * Other departments (issue 29): agencies and referrals. Every answer is read with its schema at
 * this boundary; a refusal carries its catalogue key (e.g. `referrals.notPending`, 409).
 */
import type { Agency, AgencyKind, AgencyMode, ReferralDecision } from '@puja/domain';
import { getData, postOutcome, uploadOutcome, type Outcome } from './http';
import { agencyListSchema, referralDetailListSchema, type ReferralDetail } from './schemas';

/**
 * GET /list-agencies.php (staff and agency officers) — every agency, by name.
 * @example (await listAgencies())[0] // { id: 1, name: 'Police Station (wards 1–12)', kind: 'police', wards: [1, …, 12], … }
 */
export async function listAgencies(): Promise<Agency[]> {
  return await getData('list-agencies.php', agencyListSchema, { fallback: 'agencies.fetchFailed' });
}

/** An agency as admin adds or edits it. */
export interface AgencyInput {
  name: string;
  kind: AgencyKind;
  /** The wards it covers; empty: all 25. */
  wards: readonly number[];
  mode: AgencyMode;
  days: number;
  deemed_approval: boolean;
  email?: string | null;
  phone?: string | null;
  active: boolean;
}

const agencyBody = (input: AgencyInput) => ({
  name: input.name,
  kind: input.kind,
  wards: input.wards.join(','),
  mode: input.mode,
  days: input.days,
  deemed_approval: input.deemed_approval,
  email: input.email ?? '',
  phone: input.phone ?? '',
  active: input.active,
});

/** POST /add-agency.php (admin) — refusals: `agencies.nameRequired`, `agencies.nameTaken`, … */
export async function addAgency(input: AgencyInput): Promise<Outcome> {
  return postOutcome('add-agency.php', agencyBody(input), {
    fallback: 'agencies.saveFailed',
    success: 'agencies.added',
  });
}

/** POST /update-agency.php (admin) — every field with the agency's id. */
export async function updateAgency(id: number, input: AgencyInput): Promise<Outcome> {
  return postOutcome(
    'update-agency.php',
    { id, ...agencyBody(input) },
    { fallback: 'agencies.saveFailed', success: 'agencies.updated' },
  );
}

/**
 * GET /list-referrals.php?year= — an agency officer's agency's referrals (staff: all), each
 * with the application's slice; of one season when `year` is given.
 */
export async function listReferrals(year?: number): Promise<ReferralDetail[]> {
  return await getData('list-referrals.php', referralDetailListSchema, {
    fallback: 'referrals.fetchFailed',
    year,
  });
}

/** A department's decision: conditions for `conditions`, a reason to object or reject. */
export interface ReferralDecisionInput {
  id: number;
  decision: ReferralDecision;
  conditions?: readonly string[];
  reason?: string;
  reference_no?: string;
}

const decisionFields = (input: ReferralDecisionInput) => ({
  id: input.id,
  decision: input.decision,
  conditions: input.decision === 'conditions' ? (input.conditions ?? []).join('\n') : undefined,
  reason:
    input.decision === 'object' || input.decision === 'reject' ? (input.reason ?? '') : undefined,
  reference_no: input.reference_no ?? undefined,
});

/**
 * POST /decide-referral.php — an officer of the referral's online agency decides: 403
 * `referrals.notYourAgency` / `referrals.offlineAgency`, 422 for missing conditions or reason,
 * 409 `referrals.notPending`.
 */
export async function decideReferral(input: ReferralDecisionInput): Promise<Outcome> {
  return postOutcome('decide-referral.php', decisionFields(input), {
    fallback: 'referrals.saveFailed',
    success: 'referrals.decided',
  });
}

/**
 * POST /record-referral-reply.php (multipart; admin and store) — an offline agency's letter:
 * the decision, its reference no. and date, and the scanned letter.
 */
export async function recordReferralReply(
  input: ReferralDecisionInput & { reference_no: string; letter_date: string; letter: Blob },
): Promise<Outcome> {
  return uploadOutcome(
    {
      path: 'record-referral-reply.php',
      fields: { ...decisionFields(input), letter_date: input.letter_date },
      files: { letter: input.letter },
      fallback: 'referrals.saveFailed',
    },
    'referrals.recorded',
  );
}

/**
 * POST /respond-referral.php (multipart; the owning club, while objected) — the club's answer
 * and, optionally, one document.
 */
export async function respondToReferral(input: {
  id: number;
  response: string;
  document?: Blob | null;
}): Promise<Outcome> {
  return uploadOutcome(
    {
      path: 'respond-referral.php',
      fields: { id: input.id, response: input.response },
      files: input.document ? { document: input.document } : {},
      fallback: 'referrals.saveFailed',
    },
    'referrals.answered',
  );
}

/** POST /withdraw-referral.php {id, reason} (admin). */
export async function withdrawReferral(id: number, reason: string): Promise<Outcome> {
  return postOutcome(
    'withdraw-referral.php',
    { id, reason },
    { fallback: 'referrals.saveFailed', success: 'referrals.withdrawn' },
  );
}
