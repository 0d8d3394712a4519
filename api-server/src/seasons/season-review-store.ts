/**
 * The review of a season (issue 27, decision 0029): what each season still has open, by step,
 * and closing a season's review (admin, chairman; once; with a reason; audited), which ends its
 * undecided applications and mails each affected club in its language (outbox).
 */
import {
  closeSeasonReview as closeReview,
  openApplications,
  parseSeasonParam,
  type ChangeEvent,
  type NoticeLinks,
  type SeasonOpenApplications,
} from '@puja/domain';
import { desc, eq } from 'drizzle-orm';
import type { Caller } from '../accounts/auth';
import { listApplications } from '../applications/application-store';
import { recordChange } from '../applications/record-change';
import type { Db } from '../db/client';
import { seasons } from '../db/schema';
import { stringField } from '../http/http';
import { Refused, refusedBy } from '../refused';

/** Every season's applications still open, by step, newest season first. */
export async function readOpenApplications(db: Db): Promise<SeasonOpenApplications[]> {
  const years = await db.select({ year: seasons.year }).from(seasons).orderBy(desc(seasons.year));
  const answer: SeasonOpenApplications[] = [];
  for (const { year } of years) {
    answer.push({ year, ...openApplications(await listApplications(db, year)) });
  }
  return answer;
}

/**
 * POST /close-season-review.php {year, reason} (admin, chairman): closes the review of a season
 * whose applications are closed (domain `closeSeasonReview`: a reason is required, an unknown
 * season is not found, one still taking applications is refused, one already closed conflicts).
 * Inside one transaction: the season row is locked (a review change in flight finishes first;
 * one after sees the closed review), the moment and reason are stored, and its
 * `seasonReviewClosed` event is recorded (the audit entry names what was still open by step;
 * each club whose application it ends gets a mail in its language). Answers the season with
 * what it ended.
 */
export async function closeSeasonReview(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
  nowMs: number,
  links: NoticeLinks,
): Promise<{
  event: ChangeEvent;
  closed: { year: number; review_closed_at: string; ended: number };
}> {
  const year = parseSeasonParam(fields.year);
  if (year === undefined) throw new Refused('seasons.invalidYear', 'input');
  const reason = stringField(fields, 'reason');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(seasons).where(eq(seasons.year, year)).for('update');
    const season = row && {
      year,
      opens_on: row.opensOn,
      closes_on: row.closesOn,
      puja_starts_on: row.pujaStartsOn,
    };
    const outcome = closeReview(
      season ?? null,
      row?.reviewClosedAt?.toISOString() ?? null,
      reason,
      season ? await listApplications(tx, year) : [],
      nowMs,
    );
    if (!outcome.ok) throw refusedBy(outcome);
    const { event } = outcome;
    const closedAt = new Date(event.closedAt);
    await tx
      .update(seasons)
      .set({ reviewClosedAt: closedAt, reviewClosedReason: event.reason, updatedAt: closedAt })
      .where(eq(seasons.year, year));
    await recordChange(tx, caller, event, null, links);
    return {
      event,
      closed: { year, review_closed_at: event.closedAt, ended: event.ended.length },
    };
  });
}
