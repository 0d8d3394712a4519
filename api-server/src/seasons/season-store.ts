/**
 * Seasons (issue 20, decision 0029): read, add and re-date them. The rules are domain's
 * (`validateNewSeason`, `validateSeasonUpdate`); here they run under a lock on the seasons
 * table, so two admins opening a season at once cannot both pass. Every change is audited.
 * A new season owes every club that applied in the season before it a mail, and an SMS to an
 * Indian mobile (issue 23, template `seasonOpen`), sent through the outbox on the day the new
 * season opens (at once when it is already open).
 */
import {
  DEFAULT_LOCALE,
  currentSeason,
  isLocale,
  normaliseIndianMobile,
  renderSeasonOpenedMail,
  renderSms,
  validateNewSeason,
  validateSeasonUpdate,
  withState,
  type Season,
  type SeasonInputResult,
  type SeasonStanding,
  type SeasonWithState,
} from '@puja/domain';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../applications/audit';
import { SEASON_OPENED_SMS, type ClubMessageSettings } from '../messages/outbox';
import type { Caller } from '../accounts/auth';
import type { Db, Tx } from '../db/client';
import { applications, clubs, notificationOutbox, seasons, users } from '../db/schema';
import { ApiError } from '../http/errors';

/**
 * The portal's addresses a season's messages link to (the mail's and the SMS's short one) and
 * the municipality the SMS names (outbox ClubMessageSettings).
 */
export type ClubLinks = ClubMessageSettings;

/** The outbox kind of the mail a new season owes the previous season's clubs. */
export const SEASON_OPENED_MAIL = 'seasonOpened';

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
 * current year and whether its review is closed. The season row is read FOR SHARE until commit:
 * closing the review (which updates it) waits for the change, and a change after it sees it.
 */
