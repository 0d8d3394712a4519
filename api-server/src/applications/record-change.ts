/**
 * The one writer of a change's record (issue 28, docs/decisions 0038): from the event a domain
 * rule returned, the audit entry and the notices the event owes (domain `EVENTS`), written as
 * outbox rows (one mail, one SMS per club) inside the change's transaction, so they exist
 * exactly when the change committed. Applications and seasons alike.
 */
import {
  DEFAULT_LOCALE,
  auditOf,
  isLocale,
  noticeOf,
  normaliseIndianMobile,
  renderNotice,
  type Application,
  type ChangeEvent,
  type NoticeLinks,
  type NoticeRule,
  type Season,
  type SeasonEvent,
} from '@puja/domain';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { listApplications } from './application-reads';
import { moveStepClocks } from '../clock/step-clock-store';
import { recordAudit, type Actor } from './audit';
import type { Tx } from '../db/client';
import { notificationOutbox, seasons, users } from '../db/schema';

/** What an event is about: the changed application, or (a season's event) nothing more. */
export type ChangeSubject = Application | null;

type OutboxInsert = typeof notificationOutbox.$inferInsert;

/** The moment a season opens: midnight of its open day in municipal time (IST, UTC+05:30). */
export function openingInstant(season: Pick<Season, 'opens_on'>): Date {
  return new Date(`${season.opens_on}T00:00:00+05:30`);
}

/** The year a season's event concerns. */
function yearOf(event: SeasonEvent): number {
  return event.type === 'seasonReviewClosed' ? event.year : event.season.year;
}

/**
 * Records a change: its audit entry (the event's wording, by `actor`, on the application or the
 * season), the notices it owes, as outbox rows, and (issue 30) the step clocks it moves, on the
 * municipal day of `nowMs`. Answers the audit entry's id.
 * @example await recordChange(tx, caller, outcome.event, outcome.application, config)
 */
export async function recordChange(
  tx: Tx,
  actor: Actor,
  event: ChangeEvent,
  application: ChangeSubject,
  links: NoticeLinks,
  nowMs: number = Date.now(),
): Promise<number> {
  const wording = auditOf(event);
  const entityId =
    wording.entity === 'application' ? (application?.id ?? null) : yearOf(event as SeasonEvent);
  const auditId = await recordAudit(tx, actor, { ...wording, entityId });
  if (application !== null) await moveStepClocks(tx, event, application.id, nowMs);
  const notice = noticeOf(event);
  if (notice !== null) {
    await writeNotices(
      tx,
      { event, notice, auditId, links },
      await addresseesOf(tx, notice, event, application),
    );
  }
  return auditId;
}

/** A club a notice goes to: the application it is about and its account's contact. */
interface Addressee {
  application: Application;
  email: string | null;
  phone: string | null;
  locale: string | null;
}

/** The clubs an event's notice goes to, each with its account (clubs without one get nothing). */
async function addresseesOf(
  tx: Tx,
  notice: NoticeRule,
  event: ChangeEvent,
  application: ChangeSubject,
): Promise<Addressee[]> {
  const about = await applicationsOf(tx, notice, event, application);
  if (about.length === 0) return [];
  const accounts = await tx
    .select({ clubId: users.clubId, email: users.email, phone: users.phone, locale: users.locale })
    .from(users)
    .where(inArray(users.clubId, [...new Set(about.map((app) => app.club_id))]));
  return about.flatMap((app) =>
    accounts.filter((a) => a.clubId === app.club_id).map((a) => ({ application: app, ...a })),
  );
}

/** The applications whose clubs a notice goes to. */
async function applicationsOf(
  tx: Tx,
  notice: NoticeRule,
  event: ChangeEvent,
  application: ChangeSubject,
): Promise<Application[]> {
  switch (notice.audience) {
    case 'applicationClub':
      return application ? [application] : [];
    case 'endedApplications': {
      if (event.type !== 'seasonReviewClosed') return [];
      const ended = new Set(event.ended);
      return (await listApplications(tx, event.year)).filter((app) => ended.has(app.id));
    }
    case 'previousSeasonClubs': {
      const previous = await previousSeasonYear(tx, yearOf(event as SeasonEvent));
      return previous === null ? [] : listApplications(tx, previous);
    }
  }
}

/** The season before `year`, or null. */
async function previousSeasonYear(tx: Tx, year: number): Promise<number | null> {
  const [previous] = await tx
    .select({ year: seasons.year })
    .from(seasons)
    .where(lt(seasons.year, year))
    .orderBy(desc(seasons.year))
    .limit(1);
  return previous?.year ?? null;
}

/**
 * Writes each club's mail (to its account's address) and SMS (to its phone when that is an
 * Indian mobile number), rendered in its language. A notice due at a season's opening waits
 * until then; one that replaces the waiting ones first removes those not yet sent (nor being
 * sent); and a club already written to about it on a channel (sent, or still waiting) is left
 * alone on it.
 */
async function writeNotices(
  tx: Tx,
  change: { event: ChangeEvent; notice: NoticeRule; auditId: number; links: NoticeLinks },
  addressees: readonly Addressee[],
): Promise<void> {
  const { event, notice, auditId, links } = change;
  if (addressees.length === 0) return;
  const about = addressees.map((a) => a.application.id);
  const ofThisKind = and(
    eq(notificationOutbox.kind, notice.kind),
    inArray(notificationOutbox.applicationId, about),
  );
  if (notice.replacesWaiting) {
    await tx
      .delete(notificationOutbox)
      .where(
        and(ofThisKind, isNull(notificationOutbox.sentAt), isNull(notificationOutbox.leaseUntil)),
      );
  }
  const already = new Set(
    notice.dueAtSeasonOpening
      ? (
          await tx
            .select({
              channel: notificationOutbox.channel,
              recipient: notificationOutbox.recipient,
            })
            .from(notificationOutbox)
            .where(ofThisKind)
        ).map((row) => `${row.channel} ${row.recipient}`)
      : [],
  );
  const due =
    notice.dueAtSeasonOpening && 'season' in event
      ? { nextAttemptAt: openingInstant(event.season) }
      : {};
  const rows: OutboxInsert[] = [];
  for (const to of addressees) {
    const locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE;
    const rendered = renderNotice(event, to.application, locale, links);
    if (rendered === null) continue;
    const row = { applicationId: to.application.id, auditId, kind: rendered.kind, locale, ...due };
    if (to.email && !already.has(`mail ${to.email}`)) {
      const { subject, text } = rendered.mail;
      rows.push({ ...row, recipient: to.email, subject, body: text });
    }
    const mobile = normaliseIndianMobile(to.phone ?? '');
    if (rendered.sms && mobile && !already.has(`sms ${mobile}`)) {
      rows.push({
        ...row,
        channel: 'sms',
        // Its template (one may serve two kinds of notice): the gateway's DLT id is looked up by it.
        kind: rendered.sms.template,
        recipient: mobile,
        subject: '',
        body: rendered.sms.text,
      });
    }
  }
  if (rows.length > 0) await tx.insert(notificationOutbox).values(rows);
}
