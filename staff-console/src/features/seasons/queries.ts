/**
 * The seasons (issue 20, decision 0035): one query for the Seasons screen and every season
 * selector. Opening or re-dating a season changes what "current" means for every list, so a
 * change invalidates the applications and the counters too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { listSeasonOpenApplications, listSeasons } from '@puja/api-client';
import {
  viewedSeason,
  type SeasonOpenApplications,
  type SeasonWithState,
  type ViewedSeason,
} from '@puja/domain';

export const SEASONS_KEY = ['seasons'] as const;

/** Every season with its state, newest first (the first is the current season). */
export function seasonsQuery() {
  return queryOptions({
    queryKey: SEASONS_KEY,
    queryFn: (): Promise<SeasonWithState[]> => listSeasons(),
    // Seasons change a few times a year: the list is asked again on focus, not every screen.
    staleTime: 60_000,
  });
}

/** The `?season=` of the staff URL (undefined: the current season). */
export function useSeasonParam(): number | undefined {
  return useSearch({ from: '/admin/_staff' }).season;
}

/**
 * The season the screen shows, the current one's year, the seasons (undefined while loading) and
 * whether they could not be read.
 */
export function useViewedSeason(): ViewedSeason & {
  param: number | undefined;
  seasons: SeasonWithState[] | undefined;
  seasonsFailed: boolean;
} {
  const param = useSeasonParam();
  const { data: seasons, error } = useQuery(seasonsQuery());
  const seasonsFailed = error !== null && seasons === undefined;
  return { ...viewedSeason(param, seasons), param, seasons, seasonsFailed };
}

/**
 * Each season's applications still open, by step (issue 27). Under the seasons' key, so a season
 * change refreshes it; asked again on every visit, as decisions elsewhere change it.
 */
export function seasonOpenQuery() {
  return queryOptions({
    queryKey: [...SEASONS_KEY, 'open'] as const,
    queryFn: (): Promise<SeasonOpenApplications[]> => listSeasonOpenApplications(),
    staleTime: 0,
  });
}