export async function lockSeasonStanding(tx: Tx, year: number): Promise<SeasonStanding> {
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

/** A refused season change: 404 for an unknown year, 422 for a rule, 400 for bad input. */
function refusal(result: Extract<SeasonInputResult, { ok: false }>): ApiError {
  if (result.message === 'seasons.notFound') return new ApiError(404, result.message);
  const rule =
    result.message === 'seasons.yearNotAfterLatest' ||
    result.message === 'seasons.currentStillOpen' ||
    result.message === 'seasons.overlapsNext';
  return new ApiError(rule ? 422 : 400, result.message);
}

/** Serialises season changes: the rules read every season, so writers take turns. */
async function lockSeasons(tx: Tx): Promise<Season[]> {
  await tx.execute(sql`LOCK TABLE seasons IN SHARE ROW EXCLUSIVE MODE`);
  return readSeasons(tx);
}

const describe = (season: Season) =>
  `opens ${season.opens_on}, closes ${season.closes_on ?? '-'}, puja ${season.puja_starts_on ?? '-'}`;

/** The moment a season opens: midnight of its open day in municipal time (IST, UTC+05:30). */
export function openingInstant(season: Pick<Season, 'opens_on'>): Date {
  return new Date(`${season.opens_on}T00:00:00+05:30`);
}

/**
 * Writes the season-opened mail to every club that applied in the season before `season`, and
 * the SMS to its phone when that is an Indian mobile, in its account's language, due when
 * `season` opens. Clubs already written to for this season on a channel (sent, or still
 * waiting) are left alone on it.
 */
async function enqueueSeasonOpenedMessages(
  tx: Tx,
  season: Season,
  auditId: number,
  links: ClubLinks,
): Promise<number> {
  const [previous] = await tx
    .select({ year: seasons.year })
    .from(seasons)
    .where(lt(seasons.year, season.year))
    .orderBy(desc(seasons.year))
    .limit(1);
  if (!previous) return 0;
  const recipients = await tx
    .select({
      applicationId: applications.id,
      clubname: clubs.clubname,
      email: users.email,
      phone: users.phone,
      locale: users.locale,
    })
    .from(applications)
    .innerJoin(clubs, eq(clubs.id, applications.clubId))
    .innerJoin(users, eq(users.clubId, applications.clubId))
    .where(eq(applications.applyYear, previous.year))
    .orderBy(asc(applications.id));
  const already = new Set(
    (
      await tx
        .select({ channel: notificationOutbox.channel, recipient: notificationOutbox.recipient })
        .from(notificationOutbox)
        .where(seasonMessagesOf(season.year))
    ).map((row) => `${row.channel} ${row.recipient}`),
  );
  const due = openingInstant(season);
  const rows: Array<typeof notificationOutbox.$inferInsert> = [];
  for (const r of recipients) {
    const locale = isLocale(r.locale) ? r.locale : DEFAULT_LOCALE;
    const row = { applicationId: r.applicationId, auditId, locale, nextAttemptAt: due };
    if (r.email && !already.has(`mail ${r.email}`)) {
      const mail = renderSeasonOpenedMail(r.clubname, season, links.portalUrl, locale);
      rows.push({
        ...row,
        kind: SEASON_OPENED_MAIL,
        recipient: r.email,
        subject: mail.subject,
        body: mail.text,
      });
    }
    const mobile = normaliseIndianMobile(r.phone);
    if (mobile && !already.has(`sms ${mobile}`)) {
      const values = {
        municipality: links.municipality.name,
        year: season.year,
        link: links.smsLink,
      };
      const sms = renderSms(SEASON_OPENED_SMS, values, locale);
      rows.push({
        ...row,
        channel: 'sms',
        kind: SEASON_OPENED_SMS,
        recipient: mobile,
        subject: '',
        body: sms.text,
      });
    }
  }
  if (rows.length > 0) await tx.insert(notificationOutbox).values(rows);
  return rows.length;
}

/** The season-opened mails and SMS of a season: those written by an audit entry of that season. */
function seasonMessagesOf(year: number) {
  return and(
    inArray(notificationOutbox.kind, [SEASON_OPENED_MAIL, SEASON_OPENED_SMS]),
    sql`${notificationOutbox.auditId} IN (SELECT id FROM audit_log WHERE entity = 'season' AND entity_id = ${year})`,
  );
}

/**
 * POST /add-season.php (admin, chairman): a new season after the latest, which must close
 * before it opens; audited; the previous season's clubs get their mail when it opens.
 */
export async function addSeason(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
  links: ClubLinks,
): Promise<Season> {
  return db.transaction(async (tx) => {
    const result = validateNewSeason(fields, await lockSeasons(tx));
    if (!result.ok) throw refusal(result);
    const season = result.value;
    await tx.insert(seasons).values({
      year: season.year,
      opensOn: season.opens_on,
      closesOn: season.closes_on,
      pujaStartsOn: season.puja_starts_on,
    });
    const auditId = await recordAudit(tx, caller, {
      action: 'add',
      entity: 'season',
      entityId: season.year,
      item: 'season',
      to: describe(season),
    });
    await enqueueSeasonOpenedMessages(tx, season, auditId, links);
    return season;
  });
}

/**
 * POST /update-season.php (admin, chairman): new dates for a season (the year is the key), so
 * that seasons never overlap; audited. Closing early is a close day of today or earlier. The
 * season-opened mails not yet sent are rewritten with the new dates and due on the new day.
 */
export async function updateSeason(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
  links: ClubLinks,
): Promise<Season> {
  return db.transaction(async (tx) => {
    const all = await lockSeasons(tx);
    const result = validateSeasonUpdate(fields, all);
    if (!result.ok) throw refusal(result);
    const season = result.value;
    const before = all.find((s) => s.year === season.year);
    await tx
      .update(seasons)
      .set({
        opensOn: season.opens_on,
        closesOn: season.closes_on,
        pujaStartsOn: season.puja_starts_on,
        updatedAt: new Date(),
      })
      .where(eq(seasons.year, season.year));
    const auditId = await recordAudit(tx, caller, {
      action: 'update',
      entity: 'season',
      entityId: season.year,
      item: 'season',
      from: before ? describe(before) : null,
      to: describe(season),
    });
    if (currentSeason(all)?.year === season.year) {
      await rewriteWaitingSeasonMails(tx, season, auditId, links);
    }
    return season;
  });
}

/** Unsent season-opened mails and SMS of this season: removed, then written again with the new dates. */
async function rewriteWaitingSeasonMails(
  tx: Tx,
  season: Season,
  auditId: number,
  links: ClubLinks,
): Promise<void> {
  const previous = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(lt(applications.applyYear, season.year));
  if (previous.length === 0) return;
  await tx
    .delete(notificationOutbox)
    .where(
      and(
        seasonMessagesOf(season.year),
        isNull(notificationOutbox.sentAt),
        isNull(notificationOutbox.leaseUntil),
      ),
    );
  await enqueueSeasonOpenedMessages(tx, season, auditId, links);
}
