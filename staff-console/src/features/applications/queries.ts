/**
 * The application list every staff screen shares (NOC list, detail, both review panels, Issued
 * NOCs, the dashboard's season figures), held in the query cache (decision 0027): one request for
 * all of them, revalidated when a screen opens, after each decision and when the window regains
 * focus; an unchanged list costs a 304 (the server's ETag). One list per season (decision 0035):
 * the URL's `?season=`, or the current season when it has none.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getApplicationHistory, listApplicationsIfChanged } from '@puja/api-client';
import type { Application } from '@puja/domain';
import type { RouterContext } from '../../lib/router-context';

/** The list as held: the applications and the ETag they came with (null: fetch it whole). */
export interface HeldApplications {
  applications: Application[];
  etag: string | null;
}

/** Every season's list and history start with this key: invalidating it refreshes them all. */
export const APPLICATIONS_KEY = ['applications'] as const;

/**
 * One season's list: `['applications', { season: 2025 }]`, or `{ season: 'current' }` without
 * a year (the server answers its current season).
 */
export function applicationsKey(season?: number) {
  return [...APPLICATIONS_KEY, { season: season ?? 'current' }] as const;
}

/**
 * A season's shared list. A 304 keeps what is held (the same object, so nothing re-renders); an
 * answer to a failed revalidation leaves it on screen beside the error.
 * @example useQuery(applicationsQuery(2025)).data?.applications
 */
export function applicationsQuery(season?: number) {
  const queryKey = applicationsKey(season);
  return queryOptions({
    queryKey,
    queryFn: async ({ client }): Promise<HeldApplications> => {
      const held = client.getQueryData<HeldApplications>(queryKey);
      const answer = await listApplicationsIfChanged({ etag: held?.etag ?? null, year: season });
      if (answer.changed) return { applications: answer.applications, etag: answer.etag };
      if (held) return held;
      // Nothing held yet the server says "unchanged" (it ignored a missing tag): ask whole.
      const whole = await listApplicationsIfChanged({ etag: null, year: season });
      return whole.changed
        ? { applications: whole.applications, etag: whole.etag }
        : { applications: [], etag: null };
    },
    // A loader that met a failure leaves it for the screen to show, rather than asking again.
    retryOnMount: false,
  });
}

/**
 * A route loader's prefetch: waits for the list when none is held (what is held shows at once
 * and the screen revalidates it); a failure is the screen's to show, not the router's.
 */
export async function prefetchApplications(
  queryClient: QueryClient,
  season?: number,
): Promise<void> {
  await queryClient.ensureQueryData(applicationsQuery(season)).catch(() => undefined);
}

/**
 * The route options of a screen that shows the viewed season's list (the NOC list and detail,
 * both review panels, Issued NOCs): it loads the list first, keyed by `?season=`. Spread them:
 * `createFileRoute(…)({ ...loadsSeasonList, component })`.
 */
export const loadsSeasonList = {
  loaderDeps: ({ search }: { search: { season?: number } }) => ({ season: search.season }),
  loader: ({ context, deps }: { context: RouterContext; deps: { season: number | undefined } }) =>
    prefetchApplications(context.queryClient, deps.season),
};

/**
 * A season's list on a screen: null until the first answer, and the last refresh's failure.
 */
export function useApplications(
  season?: number,
  { enabled = true }: { enabled?: boolean } = {},
): {
  applications: Application[] | null;
  error: Error | null;
  refetch: () => void;
} {
  const query = useQuery({ ...applicationsQuery(season), enabled });
  return {
    applications: query.data?.applications ?? null,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/**
 * Puts one application in place of the one with its id in a season's list (an optimistic change
 * or its undo).
 */
export function replaceApplication(
  queryClient: QueryClient,
  app: Application,
  season?: number,
): void {
  queryClient.setQueryData<HeldApplications>(applicationsKey(season), (held) =>
    held === undefined
      ? held
      : {
          applications: held.applications.map((old) => (old.id === app.id ? app : old)),
          // The list changed here: the next revalidation must fetch it whole, not accept a 304.
          etag: null,
        },
  );
}

/**
 * One application's history; `version` changes with every decision or upload, so the table
 * follows the application shown.
 */
export function applicationHistoryQuery(id: number, version: string) {
  return queryOptions({
    queryKey: [...APPLICATIONS_KEY, id, 'history', version] as const,
    queryFn: () => getApplicationHistory({ id }),
  });
}

/**
 * The season an application belongs to when the URL names none and the current season's list
 * lacks it (a link kept from an earlier season, issue 20): the earlier seasons' lists are read
 * newest first, each held in the cache like any other season's. `seasons` are newest first,
 * undefined while loading, null when they cannot be read (the current season's list was all
 * there was to look in). `year` is undefined while looking (or when not asked), null when no
 * season has it; `error` is an earlier list that could not be read.
 */
export function useSeasonOfApplication(
  id: number,
  seasons: readonly { year: number }[] | null | undefined,
  enabled: boolean,
): { year: number | null | undefined; error: Error | null } {
  const query = useQuery({
    queryKey: [...APPLICATIONS_KEY, id, 'season'] as const,
    queryFn: async ({ client }): Promise<number | null> => {
      // The first season is the current one, whose list was read already.
      for (const { year } of (seasons ?? []).slice(1)) {
        const held = await client.ensureQueryData(applicationsQuery(year));
        if (held.applications.some((app) => app.id === id)) return year;
      }
      return null;
    },
    enabled: enabled && Boolean(seasons),
    staleTime: Infinity,
    retry: false,
  });
  if (!enabled) return { year: undefined, error: null };
  if (seasons === null) return { year: null, error: null };
  return { year: query.data, error: query.error };
}
