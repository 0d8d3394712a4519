/**
 * The review of a season (issue 27, decision 0029): what each season still has open, by step,
 * and closing a season's review (admin, chairman; once; with a reason; audited), which ends its
 * undecided applications and mails each affected club in its language (outbox).
 */
import {
  DEFAULT_LOCALE,
  isLocale,
  openApplications,
  openStepOf,
  parseSeasonParam,
  renderReviewClosedMail,
  validateReviewCloseReason,
  withState,
  type SeasonOpenApplications,
} from '@puja/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import { listApplications } from '../applications/application-store';
import { recordAudit } from '../applications/audit';
import type { Caller } from '../accounts/auth';
import type { Db } from '../db/client';
import { notificationOutbox, seasons, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { stringField } from '../http/http';

/** The outbox kind of the mail a closed review owes each club whose application it ended. */
export const REVIEW_CLOSED_MAIL = 'reviewClosed';

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
 * whose applications are closed. 400 without a reason, 404 for no such season, 422 while it
 * still takes applications, 409 when already closed. Inside one transaction: the season row is
 * locked (a review change in flight finishes first; one after sees the closed review), the
 * moment and reason are stored, the audit entry names what was still open by step, and each
 * club whose application it ends gets a mail in its language. Answers the season with what it
 * ended.
 */
export async function closeSeasonReview(
  db: Db,
  caller: Caller,
  fields: Record<string, unknown>,
  nowMs: number,
): Promise<{ year: number; review_closed_at: string; ended: number }> {
  const year = parseSeasonParam(fields.year);
  if (year === undefined) throw new ApiError(400, 'seasons.invalidYear');
  const reason = validateReviewCloseReason(stringField(fields, 'reason'));
  if (!reason.ok) throw new ApiError(400, reason.message);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(seasons).where(eq(seasons.year, year)).for('update');
    if (!row) throw new ApiError(404, 'seasons.notFound');
    if (row.reviewClosedAt !== null) throw new ApiError(409, 'seasons.reviewAlreadyClosed');
    const season = {
      year,
      opens_on: row.opensOn,
      closes_on: row.closesOn,
      puja_starts_on: row.pujaStartsOn,
    };
    if (withState(season, nowMs).state !== 'closed') {
      throw new ApiError(422, 'seasons.reviewNotClosable');
    }
    const closedAt = new Date(nowMs);
    await tx
      .update(seasons)
      .set({ reviewClosedAt: closedAt, reviewClosedReason: reason.value, updatedAt: closedAt })
      .where(eq(seasons.year, year));
    const ended = (await listApplications(tx, year)).filter((app) => openStepOf(app) !== null);
    const open = openApplications(ended);
    const auditId = await recordAudit(tx, caller, {
      action: 'closeReview',
      entity: 'season',
      entityId: year,
      item: 'review',
      from: `${open.total} open: ${open.steps.map((s) => `${s.step} ${s.count}`).join(', ') || '-'}`,
      to: `review closed ${closedAt.toISOString()}`,
      reason: reason.value,
    });
    const accounts =
      ended.length === 0
        ? []
        : await tx
            .select({ clubId: users.clubId, email: users.email, locale: users.locale })
            .from(users)
            .where(
              inArray(
                users.clubId,
                ended.map((app) => app.club_id),
              ),
            );
    const mails: Array<typeof notificationOutbox.$inferInsert> = [];
    for (const app of ended) {
      const account = accounts.find((a) => a.clubId === app.club_id);
      if (!account?.email) continue;
      const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE;
      const mail = renderReviewClosedMail(
        app.club_name,
        { year, regNo: app.reg_no },
        reason.value,
        locale,
      );
      mails.push({
        applicationId: app.id,
        auditId,
        kind: REVIEW_CLOSED_MAIL,
        locale,
        recipient: account.email,
        subject: mail.subject,
        body: mail.text,
      });
    }
    if (mails.length > 0) await tx.insert(notificationOutbox).values(mails);
    return { year, review_closed_at: closedAt.toISOString(), ended: ended.length };
  });
}
