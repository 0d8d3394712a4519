import { getMyApplication, listSeasons } from '@puja/api-client';
import { FIRST_SEASON_YEAR, type Application } from '@puja/domain';
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router';

/**
 * The loader of the club pages that show the club's own application of the current season, or
 * null (SPEC §7 my-noc), with the current season's year and puja day (the latest season; 2025
 * on a fresh demo, on a host without seasons, and when the seasons cannot be read).
 * @example loader: ({ context }) => loadMyApplication(context)
 */
export async function loadMyApplication(context: RouterContext): Promise<{
  application: Application | null;
  seasonYear: number;
  pujaStartsOn: string | null;
}> {
  const session = context.session();
  if (session?.role !== 'club') throw redirect({ to: '/login' });
  const [application, seasons] = await Promise.all([
    getMyApplication({ club_id: session.club_id }),
    listSeasons().catch(() => []),
  ]);
  const current = seasons[0];
  return {
    application,
    seasonYear: current?.year ?? FIRST_SEASON_YEAR,
    pujaStartsOn: current?.puja_starts_on ?? null,
  };
}
