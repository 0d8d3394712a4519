// Club mails over SMTP when the relay fails or hangs (issue 12): the worker retries with a
// doubling wait and the history says so; a staff action never waits on a mail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationOutbox } from '../src/db/schema';
import { headerOf, startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { createHarness, historyOf, type Harness } from './harness';

/** A club account's registration mail (harness.club confirms by it): not what these tests watch. */
const isAccountMail = (mail: { text: string }) => mail.text.includes('confirm-registration');
/** What the relay received of the application's mails. */
const clubMails = (mails: { text: string; at: number }[]) => mails.filter((m) => !isAccountMail(m));

const history = (h: Harness, token: string, id: number) => historyOf(h, token, id);

describe('a relay refusing the first two attempts', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  const BASE_MS = 500;

  beforeAll(async () => {
    let refused = 0;
    smtp = await startFakeSmtp({
      verdict: (mail) => (isAccountMail(mail) || (refused += 1) > 2 ? 'accept' : 'refuse'),
    });
    h = await createHarness({
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: String(BASE_MS / 1000),
      MAIL_RETRY_MAX_SECONDS: '30',
      MAIL_POLL_MS: '20',
    });
  });
  afterAll(async () => {
    await h?.close();
    await smtp.close();
  });

  it('retries with a doubling wait, shows "retrying" with the error meanwhile, and sends once', async () => {
    const { store } = await h.staffTeam();
    const club = await h.club();
    const created = await h.apply(club);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;

    // After the first refusal the history shows the mail retrying, with the relay's answer.
    const retrying = await vi.waitFor(
      async () => {
        const entry = (await history(h, store.token, id))[0];
        expect(entry?.notification?.status).toBe('retrying');
        return entry?.notification;
      },
      // The first attempt waits for the worker's poll: on a loaded machine that is past 1 s.
      { timeout: 15_000, interval: 20 },
    );
    expect(retrying?.last_error).toMatch(/451/);

    const sent = await vi.waitFor(
      async () => {
        const entry = (await history(h, store.token, id))[0];
        expect(entry?.notification?.status).toBe('sent');
        return entry?.notification;
      },
      { timeout: 15_000 },
    );
    expect(sent).toMatchObject({ attempts: 3, last_error: null });

    // Three attempts reached the relay; the second wait was about twice the first.
    expect(clubMails(smtp.attempts)).toHaveLength(3);
    const [first, second, third] = clubMails(smtp.attempts).map((mail) => mail.at) as [
      number,
      number,
      number,
    ];
    expect(second - first).toBeGreaterThanOrEqual(BASE_MS - 100);
    expect(third - second).toBeGreaterThanOrEqual(2 * BASE_MS - 100);
    // Delivered exactly once, the subject naming the application.
    const [received, ...more] = clubMails(smtp.messages);
    expect(more).toEqual([]);
    expect(headerOf(received?.text ?? '', 'Subject')).toMatch(
      /^Application No \d+ received: Durga Puja 2025 NOC$/,
    );
    expect(headerOf(received?.text ?? '', 'To')).toBe(club.email);
    const [row] = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.applicationId, id), eq(notificationOutbox.channel, 'mail')));
    expect(row?.sentAt).not.toBeNull();
  });
});

describe('a relay that never answers', () => {
  let h: Harness;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp({ verdict: (mail) => (isAccountMail(mail) ? 'accept' : 'hold') });
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' });
  });
  afterAll(async () => {
    await smtp.close();
    await h?.close();
  });

  it('staff decisions answer while a mail is stuck in sending; it shows as waiting', async () => {
    const { store } = await h.staffTeam();
    const club = await h.club();
    const created = await h.apply(club);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    // The "received" mail is handed over and the relay holds its answer.
    await vi.waitFor(() => expect(clubMails(smtp.messages)).toHaveLength(1), { timeout: 15_000 });
    const upload = await h.uploadAcknowledgement(club, id);
    expect(upload.statusCode).toBe(200);
    const reject = await h.app.inject({
      method: 'POST',
      url: '/image-status-update.php',
      payload: { id, acknowledgement_status: 2, acknowledgement_reason: 'Not signed' },
      headers: h.bearer(store.token),
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().message).toBe('Document rejected successfully!');
    const mails = (await history(h, store.token, id)).map((entry) => entry.notification);
    expect(mails).toMatchObject([
      { status: 'waiting', attempts: 1, last_error: null },
      null,
      { status: 'waiting', attempts: 0, last_error: null },
    ]);
  });
});
