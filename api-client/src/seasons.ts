import {
  FIRST_SEASON,
  withState,
  type MessageKey,
  type SeasonOpenApplications,
  type SeasonWithState,
} from '@puja/domain';
import { ApiError } from './errors';
import { getData, outcomeOf, readData, request, postOutcome, type Outcome } from './http';
import { seasonListSchema, seasonOpenApplicationsSchema, seasonSchema } from './schemas';
import { z } from 'zod';

/**
 * The season a host without seasons serves (a PHP host: SPEC §9's fixed 2025 puja), open.
 * @example hostWithoutSeasons() // [{ year: 2025, opens_on: '2025-01-01', closes_on: null, puja_starts_on: null, state: 'open' }]
 */
function hostWithoutSeasons(): SeasonWithState[] {
  return [{ ...withState(FIRST_SEASON, Date.now()), state: 'open', review_closed_at: null }];
}

/**
 * GET /list-seasons.php (addition, public, no session sent) — every season with its state,
 * newest first: the first is the current season. A host that lacks the call (a PHP host: it
 * refuses, answers 404 or something unreadable) serves season 2025, open; not reaching the
 * server at all still throws.
 * @example (await listSeasons())[0]?.year // 2025 on a fresh demo
 */
export async function listSeasons(): Promise<SeasonWithState[]> {
  try {
    const seasons = await getData('list-seasons.php', seasonListSchema, {
      fallback: 'seasons.fetchFailed',
      token: '',
    });
    return seasons.length > 0 ? seasons : hostWithoutSeasons();
  } catch (error) {
    if (error instanceof ApiError && (error.isRefusal || error.kind === 'malformed')) {
      return hostWithoutSeasons();
    }
    throw error;
  }
}

/** A season as the add and update calls take it: days written `YYYY-MM-DD`. */
export interface SeasonInput {
  year: number;
  opens_on: string;
  /** The last day applications are accepted; null or '' keeps them open until closed. */
  closes_on?: string | null;
  /** The puja's first day (the club clock); null or '' for none. */
  puja_starts_on?: string | null;
}

/** What a season change answers: its outcome and the season as it now stands. */
export interface SeasonResult extends Outcome {
  season: SeasonWithState | null;
}

async function saveSeason(
  path: 'add-season.php' | 'update-season.php',
  input: SeasonInput,
  success: MessageKey,
): Promise<SeasonResult> {
  const envelope = await request({
    method: 'post',
    path,
    body: {
      year: input.year,
      opens_on: input.opens_on,
      closes_on: input.closes_on ?? '',
      puja_starts_on: input.puja_starts_on ?? '',
    },
    fallback: 'seasons.saveFailed',
  });
  return {
    ...outcomeOf(envelope, success),
    season: readData(envelope, seasonSchema.nullable().catch(null), 'seasons.saveFailed'),
  };
}

/**
 * POST /add-season.php (addition; admin, chairman) — opens the next season. Refusals carry
 * their key: `seasons.yearNotAfterLatest`, `seasons.currentStillOpen`, `seasons.closeBeforeOpen`,
 * `seasons.invalidYear`, `seasons.invalidDate`.
 */
export function addSeason(input: SeasonInput): Promise<SeasonResult> {
  return saveSeason('add-season.php', input, 'seasons.added');
}

/**
 * POST /update-season.php (addition; admin, chairman) — new dates for the season `year`
 * (closing early: a close day of today or before). Refusals: `seasons.notFound`,
 * `seasons.closeBeforeOpen`, `seasons.currentStillOpen`, `seasons.overlapsNext`, ….
 */
export function updateSeason(input: SeasonInput): Promise<SeasonResult> {
  return saveSeason('update-season.php', input, 'seasons.updated');
}

/**
 * GET /season-open-applications.php (addition, staff; issue 27) — each season's applications
 * still open (not decided), by step, newest season first: what a season change leaves open.
 * A host without the call answers [] (nothing known to be open).
 * @example (await listSeasonOpenApplications())[0] // { year: 2026, total: 0, steps: [] }
 */
export async function listSeasonOpenApplications(): Promise<SeasonOpenApplications[]> {
  try {
    return await getData('season-open-applications.php', z.array(seasonOpenApplicationsSchema), {
      fallback: 'seasons.fetchFailed',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * POST /close-season-review.php (addition; admin, chairman; issue 27) — closes the review of a
 * season whose applications are closed: its undecided applications can no longer change and
 * each affected club is mailed the reason. Refusals: `seasons.reasonRequired`,
 * `seasons.reviewNotClosable`, `seasons.reviewAlreadyClosed`, `seasons.notFound`.
 */
export async function closeSeasonReview(input: { year: number; reason: string }): Promise<Outcome> {
  return postOutcome(
    'close-season-review.php',
    { year: input.year, reason: input.reason },
    { fallback: 'seasons.saveFailed', success: 'seasons.reviewClosedDone' },
  );
}
