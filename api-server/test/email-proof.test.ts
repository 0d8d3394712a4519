// Issue 26, L4: a registration confirmed by a code sent by SMS proves the phone, never the
// e-mail address anyone may type. The account's address stays unproved until the link mailed
// to it is opened; until then nothing but that link is mailed to it (the outbox holds the rest,
// SMS still go), and the held mails go once it is proved.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeDocuments } from '../src/applications/retention';
import { auditLog, clubs, notificationOutbox, users } from '../src/db/schema';
import { createDiskStorage } from '../src/uploads/storage';
import { createHarness, type Harness } from './harness';
import { codeSent } from './sms-codes';

const PASSWORD = 'Club#Proof2025';
const PROOF_SUBJECT = /^Confirm the e-mail address of /;
const PROOF_LINK = /confirm-email\?token=([A-Za-z0-9_-]+)/;
let h: Harness;
let phones = 0;

beforeAll(async () => {
  h = await createHarness({
    REGISTRATION_CONFIRM_BY: 'sms',
    LOGIN_RATE_LIMIT: '10000',
    SMS_PER_NUMBER_HOURLY: '100',
    SMS_PER_ADDRESS_HOURLY: '10000',
    MAIL_POLL_MS: '50',
  });
});
afterAll(() => h.close());

const post = (url: string, payload: object, token?: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: token ? h.bearer(token) : {} });

