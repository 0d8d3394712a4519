// The outbox sends a channel's due rows in the order they were written: a club reads "received"
// before "accepted" and "rejected" before "issued", whatever order the database hands them back.
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationOutbox } from '../src/db/schema';
import { startOutboxWorker } from '../src/messages/outbox';
import { createHarness, type Harness } from './harness';

let h: Harness;

// The app's own workers stay idle: this test's worker is the only one sending.
beforeAll(async () => {
  h = await createHarness({ MAIL_POLL_MS: '3600000' });
});
afterAll(() => h.close());

it('sends due rows oldest first, also when their physical order in the table differs', async () => {
  const o = notificationOutbox;
  const written = await h.database.db
    .insert(o)
    .values(
      Array.from({ length: 8 }, (_, index) => ({
        applicationId: 900_000,
        channel: 'sms',
        auditId: 900_000 + index,
        kind: 'applicationReceived',
        recipient: '9700099999',
        locale: 'en',
        subject: '',
        body: `message ${index}`,
        nextAttemptAt: sql`now() + interval '1 hour'`,
      })),
    )
    .returning({ id: o.id });
  const ids = written.map((row) => row.id);
  // Made due newest first: each update writes a new row version, so the table now holds them
  // in the reverse of the order they were written.
  for (const id of [...ids].reverse()) {
    await h.database.db
      .update(o)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(o.id, [id]));
  }

  const sent: number[] = [];
  const worker = await startOutboxWorker({
    db: h.database.db,
    channel: 'sms',
    send: async (row) => void sent.push(row.id),
    retryMs: 1000,
    retryMaxMs: 1000,
    pollMs: 3_600_000,
    exclusive: false,
    log: h.app.log,
  });
  try {
    expect(await worker.runOnce()).toBe(ids.length);
  } finally {
    await worker.stop();
  }
  expect(sent).toEqual(ids);
});
