import { getMyApplication, getMyApplicationHistory, listSeasons } from '@puja/api-client';
import {
  applicationOfSeason,
  FIRST_SEASON,
  openEarlierApplication,
  withState,
  type Application,
  type SeasonWithState,
} from '@puja/domain';
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../lib/router-context';

export interface MyApplications {
  /**
   * The club's application of the current season (SPEC §7 my-noc); without one, its application
   * of an earlier season still under review (issue 27: the club goes on with it); else null.
   */
  application: Application | null;
  /** `application` is an earlier season's, still under review. */
  continuing: boolean;
  /** Every season, newest first (as the server lists them; [] when they cannot be read). */
  seasons: SeasonWithState[];
  /** The current season (the latest; 2025, open, on a fresh demo and a host without seasons). */
  season: SeasonWithState;
  seasonYear: number;
  pujaStartsOn: string | null;
  /** The club's application of every season, newest first (only when asked for; else []). */
  history: Application[];
  /** When it was loaded (ms): the moment the season's window is judged at. */
  now: number;
}

/**
 * The loader of the club pages that show the club's own application of the current season, or
 * without one its earlier season's application still under review (issue 27), or null, with
 * the current season (the latest season; 2025 on a fresh demo, on a
 * host without seasons, and when the seasons cannot be read), and, with `history`, every
 * season's application of the club (the dashboard's "Previous seasons", the renewal's prefill,
 * an earlier certificate's print; none when it cannot be read).
 * @example loader: ({ context }) => loadMyApplication(context, { history: true })
 */
export async function loadMyApplication(
  context: RouterContext,
  options: { history?: boolean } = {},
): Promise<MyApplications> {
  const session = context.session();
  if (session?.role !== 'club') throw redirect({ to: '/login' });
  const [application, seasons, history] = await Promise.all([
    getMyApplication({ club_id: session.club_id }),
    listSeasons().catch(() => []),
    options.history
      ? getMyApplicationHistory({ club_id: session.club_id }).catch(() => [])
      : Promise.resolve([]),
  ]);
  const now = Date.now();
  const season = seasons[0] ?? { ...withState(FIRST_SEASON, now), state: 'open' as const };
  // Without a current application, the club goes on with an earlier one still under review.
  const earlier =
    application === null
      ? openEarlierApplication(
          options.history
            ? history
            : await getMyApplicationHistory({ club_id: session.club_id }).catch(() => []),
          season.year,
          (year) => Boolean(seasons.find((s) => s.year === year)?.review_closed_at),
        )
      : null;
  return {
    application: application ?? earlier,
    continuing: earlier !== null,
    seasons,
    season,
    seasonYear: season.year,
    pujaStartsOn: season.puja_starts_on,
    history,
    now,
  };
}

/**
 * The loader of a print page with `?year=`: the club's application of that season, from its
 * own history (the server answers a club only its own applications); without a year, as
 * loadMyApplication.
 * @example loader: ({ context, deps: { year } }) => loadApplicationOfYear(context, year)
 */
export async function loadApplicationOfYear(
  context: RouterContext,
  year: number | undefined,
): Promise<MyApplications> {
  if (year === undefined) return loadMyApplication(context);
  const loaded = await loadMyApplication(context, { history: true });
  if (year === loaded.seasonYear) return loaded;
  return { ...loaded, application: applicationOfSeason(loaded.history, year) };
}
