import { queryOptions } from '@tanstack/react-query';
import { listAgencies, listReferrals, type ReferralDetail } from '@puja/api-client';
import type { Agency } from '@puja/domain';

export const AGENCIES_KEY = ['agencies'] as const;
export const REFERRALS_KEY = ['referrals'] as const;

/** Every agency (issue 29), by name; a failure is the screen's to show. */
export function agenciesQuery() {
  return queryOptions({
    queryKey: AGENCIES_KEY,
    queryFn: (): Promise<Agency[]> => listAgencies(),
  });
}

/** The referrals of a season (an officer: its agency's; staff: all), or of the current one. */
export function referralsQuery(year: number | undefined) {
  return queryOptions({
    queryKey: [...REFERRALS_KEY, { season: year ?? 'current' }],
    queryFn: (): Promise<ReferralDetail[]> => listReferrals(year),
  });
}
