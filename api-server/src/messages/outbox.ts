/**
 * Mails and SMS to clubs through a transactional outbox (issues 12 and 23, docs/decisions 0023
 * and 0031). A change that owes its club a message writes it, rendered, as rows (one mail, one
 * SMS) in its own transaction (`recordChange`, applications/record-change.ts, from the event a
 * domain rule told), so the messages exist exactly when the change committed. A worker per channel (`startOutboxWorker`)
 * sends rows after commit: it claims due rows of its channel with a lease (`FOR UPDATE SKIP
 * LOCKED`, so two instances never take the same row), sends, then marks the row sent; a failure
 * waits and retries with a doubling delay. A crash between sending and marking leaves the row
 * unmarked: it is sent again once its lease ends (at once on restart of the embedded database),
 * so a message may repeat but is never lost. A hung SMS gateway never holds up the mails.
 *
 * A mail to an address its account has not proved (an account registered by SMS, issue 26, L4)
 * is held: migration 0016's trigger marks it on insert (every writer alike; never the proving
 * link, never an SMS), and the worker claims it only once an account with that address has
 * proved it. Held mails are then sent in their order, not dropped; one whose address no account
 * ever proves (the account moved to another address, or was released) is never sent, and the
 * retention purge removes those about the applications it purges.
 */
import {
  isLocale,
  normaliseIndianMobile,
  renderAccountMail,
  DEFAULT_LOCALE,
  type AccountMailKind,
  type AccountMailParams,
  type Locale,
  type NoticeKind,
} from '@puja/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { auditLog, notificationOutbox, users } from '../db/schema';

export type OutboxRow = typeof notificationOutbox.$inferSelect;

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

/** The ways a message reaches a club. */
export type OutboxChannel = 'mail' | 'sms';

/**
 * Staff send the last SMS of an application again (issue 23), inside the caller's transaction:
 * the same text, to the club account's phone as it is now, as a new row beside the audit entry
 * that records the resend. `none` when the application has no SMS or its club no mobile
 * number; `stale` when the application changed after that SMS (a review, an upload, a
 * withdrawal: any history entry after the one that wrote it but resends), so it may no longer
 * be true (issue 26, L5: never a rejection of a document approved since).
 */
export async function enqueueLastSmsAgain(
  tx: Tx,
  application: { id: number; clubId: number },
  auditId: number,
): Promise<'queued' | 'none' | 'stale'> {
  const o = notificationOutbox;
  const [last] = await tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.applicationId, application.id),
        eq(o.channel, 'sms'),
        // The application's own SMS, not the next season's reminder sent to its club.
        ne(o.kind, 'seasonOpened' satisfies NoticeKind),
      ),
    )
    .orderBy(desc(o.id))
    .limit(1);
  const [account] = await tx
    .select({ phone: users.phone })
    .from(users)
    .where(eq(users.clubId, application.clubId));
  const mobile = normaliseIndianMobile(account?.phone ?? '');
  if (!last || !mobile) return 'none';
  const [changedSince] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'application'),
        eq(auditLog.entityId, application.id),
        gt(auditLog.id, last.auditId),
        ne(auditLog.action, 'resend_sms'),
      ),
    )
    .limit(1);
  if (changedSince) return 'stale';
  await tx.insert(o).values({
    applicationId: application.id,
    auditId,
    channel: 'sms',
    kind: last.kind,
    recipient: mobile,
    locale: last.locale,
    subject: '',
    body: last.body,
  });
  return 'queued';
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

/**
 * Drops the mails held for an address its account leaves unproved (issue 26, L4), inside the
 * caller's transaction: no account will prove it now, so they would never go.
 */
export async function forgetHeldMails(tx: Tx, address: string): Promise<void> {
  const o = notificationOutbox;
  await tx
    .delete(o)
    .where(
      and(
        eq(o.heldForProof, true),
        isNull(o.sentAt),
        sql`lower(${o.recipient}) = lower(${address})`,
      ),
    );
}

/** An account with this address has proved it: a mail held for the proof may go (issue 26, L4). */
function addressProved(recipient: typeof notificationOutbox.recipient) {
  return sql`EXISTS (SELECT 1 FROM ${users} WHERE lower(${users.email}) = lower(${recipient}) AND ${users.emailVerifiedAt} IS NOT NULL)`;
}

/** The wait after the n-th failed attempt: base, doubling per attempt, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** A stable Message-ID per row: a repeated send (after a crash) carries the same one. */
export function messageIdOf(row: OutboxRow, portalUrl: string): string {
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
 * Starts sending one channel of the outbox: every `pollMs`, due rows of the channel are
 * claimed, handed to `send` and marked. With `exclusive` (the embedded database, which one
 * process holds) leases left by a crashed run are released at once; on PostgreSQL another
 * instance may be sending, so they run out instead.
 */
export async function startOutboxWorker(options: {
  db: Db;
  channel: OutboxChannel;
  /** Hands one row to its transport; resolves once accepted, throws to retry later. */
  send: (row: OutboxRow) => Promise<void>;
  retryMs: number;
  retryMaxMs: number;
  pollMs: number;
  exclusive: boolean;
  log: FastifyBaseLogger;
}): Promise<OutboxWorker> {
  const { db, channel, log } = options;
  if (options.exclusive) {
    const o = notificationOutbox;
    await db
      .update(o)
      .set({ leaseUntil: null })
      .where(and(eq(o.channel, channel), isNull(o.sentAt), sql`${o.leaseUntil} IS NOT NULL`));
  }

  /** Takes up to BATCH due rows nobody holds, counting the attempt, under a fresh lease. */
  async function claim(): Promise<OutboxRow[]> {
    const o = notificationOutbox;
    const due = db
      .select({ id: o.id })
      .from(o)
      .where(
        and(
          eq(o.channel, channel),
          isNull(o.sentAt),
          lte(o.nextAttemptAt, sql`now()`),
          or(isNull(o.leaseUntil), lte(o.leaseUntil, sql`now()`)),
          or(eq(o.heldForProof, false), addressProved(o.recipient)),
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
      await withTimeout(options.send(row), SEND_TIMEOUT_MS);
    } catch (error) {
      const delay = retryDelayMs(row.attempts, options.retryMs, options.retryMaxMs);
      const message = error instanceof Error ? error.message : String(error);
      log.warn(
        { [channel]: row.id, attempts: row.attempts, err: error },
        `club ${channel} failed; will retry`,
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
    // A crash right here sends the row again after restart: a repeat, never a loss. A message
    // about an account (a registration's confirmation link with its live token, a release)
    // is never read again once sent: its text goes, so neither the table nor a backup keeps it.
    await db
      .update(o)
      .set({
        sentAt: sql`now()`,
        leaseUntil: null,
        lastError: null,
        body: sql`CASE WHEN ${o.applicationId} IS NULL THEN '' ELSE ${o.body} END`,
      })
      .where(eq(o.id, row.id));
  }

  async function runOnce(): Promise<number> {
    // UPDATE … RETURNING gives no order: a club's messages go out in the order they were written.
    const rows = (await claim()).sort((a, b) => a.id - b.id);
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
      if (!stopped) log.error({ err: error, channel }, 'outbox worker: claiming or marking failed');
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