/** A club registered by the code sent to its phone, logged in: its address not proved. */
async function clubBySms(email = `proof${randomBytes(4).toString('hex')}@test.example`) {
  const [club] = await h.database.db
    .insert(clubs)
    .values({ clubname: `Proof Club ${randomBytes(3).toString('hex')}`, status: 'A' })
    .returning();
  const mobile = `97100${String((phones += 1)).padStart(5, '0')}`;
  const registered = await post('/add-club-registration.php', {
    club_id: club!.id,
    govt_register_no: '',
    phone: mobile,
    email,
    address: '2 Ghat Road',
    ward_no: '4',
    password: PASSWORD,
  });
  expect(registered.statusCode).toBe(200);
  const code = await codeSent(h, mobile);
  const { registration } = registered.json().data;
  const confirmed = await post('/confirm-registration-code.php', { registration, code });
  expect(confirmed.statusCode).toBe(200);
  const login = await post('/club-login.php', { email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return { clubId: club!.id, clubname: club!.clubname, email, token: login.json().data.token };
}

const mailsTo = (email: string) => h.sentMails.filter((mail) => mail.to === email);

/** The token of the last proving link mailed to an address (waits for the mail to go). */
async function proofToken(email: string, count = 1): Promise<string> {
  const links = await vi.waitFor(
    () => {
      const found = mailsTo(email).filter((mail) => PROOF_SUBJECT.test(mail.subject));
      expect(found).toHaveLength(count);
      return found;
    },
    { timeout: 10_000 },
  );
  const token = PROOF_LINK.exec(links.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no proving link mailed to ${email}`);
  return token;
}

/** Waits until a mail to a proved address, written after everything before it, has gone. */
async function outboxPassedBy() {
  const admin = await h.staff('admin');
  // A registration naming a staff address mails its owner (proved): a row written last.
  const [club] = await h.database.db
    .insert(clubs)
    .values({ clubname: `Marker ${randomBytes(3).toString('hex')}`, status: 'A' })
    .returning();
  await post('/add-club-registration.php', {
    club_id: club!.id,
    govt_register_no: '',
    phone: `97199${String((phones += 1)).padStart(5, '0')}`,
    email: admin.email,
    address: '3 Marker Lane',
    ward_no: '4',
    password: PASSWORD,
  });
  await vi.waitFor(() => expect(mailsTo(admin.email)).toHaveLength(1), { timeout: 10_000 });
}

const accountOf = async (email: string) =>
  (await h.database.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('an address registered by SMS is proved by a mailed link (issue 26, L4)', () => {
  it('gets only the link until proved; its other mails are held, then go once the link is opened', async () => {
    const club = await clubBySms();
    // The club applies: the application's mail to the club is written, and held.
    const applied = await h.apply(club);
    expect(applied.statusCode).toBe(201);
    await outboxPassedBy();
    // Before issue 26 the application's mail went to the unproved address here.
    expect(mailsTo(club.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(PROOF_SUBJECT),
    ]);
    expect((await accountOf(club.email)).emailVerifiedAt).toBeNull();
    const read = await h.app.inject({
      method: 'GET',
      url: '/club-account.php',
      headers: h.bearer(club.token),
    });
    expect(read.json().data).toMatchObject({ email_verified: false, phone_verified: true });
    const token = await proofToken(club.email);
    const held = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.recipient, club.email), eq(notificationOutbox.channel, 'mail')),
      );
    expect(held.filter((row) => row.kind !== 'emailVerify')).toEqual([
      expect.objectContaining({ heldForProof: true, sentAt: null, kind: 'applicationReceived' }),
    ]);

    const proved = await post('/confirm-email.php', { token });
    expect(proved.statusCode).toBe(200);
    expect(proved.json()).toMatchObject({
      code: 'account.verifyEmail.confirmed',
      data: { clubname: club.clubname, email: club.email },
    });
    expect((await accountOf(club.email)).emailVerifiedAt).toBeInstanceOf(Date);
    // The held mail goes now, after the link.
    await vi.waitFor(() => expect(mailsTo(club.email)).toHaveLength(2), { timeout: 10_000 });
    expect(mailsTo(club.email)[1]?.text).toContain(club.clubname);
  });

  it('a wrong, malformed, expired, replaced or used link is refused by its key and proves nothing', async () => {
    const club = await clubBySms();
    const first = await proofToken(club.email);
    for (const token of ['', 'x', randomBytes(32).toString('base64url')]) {
      const wrong = await post('/confirm-email.php', { token });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().code).toBe('account.verifyEmail.invalid');
    }
    await h.database.db
      .update(users)
      .set({ emailVerifyExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.email, club.email));
    const expired = await post('/confirm-email.php', { token: first });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('account.verifyEmail.expired');
    expect((await accountOf(club.email)).emailVerifiedAt).toBeNull();

    // A new link (a minute later) replaces the expired one.
    await h.database.db
      .update(users)
      .set({ emailVerifySentAt: sql`now() - interval '61 seconds'` })
      .where(eq(users.email, club.email));
    expect((await post('/resend-email-confirmation.php', {}, club.token)).statusCode).toBe(200);
    const second = await proofToken(club.email, 2);
    expect((await post('/confirm-email.php', { token: first })).json().code).toBe(
      'account.verifyEmail.invalid',
    );
    expect((await post('/confirm-email.php', { token: second })).statusCode).toBe(200);
    const used = await post('/confirm-email.php', { token: second });
    expect(used.statusCode).toBe(404);
    expect(used.json().code).toBe('account.verifyEmail.invalid');
  });

  it('the same link opened twice at once proves the address once', async () => {
    const club = await clubBySms();
    const token = await proofToken(club.email);
    const answers = await Promise.all([1, 2, 3].map(() => post('/confirm-email.php', { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
    const proofs = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email_verify'), eq(auditLog.toValue, club.email)));
    expect(proofs).toHaveLength(1);
  });

  it('the link again: once a minute (429 with Retry-After), then a new one; never once proved', async () => {
    const club = await clubBySms();
    await proofToken(club.email);
    const soon = await post('/resend-email-confirmation.php', {}, club.token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('account.verifyEmail.wait');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    await h.database.db
      .update(users)
      .set({ emailVerifySentAt: sql`now() - interval '61 seconds'` })
      .where(eq(users.email, club.email));
    const again = await post('/resend-email-confirmation.php', {}, club.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      code: 'account.verifyEmail.sent',
      data: { email: club.email, hours: 24 },
    });
    const token = await proofToken(club.email, 2);
    // Asked again at once: refused, and no third link.
    expect((await post('/resend-email-confirmation.php', {}, club.token)).statusCode).toBe(429);
    expect((await post('/confirm-email.php', { token })).statusCode).toBe(200);
    const proved = await post('/resend-email-confirmation.php', {}, club.token);
    expect(proved.statusCode).toBe(409);
    expect(proved.json().code).toBe('account.verifyEmail.already');
    expect(mailsTo(club.email).filter((mail) => PROOF_SUBJECT.test(mail.subject))).toHaveLength(2);
  });

  it('a forgotten password is never mailed to an unproved address', async () => {
    const club = await clubBySms();
    await proofToken(club.email);
    const asked = await post('/forget-password.php', { email: club.email });
    expect(asked.statusCode).toBe(200);
    await outboxPassedBy();
    expect(mailsTo(club.email)).toHaveLength(1);
    expect((await accountOf(club.email)).tempPasswordHash).toBeNull();
  });

  it('a new address confirmed by its link is proved; the old, never proved, gets nothing more', async () => {
    const club = await clubBySms();
    await proofToken(club.email);
    expect((await h.apply(club)).statusCode).toBe(201);
    const newEmail = `moved${randomBytes(4).toString('hex')}@test.example`;
    const asked = await post(
      '/change-email.php',
      { new_email: newEmail, current_password: PASSWORD },
      club.token,
    );
    expect(asked.statusCode).toBe(200);
    const link = await vi.waitFor(
      () => {
        const token = /confirm-email-change\?token=([A-Za-z0-9_-]+)/.exec(
          mailsTo(newEmail)[0]?.text ?? '',
        )?.[1];
        expect(token).toBeDefined();
        return token!;
      },
      { timeout: 10_000 },
    );
    expect((await post('/confirm-email-change.php', { token: link })).statusCode).toBe(200);
    expect((await accountOf(newEmail)).emailVerifiedAt).toBeInstanceOf(Date);
    await outboxPassedBy();
    // Only the proving link ever went to the old address; its held mail is gone, not sent.
    expect(mailsTo(club.email)).toHaveLength(1);
    const left = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, club.email));
    expect(left.map((row) => row.kind)).toEqual(['emailVerify']);
  });

  it('staff accounts count as proved, and have no link to ask for', async () => {
    const admin = await h.staff('admin');
    expect((await accountOf(admin.email)).emailVerifiedAt).toBeInstanceOf(Date);
    expect((await post('/resend-email-confirmation.php', {}, admin.token)).statusCode).toBe(403);
  });
});

describe('an address registered by mail (issue 26, L4)', () => {
  it('is proved by its registration link: no other link, nothing held', async () => {
    const byMail = await createHarness();
    try {
      const club = await byMail.club();
      const [account] = await byMail.database.db
        .select()
        .from(users)
        .where(eq(users.email, club.email));
      expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
      const read = await byMail.app.inject({
        method: 'GET',
        url: '/club-account.php',
        headers: byMail.bearer(club.token),
      });
      expect(read.json().data.email_verified).toBe(true);
    } finally {
      await byMail.close();
    }
  });
});

/** The mails written to an address and not sent: held for its proof, or still due. */
const unsentMailsTo = (email: string) =>
  h.database.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.recipient, email),
        eq(notificationOutbox.channel, 'mail'),
        sql`${notificationOutbox.sentAt} IS NULL`,
      ),
    );

describe('mails held for an address nobody will prove (issue 26, L4)', () => {
  it('a hand-over to a new address drops them; the old address gets nothing, the new one its mail', async () => {
    const club = await clubBySms();
    expect((await h.apply(club)).statusCode).toBe(201);
    await outboxPassedBy();
    expect(await unsentMailsTo(club.email)).toEqual([
      expect.objectContaining({ kind: 'applicationReceived', heldForProof: true }),
    ]);
    const admin = await h.staff('admin');
    const newAddress = `new${randomBytes(4).toString('hex')}@test.example`;
    const handed = await post(
      '/hand-over-club.php',
      { id: club.clubId, email: newAddress, reason: 'New secretary elected' },
      admin.token,
    );
    expect(handed.statusCode).toBe(200);
    // Nothing waits for the old address any more, and it is not told of the hand-over.
    expect(await unsentMailsTo(club.email)).toEqual([]);
    await vi.waitFor(() => expect(mailsTo(newAddress)).toHaveLength(1), { timeout: 10_000 });
    await outboxPassedBy();
    expect(mailsTo(club.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(PROOF_SUBJECT),
    ]);
    expect((await accountOf(newAddress)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  // Last in this file: it opens a new season.
  it('the retention purge drops those about the applications it purges, and keeps the sent ones', async () => {
    const club = await clubBySms();
    expect((await h.apply(club)).statusCode).toBe(201);
    await outboxPassedBy();
    expect(await unsentMailsTo(club.email)).toHaveLength(1);
    const admin = await h.staff('admin');
    const closed = await post(
      '/update-season.php',
      { year: 2025, opens_on: '2025-01-01', closes_on: '2025-12-31' },
      admin.token,
    );
    expect(closed.statusCode).toBe(200);
    const opened = await post(
      '/add-season.php',
      { year: 2026, opens_on: '2026-01-01' },
      admin.token,
    );
    expect(opened.statusCode).toBe(201);
    const sentBefore = await h.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.recipient, club.email),
          sql`${notificationOutbox.sentAt} IS NOT NULL`,
        ),
      );
    expect(sentBefore).toHaveLength(1); // the proving link

    const report = await purgeDocuments({
      db: h.database.db,
      storage: await createDiskStorage(h.filesDir),
      retentionSeasons: 1,
      dryRun: false,
    });
    expect(report.applications.length).toBeGreaterThan(0);
    expect(await unsentMailsTo(club.email)).toEqual([]);
    const sentAfter = await h.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.recipient, club.email),
          sql`${notificationOutbox.sentAt} IS NOT NULL`,
        ),
      );
    expect(sentAfter).toEqual(sentBefore);
    // Proved after the purge: the purged application's mail never goes.
    const token = await proofToken(club.email);
    expect((await post('/confirm-email.php', { token })).statusCode).toBe(200);
    await outboxPassedBy();
    expect(mailsTo(club.email)).toHaveLength(1);
  });
});
