// Mails to clubs (issue 12): each event writes exactly one outbox row in the transaction of its
// change, the worker sends it after commit (here into DATA_DIR/outbox), and the history says
// whether it went out.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clubs, notificationOutbox, users } from '../src/db/schema';
import { localeOfHeader } from '../src/http/locale';
import { retryDelayMs } from '../src/messages/outbox';
import { headerOf } from './fake-smtp';
import {
  applicationFields,
  applicationFiles,
  applicationRow,
  confirmationToken,
  createHarness,
  decideDocument,
  decideFinal as decideChairman,
  historyOf,
  multipart,
  type Harness,
  type StaffUser,
  reuploadDocument,
} from './harness';

const PORTAL = 'https://noc.example.in';

let h: Harness;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness({ PORTAL_URL: `${PORTAL}/`, MAIL_POLL_MS: '20' });
  ({ store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

type Club = Awaited<ReturnType<Harness['club']>>;

const reupload = (club: Club, id: number, field: string) => reuploadDocument(h, club, id, field);

const decide = (id: number, doc: string, code: 1 | 2, reason = '') =>
  decideDocument(h, store.token, { id, doc, code, reason });

/** The final decision; changing a given one names the status it replaces (`replaces`, a code). */
const decideFinal = (id: number, code: 1 | 2, reason = '', replaces?: 1 | 2) =>
  decideChairman(h, chairman.token, { id, code, reason, replaces });

/** A club with an application and its acknowledgement uploaded. */
async function acknowledged(): Promise<{ club: Club; id: number; regNo: string }> {
  const club = await h.club();
  const created = await h.apply(club);
  expect(created.statusCode).toBe(201);
  const { id, reg_no: regNo } = created.json().data as { id: number; reg_no: string };
  expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
  return { club, id, regNo };
}

async function approveDocuments(id: number) {
  for (const doc of [
    'acknowledgement',
    'chairman_application_certificate',
    'certificate',
    'agreement',
  ]) {
    expect((await decide(id, doc, 1)).statusCode).toBe(200);
  }
}

/** The outbox row id a Message-ID names (mails are compared in the order they were owed). */
const rowIdOf = (messageId: string) => Number(/noc-mail-(\d+)-/.exec(messageId)?.[1]);

/** Waits until the mails about accounts (registration confirmations) are sent. */
async function allAccountMailsSent() {
  await vi.waitFor(
    async () => {
      const rows = await h.database.db
        .select()
        .from(notificationOutbox)
        .where(isNull(notificationOutbox.applicationId));
      expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    },
    { timeout: 15_000 },
  );
}

/**
 * Every mail written to DATA_DIR/outbox for an address, in event order: the mails about its
 * application, and with `accountMails` its registration's confirmation too.
 */
async function mailsTo(email: string, { accountMails = false } = {}) {
  const outbox = join(h.config.dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) =>
    n.endsWith('.eml'),
  );
  const texts = await Promise.all(names.sort().map((n) => readFile(join(outbox, n), 'utf8')));
  return texts
    .filter((text) => headerOf(text, 'To') === email)
    .map((text) => ({
      subject: headerOf(text, 'Subject') ?? '',
      messageId: headerOf(text, 'Message-ID') ?? '',
      body: text.slice(text.indexOf('\n\n') + 2),
    }))
    .filter((mail) => accountMails || !mail.body.includes('/confirm-registration?token='))
    .sort((a, b) => rowIdOf(a.messageId) - rowIdOf(b.messageId));
}

/** The outbox rows of an application, oldest first. */
const rowsOf = (applicationId: number) =>
  h.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.applicationId, applicationId))
    .orderBy(notificationOutbox.id);

/** Waits until every outbox row of the application is marked sent. */
async function allSent(applicationId: number) {
  await vi.waitFor(
    async () => {
      const rows = await rowsOf(applicationId);
      expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    },
    { timeout: 15_000 },
  );
}

const history = (id: number) => historyOf(h, store.token, id);

