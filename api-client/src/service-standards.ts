import type { ServiceStandard } from '@puja/domain';
import { getData, postOutcome, type Outcome } from './http';
import { serviceStandardListSchema } from './schemas';

/**
 * GET /list-service-standards.php (addition, public, no session sent) — every step's time limit
 * in working days, who decides it and who hears appeals (issue 30: the citizen's charter), the
 * municipal steps in order, then each department's referral by name.
 * @example (await listServiceStandards())[0] // { step: 'acknowledgement', agency_id: null, days: 2, designated_role: 'store', … }
 */
export async function listServiceStandards(): Promise<ServiceStandard[]> {
  return await getData('list-service-standards.php', serviceStandardListSchema, {
    fallback: 'standards.fetchFailed',
    token: '',
  });
}

/** A standard's change as the edit dialog sends it: a referral names its department. */
export interface ServiceStandardInput {
  step: ServiceStandard['step'];
  agency_id?: number | null;
  days: number | string;
  /** Empty or null: the chairman hears appeals. */
  appellate_user_id: number | string | null;
}

/**
 * POST /update-service-standard.php (addition; admin) — a step's days and Appellate Officer,
 * for steps that start afterwards. Refusals carry their key: `standards.invalidDays`,
 * `standards.appellateNotStaff`, `standards.invalidStep`, `standards.notFound`.
 */
export async function updateServiceStandard(input: ServiceStandardInput): Promise<Outcome> {
  const body = {
    step: input.step,
    ...(input.agency_id == null ? {} : { agency_id: input.agency_id }),
    days: input.days,
    appellate_user_id: input.appellate_user_id ?? '',
  };
  return postOutcome('update-service-standard.php', body, {
    fallback: 'standards.saveFailed',
    success: 'standards.updated',
  });
}
