/**
 * Seasons (issue 20, decision 0029): read, add and re-date them. The rules are domain's
 * (`openSeason`, `redateSeason`); here they run under a lock on the seasons table, so two
 * admins opening a season at once cannot both pass. Each change's event is recorded
 * (`recordChange`): its audit entry, and the notice a new season owes every club that applied
 * in the season before it (a mail, and an SMS to an Indian mobile: `seasonOpened`), sent
 * through the outbox on the day the new season opens (at once when it is already open).
 */
import {
  openSeason,
  redateSeason,
  withState,
  type ChangeEvent,
  type NoticeLinks,
  type Outcome,
  type Season,
  type SeasonStanding,
  type SeasonWithState,
} from '@puja/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { recordChange } from '../applications/record-change';
import type { Db, Tx } from '../db/client';
import { seasons } from '../db/schema';
import { refusedBy } from '../refused';

type SeasonRow = typeof seasons.$inferSelect;

const toSeason = (row: SeasonRow): Season => ({
  year: row.year,
  opens_on: row.opensOn,
  closes_on: row.closesOn,
  puja_starts_on: row.pujaStartsOn,
});

/** Every season, oldest first. */
export async function readSeasons(db: Db | Tx): Promise<Season[]> {
  return (await db.select().from(seasons).orderBy(asc(seasons.year))).map(toSeason);
}

/** Every season with its state at `nowMs` and when its review closed, newest first (GET /list-seasons.php). */
export async function readSeasonsWithState(db: Db, nowMs: number): Promise<SeasonWithState[]> {
  const rows = await db.select().from(seasons).orderBy(desc(seasons.year));
  return rows.map((row) => ({
    ...withState(toSeason(row), nowMs),
    review_closed_at: row.reviewClosedAt?.toISOString() ?? null,
  }));
}

/**
 * Where the season of `year` stands for a change of one of its applications (issue 27): the
 * current year and whether its review is closed. In a transaction the season row is read FOR
 * SHARE until commit: closing the review (which updates it) waits for the change, and a change
 * after it sees it; outside one it is a plain read (what a screen is offered).
 */
export async function lockSeasonStanding(tx: Db | Tx, year: number): Promise<SeasonStanding> {
  const [row] = await tx
    .select({ reviewClosedAt: seasons.reviewClosedAt })
    .from(seasons)
    .where(eq(seasons.year, year))
    .for('share');
  const current = await readCurrentSeason(tx);
  return { currentYear: current.year, reviewClosed: row?.reviewClosedAt != null };
}

/** The current season (the latest year); migration 0008 guarantees there is one. */
export async function readCurrentSeason(db: Db | Tx): Promise<Season> {
  const [row] = await db.select().from(seasons).orderBy(desc(seasons.year)).limit(1);
  if (!row) throw new Error('no season: migration 0008 seeds season 2025');
  return toSeason(row);
}

/** One season by year, or null. */
export async function readSeason(db: Db | Tx, year: number): Promise<Season | null> {
  const [row] = await db.select().from(seasons).where(eq(seasons.year, year));
  return row ? toSeason(row) : null;
}

/** Serialises season changes: the rules read every season, so writers take turns. */
async function lockSeasons(tx: Tx): Promise<Season[]> {
  await tx.execute(sql`LOCK TABLE seasons IN SHARE ROW EXCLUSIVE MODE`);
  return readSeasons(tx);
}

/** A season's dates as its row holds them. */
const datesOf = (season: Season) => ({
  opensOn: season.opens_on,
  closesOn: season.closes_on,
  pujaStartsOn: season.puja_starts_on,
});

/** A season change: its domain rule over every season, and how its row is written. */
interface SeasonChange {
  rule: (
    fields: Record<string, unknown>,
    all: readonly Season[],
  ) => Outcome<{ season: Season; event: ChangeEvent }>;
  write: (tx: Tx, season: Season) => Promise<unknown>;
}

/** The season changes, by what they do. */
const SEASON_CHANGES = {
  /**
   * POST /add-season.php (admin, chairman): a new season after the latest, which must close
   * before it opens (domain `openSeason`); its `seasonOpened` event is recorded (the previous
   * season's clubs get their notice when it opens).
   */
  add: {
    rule: openSeason,
    write: (tx, season) => tx.insert(seasons).values({ year: season.year, ...datesOf(season) }),
  },
  /**
   * POST /update-season.php (admin, chairman): new dates for a season (the year is the key), so
   * that seasons never overlap (domain `redateSeason`); its `seasonRedated` event is recorded.
   * Closing early is a close day of today or earlier. The current season's season-opened
   * notices not yet sent are written again with the new dates, due on the new day.
   */
  update: {
    rule: redateSeason,
    write: (tx, season) =>
      tx
        .update(seasons)
        .set({ ...datesOf(season), updatedAt: new Date() })
        .where(eq(seasons.year, season.year)),
  },
} satisfies Record<string, SeasonChange>;

/**
 * Runs a season change (`add` or `update`) from the caller's fields: its domain rule over every
 * season (under the lock), the row's write, and its event recorded (`recordChange`: audit entry
 * and notices). Answers the season and the event.
 * @example await changeSeason(db, caller, 'add', { year: 2027, opens_on: '2027-01-01' }, config)
 */
export function changeSeason(
  db: Db,
  caller: Caller,
  change: keyof typeof SEASON_CHANGES,
  fields: Record<string, unknown>,
  links: NoticeLinks,
): Promise<{ season: Season; event: ChangeEvent }> {
  const { rule, write } = SEASON_CHANGES[change];
  return db.transaction(async (tx) => {
    const outcome = rule(fields, await lockSeasons(tx));
    if (!outcome.ok) throw refusedBy(outcome);
    const { season, event } = outcome;
    await write(tx, season);
    await recordChange(tx, caller, event, null, links);
    return { season, event };
  });
}