describe('mails to the club at each event', () => {
  it('application received: one mail with the application number and the acknowledgement link', async () => {
    const club = await h.club();
    const created = await h.apply(club);
    expect(created.statusCode).toBe(201);
    const { id, reg_no: regNo } = created.json().data as { id: number; reg_no: string };
    const padded = regNo.padStart(2, '0');
    await allSent(id);
    const mails = await mailsTo(club.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Application No ${padded} received: Durga Puja 2025 NOC`);
    expect(mails[0]?.body).toContain(`Your application number is ${padded}.`);
    expect(mails[0]?.body).toContain(`${PORTAL}/club/print-acknowledgement`);
    expect(mails[0]?.messageId).toMatch(/^<noc-mail-\d+-\d+@noc\.example\.in>$/);
    // Uploading the acknowledgement owes no mail (the one SMS beside the mail: test/sms.test.ts).
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    expect((await rowsOf(id)).map((row) => row.channel)).toEqual(['mail', 'sms']);
  });

  it('acknowledgement accepted, a document rejected and re-uploaded, the NOC issued: one mail each', async () => {
    const { club, id, regNo } = await acknowledged();
    const padded = regNo.padStart(2, '0');
    expect((await decide(id, 'acknowledgement', 1)).statusCode).toBe(200);
    expect(
      (await decide(id, 'chairman_application_certificate', 2, 'Signature missing')).statusCode,
    ).toBe(200);
    expect((await reupload(club, id, 'chairman_application_certificate')).statusCode).toBe(200);
    for (const doc of ['chairman_application_certificate', 'certificate', 'agreement']) {
      expect((await decide(id, doc, 1)).statusCode).toBe(200);
    }
    expect((await decideFinal(id, 1)).statusCode).toBe(200);
    await allSent(id);

    const mails = await mailsTo(club.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Application No ${padded} received: Durga Puja 2025 NOC`,
      `Acknowledgement accepted: Application No ${padded}`,
      `Chairman Application rejected: Application No ${padded}`,
      'Your Durga Puja 2025 NOC has been issued',
    ]);
    const [, accepted, rejected, issued] = mails;
    expect(accepted?.body).toContain(`${PORTAL}/club/dashboard`);
    expect(rejected?.body).toContain('The Chairman Application of your application');
    expect(rejected?.body).toContain('Reason: Signature missing');
    expect(rejected?.body).toContain(
      `Please upload a corrected document here:\n${PORTAL}/club/dashboard`,
    );
    expect(issued?.body).toContain(`memo number ${padded.slice(-2)}/DURGAPUJA/2025`);
    expect(issued?.body).toContain(
      `Print your certificate here:\n${PORTAL}/club/print-certificate`,
    );
    // Every Message-ID differs: four events, four mails.
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(4);
  });

  it('the final decision rejected: one mail with the chairman reason', async () => {
    const { club, id, regNo } = await acknowledged();
    await approveDocuments(id);
    expect((await decideFinal(id, 2, 'Pandal blocks the main road')).statusCode).toBe(200);
    await allSent(id);
    const mails = await mailsTo(club.email);
    const last = mails.at(-1);
    expect(last?.subject).toBe(`Your NOC application ${regNo.padStart(2, '0')} was not approved`);
    expect(last?.body).toContain('Reason: Pandal blocks the main road');
    expect(mails.filter((mail) => mail.subject === last?.subject)).toHaveLength(1);
  });

  it('an issued NOC withdrawn, then approved again: one mail for each decision', async () => {
    const { club, id } = await acknowledged();
    await approveDocuments(id);
    expect((await decideFinal(id, 1)).statusCode).toBe(200);
    expect((await decideFinal(id, 2, 'Fire exit blocked', 1)).statusCode).toBe(200);
    expect((await decideFinal(id, 1, '', 2)).statusCode).toBe(200);
    await allSent(id);
    const subjects = (await mailsTo(club.email)).map((mail) => mail.subject).slice(2);
    expect(subjects).toEqual([
      'Your Durga Puja 2025 NOC has been issued',
      expect.stringMatching(/^Your NOC application \d+ was not approved$/),
      'Your Durga Puja 2025 NOC has been issued',
    ]);
  });

  it('two staff rejecting the same document at once: one decision, one mail', async () => {
    const { club, id } = await acknowledged();
    const answers = await Promise.all([
      decide(id, 'acknowledgement', 2, 'Blurred'),
      decide(id, 'acknowledgement', 2, 'Blurred'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    await allSent(id);
    const rejected = (await mailsTo(club.email)).filter((m) => m.subject.includes('rejected'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.subject).toMatch(/^Acknowledgement rejected: Application No \d+$/);
  });
});

describe('the outbox row commits with its change, or not at all', () => {
  it('a refused decision writes no mail', async () => {
    const { id } = await acknowledged();
    // The worker may still be sending the earlier mails: compare once they are out.
    await allSent(id);
    const before = await rowsOf(id);
    // Out of review order (422) and a rejection without its reason (400).
    expect((await decide(id, 'certificate', 2, 'x')).statusCode).toBe(422);
    expect((await decide(id, 'acknowledgement', 2, '')).statusCode).toBe(400);
    expect((await decideFinal(id, 1)).statusCode).toBe(422);
    await allSent(id);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('a decision whose transaction fails after the mail was written leaves no mail', async () => {
    const { id } = await acknowledged();
    await allSent(id);
    const before = await rowsOf(id);
    const db = h.database.db;
    // The last statement of the decision's transaction (the data version bump) fails.
    await db.execute(sql`CREATE FUNCTION refuse_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_bump BEFORE UPDATE ON data_version
      FOR EACH ROW EXECUTE FUNCTION refuse_bump()`);
    try {
      expect((await decide(id, 'acknowledgement', 2, 'Blurred')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_bump ON data_version`);
      await db.execute(sql`DROP FUNCTION refuse_bump()`);
    }
    await allSent(id);
    expect(await rowsOf(id)).toEqual(before);
    expect((await applicationRow(h, id))?.acknowledgementStatus).toBe('0');
  });
});

describe('a sent confirmation link is not kept (issue 26 L6)', () => {
  it('the outbox keeps an account mail’s state but not its text once sent; application mails keep theirs', async () => {
    const { id } = await acknowledged();
    await allAccountMailsSent();
    await allSent(id);
    const accountRows = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(isNull(notificationOutbox.applicationId));
    expect(accountRows.length).toBeGreaterThan(0);
    for (const row of accountRows) {
      expect(row.sentAt).not.toBeNull();
      expect(row.body).toBe('');
    }
    const dump = JSON.stringify(accountRows);
    expect(dump).not.toMatch(/confirm-registration\?token=/);
    // The link went out whole in the mail itself.
    expect(h.sentMails.some((mail) => /confirm-registration\?token=\w/.test(mail.text))).toBe(true);
    const [received] = await rowsOf(id);
    expect(received?.body).toContain('Your application number is');
  });
});

describe('the history says whether each mail went out', () => {
  it('an entry that owed a mail carries it: sent, to whom; others carry none', async () => {
    const { club, id } = await acknowledged();
    expect((await decide(id, 'acknowledgement', 2, 'Blurred')).statusCode).toBe(200);
    await allSent(id);
    const entries = await history(id);
    expect(entries.map((e) => [e.action, e.notification?.kind ?? null])).toEqual([
      ['apply', 'applicationReceived'],
      ['upload', null],
      ['reject', 'documentRejected'],
    ]);
    expect(entries[2]?.notification).toMatchObject({
      to: club.email,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect(Date.parse(entries[2]?.notification?.sent_at ?? '')).not.toBeNaN();
  });
});

describe('the language of a club account', () => {
  it('reads the preferred catalogue language from Accept-Language', () => {
    expect(localeOfHeader('bn')).toBe('bn');
    expect(localeOfHeader('bn-IN,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(localeOfHeader('en-GB,en;q=0.9')).toBe('en');
    expect(localeOfHeader('fr-FR, en;q=0.5, bn;q=0.7')).toBe('bn');
    expect(localeOfHeader('fr')).toBeNull();
    expect(localeOfHeader('bn;q=0')).toBeNull();
    expect(localeOfHeader(undefined)).toBeNull();
  });

  const login = (email: string, language: string) =>
    h.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email, password: 'Secret#2025' },
      headers: { 'accept-language': language },
    });
  const localeOf = async (userId: number) =>
    (await h.database.db.select().from(users).where(eq(users.id, userId)))[0]?.locale;

  it('keeps the language the club app asks for at login; a header naming none of ours leaves it', async () => {
    const club = await h.club();
    expect(await localeOf(club.userId)).toBe('en');
    expect((await login(club.email, 'bn')).statusCode).toBe(200);
    expect(await localeOf(club.userId)).toBe('bn');
    expect((await login(club.email, 'fr')).statusCode).toBe(200);
    expect(await localeOf(club.userId)).toBe('bn');
    expect((await login(club.email, 'en')).statusCode).toBe(200);
    expect(await localeOf(club.userId)).toBe('en');
  });

  it('writes the mails of a Bengali club in Bengali, from registration on', async () => {
    const [clubRow] = await h.database.db
      .insert(clubs)
      .values({ clubname: 'বেঙ্গল সংঘ পরীক্ষা' })
      .returning();
    const email = 'bengali-club@test.example';
    const registered = await h.app.inject({
      method: 'POST',
      url: '/add-club-registration.php',
      payload: {
        club_id: clubRow?.id,
        phone: '9831012345',
        email,
        address: '1 Station Road',
        ward_no: 3,
        password: 'Secret#2025',
      },
      headers: { 'accept-language': 'bn-IN,bn;q=0.9' },
    });
    expect(registered.statusCode).toBe(200);
    // The confirmation link comes in Bengali, and confirming keeps the language.
    await allAccountMailsSent();
    const [confirmation] = await mailsTo(email, { accountMails: true });
    expect(confirmation?.subject).toBe('বেঙ্গল সংঘ পরীক্ষা-এর নথিভুক্তি নিশ্চিত করুন');
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/confirm-registration.php',
      payload: { token: await confirmationToken(h, email) },
    });
    expect(confirmed.statusCode).toBe(200);
    // A login without a language header keeps Bengali.
    const session = await h.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email, password: 'Secret#2025' },
    });
    const { id: userId, token } = session.json().data as { id: number; token: string };
    expect(await localeOf(userId)).toBe('bn');
    const created = await h.apply({ clubId: clubRow?.id ?? 0, token });
    expect(created.statusCode).toBe(201);
    const { id, reg_no: regNo } = created.json().data as { id: number; reg_no: string };
    await allSent(id);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(
      `আবেদন নং ${regNo.padStart(2, '0')} জমা পড়েছে: দুর্গাপূজা ২০২৫-এর এনওসি`,
    );
    expect(mail?.body).toContain('প্রিয় বেঙ্গল সংঘ পরীক্ষা,');
    expect(mail?.body).toContain(`${PORTAL}/club/print-acknowledgement`);
    expect((await rowsOf(id))[0]?.locale).toBe('bn');
  });

  it('applying in English after a Bengali login writes the received mail in English', async () => {
    const club = await h.club();
    expect((await login(club.email, 'bn')).statusCode).toBe(200);
    const body = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
    const created = await h.app.inject({
      method: 'POST',
      url: '/apply-for-noc.php',
      payload: body.payload,
      headers: { ...body.headers, ...h.bearer(club.token), 'accept-language': 'en' },
    });
    expect(created.statusCode).toBe(201);
    const [row] = await rowsOf(created.json().data.id as number);
    expect(row?.locale).toBe('en');
    expect(row?.subject).toMatch(/^Application No \d+ received/);
  });
});

describe('retry delays', () => {
  it('double per failed attempt up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 60_000, 3_600_000))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
  });
});
