/**
 * Mails to clubs through a transactional outbox (issue 12, docs/decisions 0023). A change that
 * owes its club a mail writes the rendered mail as a row in its own transaction
 * (`enqueueClubMail`, called by application-store), so the mail exists exactly when the change
 * committed. The worker (`startOutboxWorker`) sends rows after commit: it claims due rows with a
 * lease (`FOR UPDATE SKIP LOCKED`, so two instances never take the same row), sends, then marks
 * the row sent; a failure waits and retries with a doubling delay. A crash between sending and
 * marking leaves the row unmarked: it is sent again once its lease ends (at once on restart of
 * the embedded database), so a mail may repeat but is never lost.
 */
import {
  clubMailOfChange,
  isLocale,
  renderAccountMail,
  renderClubMail,
  DEFAULT_LOCALE,
  type AccountMailKind,
  type AccountMailParams,
  type Application,
  type Locale,
} from '@puja/domain';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './db/client';
import { notificationOutbox, users } from './db/schema';
import type { Mailer } from './mailer';

type OutboxRow = typeof notificationOutbox.$inferSelect;

/** How long a claimed row is left to its sender before another instance may take it. */
const LEASE_SECONDS = 300;
/** A send that takes longer is abandoned as failed (well inside the lease). */
const SEND_TIMEOUT_MS = 90_000;
/** Rows claimed at once. */
const BATCH = 10;
/** A close waits this long for a send in progress to be marked (a hung relay must not block it). */
const STOP_WAIT_MS = 5_000;

/** What staff see of a mail on the application's history. */
export type NotificationStatus = 'sent' | 'waiting' | 'retrying';

/** Sent once marked; retrying once an attempt failed; waiting before the first attempt. */
export function notificationStatusOf(row: Pick<OutboxRow, 'sentAt' | 'lastError'>) {
  if (row.sentAt) return 'sent' as const;
  return row.lastError ? ('retrying' as const) : ('waiting' as const);
}

/** The wire form of a mail on the history (GET /application-history.php). */
export function notificationOnWire(row: OutboxRow) {
  return {
    kind: row.kind,
    to: row.recipient,
    status: notificationStatusOf(row) satisfies NotificationStatus,
    attempts: row.attempts,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.sentAt ? null : row.nextAttemptAt.toISOString(),
  };
}

/**
 * Writes the mail a change owes the application's club (domain `clubMailOfChange`), rendered in
 * the club account's language, inside the change's transaction. Nothing when the change owes
 * none or the club has no account address.
 */
export async function enqueueClubMail(
  tx: Tx,
  portalUrl: string,
  change: { before: Application | null; after: Application; auditId: number },
): Promise<void> {
  const { before, after, auditId } = change;
  const event = clubMailOfChange(before, after);
  if (!event) return;
  const [account] = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.clubId, after.club_id));
  if (!account?.email) return;
  const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE;
  const mail = renderClubMail(after, event, portalUrl, locale);
  await tx.insert(notificationOutbox).values({
    applicationId: after.id,
    auditId,
    kind: event.kind,
    recipient: account.email,
    locale,
    subject: mail.subject,
    body: mail.text,
  });
}

/**
 * Writes a mail about an account (domain `renderAccountMail`: a registration's confirmation
 * link, the warning to an address that already has an account, the notice of a release) inside
 * the transaction of the change that owes it, in the given language (an unknown one is English).
 */
export async function enqueueAccountMail(
  tx: Tx,
  mail: {
    kind: AccountMailKind;
    to: string;
    locale: string | null;
    params: AccountMailParams;
    auditId: number;
    applicationId?: number | null;
  },
): Promise<void> {
  const locale: Locale = isLocale(mail.locale) ? mail.locale : DEFAULT_LOCALE;
  const rendered = renderAccountMail(mail.kind, mail.params, locale);
  await tx.insert(notificationOutbox).values({
    applicationId: mail.applicationId ?? null,
    auditId: mail.auditId,
    kind: mail.kind,
    recipient: mail.to,
    locale,
    subject: rendered.subject,
    body: rendered.text,
  });
}

/** The wait after the n-th failed attempt: base, doubling per attempt, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** A stable Message-ID per row: a repeated send (after a crash) carries the same one. */
function messageIdOf(row: OutboxRow, portalUrl: string): string {
  const host = new URL(portalUrl).hostname || 'localhost';
  return `<noc-mail-${row.id}-${row.createdAt.getTime()}@${host}>`;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface OutboxWorker {
  /** Claims and sends what is due now (the loop calls it; tests may too); rows handled. */
  runOnce(): Promise<number>;
  /** Stops the loop and waits (a few seconds at most) for a send in progress to be marked. */
  stop(): Promise<void>;
}

/**
 * Starts sending the outbox: every `pollMs`, due rows are claimed, sent and marked. With
 * `exclusive` (the embedded database, which one process holds) leases left by a crashed run are
 * released at once; on PostgreSQL another instance may be sending, so they run out instead.
 */
export async function startOutboxWorker(options: {
  db: Db;
  mailer: Mailer;
  portalUrl: string;
  retryMs: number;
  retryMaxMs: number;
  pollMs: number;
  exclusive: boolean;
  log: FastifyBaseLogger;
}): Promise<OutboxWorker> {
  const { db, mailer, log } = options;
  if (options.exclusive) {
    await db
      .update(notificationOutbox)
      .set({ leaseUntil: null })
      .where(
        and(isNull(notificationOutbox.sentAt), sql`${notificationOutbox.leaseUntil} IS NOT NULL`),
      );
  }

  /** Takes up to BATCH due rows nobody holds, counting the attempt, under a fresh lease. */
  async function claim(): Promise<OutboxRow[]> {
    const o = notificationOutbox;
    const due = db
      .select({ id: o.id })
      .from(o)
      .where(
        and(
          isNull(o.sentAt),
          lte(o.nextAttemptAt, sql`now()`),
          or(isNull(o.leaseUntil), lte(o.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(o.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(o)
      .set({
        attempts: sql`${o.attempts} + 1`,
        leaseUntil: sql`now() + ${LEASE_SECONDS} * interval '1 second'`,
      })
      .where(inArray(o.id, due))
      .returning();
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const o = notificationOutbox;
    try {
      await withTimeout(
        mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          messageId: messageIdOf(row, options.portalUrl),
        }),
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      const delay = retryDelayMs(row.attempts, options.retryMs, options.retryMaxMs);
      const message = error instanceof Error ? error.message : String(error);
      log.warn(
        { mail: row.id, attempts: row.attempts, err: error },
        'club mail failed; will retry',
      );
      await db
        .update(o)
        .set({
          lastError: message.slice(0, 500),
          leaseUntil: null,
          nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'`,
        })
        .where(eq(o.id, row.id));
      return;
    }
    // A crash right here sends the row again after restart: a repeat, never a loss.
    await db
      .update(o)
      .set({ sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(o.id, row.id));
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const loop = async () => {
    try {
      while (!stopped && (await runOnce()) === BATCH);
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'outbox worker: claiming or marking mails failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = loop().finally(schedule);
    }, options.pollMs);
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A send cut short here is not marked: it goes again after the restart (a repeat).
      let waited: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((done) => (waited = setTimeout(done, STOP_WAIT_MS)));
      await Promise.race([running, giveUp]).finally(() => clearTimeout(waited));
    },
  };
}
