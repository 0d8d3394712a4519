// SMS to clubs (issue 23): beside each club mail the same change writes one SMS row, rendered
// from its DLT template in the account's language; the worker sends it after commit (here,
// without SMS_URL, into DATA_DIR/sms-outbox); the history shows its state beside the mail's,
// and staff can send the last one again.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMS_TEMPLATES } from '@puja/domain';
import { applications, auditLog, notificationOutbox, seasons } from '../src/db/schema';
import {
  createHarness,
  decideDocument,
  decideFinal as decideChairman,
  historyOf,
  multipart,
  pdf,
  type Harness,
  type StaffUser,
} from './harness';

let h: Harness;
let store: StaffUser;
let chairman: StaffUser;
let phones = 0;

beforeAll(async () => {
  h = await createHarness({ MAIL_POLL_MS: '20', MUNICIPALITY_NAME: 'Bally Municipality' });
  ({ store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

/** A phone number no other club of this file has: the SMS files are told apart by it. */
const newMobile = () => `97000${String((phones += 1)).padStart(5, '0')}`;

const decide = (id: number, doc: string, code: 1 | 2, reason = '') =>
  decideDocument(h, store.token, { id, doc, code, reason });

const decideFinal = (id: number, code: 1 | 2, reason = '', replaces?: 1 | 2) =>
  decideChairman(h, chairman.token, { id, code, reason, replaces });

/** Every SMS written to DATA_DIR/sms-outbox, oldest first: headers and text. */
async function smsFiles() {
  const outbox = join(h.config.dataDir, 'sms-outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).sort();
  const files = await Promise.all(
    names.map(async (name) => ({ name, content: await readFile(join(outbox, name), 'utf8') })),
  );
  return files.map(({ name, content }) => {
    const [head = '', text = ''] = content.split('\n\n');
    const headers = Object.fromEntries(
      head
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    return { name, headers, text: text.replace(/\n$/, '') };
  });
}

const smsTo = async (mobile: string) =>
  (await smsFiles()).filter((file) => file.headers.To === mobile);

/** The outbox rows of an application, oldest first. */
const rowsOf = (applicationId: number) =>
  h.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.applicationId, applicationId))
    .orderBy(notificationOutbox.id);

async function allSent(applicationId: number) {
  await vi.waitFor(
    async () => expect((await rowsOf(applicationId)).every((row) => row.sentAt)).toBe(true),
    { timeout: 15_000 },
  );
}

const history = (id: number, token = store.token) => historyOf(h, token, id);

/** A club (with the phone given) that applied; its application's id and padded number. */
async function applied(phone: string, locale?: 'en' | 'bn') {
  const club = await h.club({ phone, ...(locale ? { locale } : {}) });
  const created = await h.apply(club);
  expect(created.statusCode).toBe(201);
  const { id, reg_no: regNo } = created.json().data as { id: number; reg_no: string };
  return { club, id, no: regNo.padStart(2, '0') };
}

describe('an SMS beside each club mail', () => {
  it('every decision event sends its template to the mobile, written the way it was registered', async () => {
    const mobile = newMobile();
    // Written with the country code and spaces: the SMS goes to its ten digits.
    const { club, id, no } = await applied(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    expect((await decide(id, 'acknowledgement', 1)).statusCode).toBe(200);
    expect(
      (await decide(id, 'chairman_application_certificate', 2, 'Signature missing')).statusCode,
    ).toBe(200);
    const again = multipart({ id }, { chairman_application_certificate: pdf('again.pdf') });
    const reupload = await h.app.inject({
      method: 'POST',
      url: '/update-images.php',
      payload: again.payload,
      headers: { ...again.headers, ...h.bearer(club.token) },
    });
    expect(reupload.statusCode).toBe(200);
    for (const doc of ['chairman_application_certificate', 'certificate', 'agreement']) {
      expect((await decide(id, doc, 1)).statusCode).toBe(200);
    }
    expect((await decideFinal(id, 1)).statusCode).toBe(200);
    // Changing the decision given names the one it replaces (issue 19 item 7).
    expect((await decideFinal(id, 2, 'Pandal blocks the road', 1)).statusCode).toBe(200);
    await allSent(id);

    const sent = await smsTo(mobile);
    expect(sent.map((sms) => sms.headers.Template)).toEqual([
      'applicationReceived',
      'acknowledgementAccepted',
      'documentRejected',
      'nocIssued',
      'finalRejected',
    ]);
    // Every SMS names the municipality (MUNICIPALITY_NAME), and every one that asks the club
    // to act carries the portal's link (issue 27).
    const link = h.config.smsLink;
    expect(sent.map((sms) => sms.text)).toEqual([
      `Bally Municipality: NOC application ${no} received. Upload the signed acknowledgement: ${link}`,
      `Bally Municipality: NOC application ${no}: the acknowledgement is accepted. Your documents are now being reviewed.`,
      `Bally Municipality: NOC ${no}: Chairman Application rejected: Signature missing. Re-upload at ${link}`,
      `Bally Municipality: the NOC for application ${no} is issued. Print it at ${link}`,
      `Bally Municipality: NOC ${no} not approved: Pandal blocks the road. Details: ${link}`,
    ]);
    for (const sms of sent) {
      expect(sms.headers).toMatchObject({ Language: 'en', Encoding: 'GSM-7', Parts: '1' });
      expect(sms.headers['DLT-Template-Id']).toBe(
        SMS_TEMPLATES[sms.headers.Template as keyof typeof SMS_TEMPLATES].dltTemplateId.en,
      );
    }
    // One mail and one SMS per event, in the same rows' order.
    const rows = await rowsOf(id);
    expect(rows.filter((row) => row.channel === 'sms').map((row) => row.recipient)).toEqual(
      Array(5).fill(mobile),
    );
    expect(rows.filter((row) => row.channel === 'mail')).toHaveLength(5);
  });

  it('a Bengali club gets its SMS in Bengali, as Unicode within three parts', async () => {
    const mobile = newMobile();
    const { club, id, no } = await applied(mobile, 'bn');
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    const reason = 'জমির দলিলে মালিকের সই নেই, আবার জমা দিন';
    expect((await decide(id, 'acknowledgement', 2, reason)).statusCode).toBe(200);
    await allSent(id);
    const [received, rejected] = await smsTo(mobile);
    expect(received?.text).toBe(
      `Bally Municipality: এনওসি আবেদন ${no} জমা পড়েছে। সই করা প্রাপ্তিস্বীকার আপলোড করুন: ${h.config.smsLink}`,
    );
    expect(received?.headers).toMatchObject({ Parts: '2' });
    expect(rejected?.headers).toMatchObject({ Language: 'bn', Encoding: 'UCS-2' });
    // The reason is cut to DLT's 30 characters at a word's end, with "…" (issue 27).
    expect(rejected?.text).toContain(': জমির দলিলে মালিকের সই নেই,…। আবার আপলোড: ');
    expect(rejected?.text).toMatch(/^Bally Municipality: এনওসি \S+: .+ নামঞ্জুর: /);
    // Five variables: a rejection may take a third Unicode part (domain SMS_TEMPLATES).
    expect(Number(rejected?.headers.Parts)).toBeLessThanOrEqual(3);
  });

  it('a club whose phone is a landline gets the mail and no SMS', async () => {
    const { id } = await applied('033 2345 6789');
    await allSent(id);
    expect((await rowsOf(id)).map((row) => row.channel)).toEqual(['mail']);
    expect((await history(id))[0]).toMatchObject({ sms: null });
    expect((await history(id))[0]?.notification).not.toBeNull();
  });
});

describe('the history shows each SMS beside its mail', () => {
  it('sent, to which number; an entry that owed nothing carries neither', async () => {
    const mobile = newMobile();
    const { club, id } = await applied(mobile);
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    await allSent(id);
    const entries = await history(id);
    expect(
      entries.map((e) => [e.action, e.notification?.kind ?? null, e.sms?.kind ?? null]),
    ).toEqual([
      ['apply', 'applicationReceived', 'applicationReceived'],
      ['upload', null, null],
    ]);
    expect(entries[0]?.sms).toMatchObject({ to: mobile, status: 'sent', attempts: 1 });
  });
});

describe('staff send the last SMS again', () => {
  const resend = (id: number, token: string) =>
    h.app.inject({
      method: 'POST',
      url: '/resend-sms.php',
      payload: { id },
      headers: h.bearer(token),
    });
  const auditCount = async () => (await h.database.db.select().from(auditLog)).length;

  it('any staff role: the same text again to the mobile, recorded in the history with its state', async () => {
    const mobile = newMobile();
    const { club, id } = await applied(mobile);
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    expect((await decide(id, 'acknowledgement', 2, 'Blurred')).statusCode).toBe(200);
    await allSent(id);
    const answer = await resend(id, chairman.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe("The last SMS will be sent again to the club's phone.");
    await allSent(id);

    const sent = await smsTo(mobile);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.text).toBe(sent[1]?.text);
    expect(sent[2]?.headers.Template).toBe('documentRejected');
    const entries = await history(id);
    expect(entries.at(-1)).toMatchObject({
      action: 'resend_sms',
      notification: null,
      sms: { kind: 'documentRejected', to: mobile, status: 'sent' },
    });
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'resend_sms'))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ role: 'chairman', entity: 'application' });
  });

  it('a club may not; an unknown application is 404; no SMS to send is 422; none of them records anything', async () => {
    const { club, id } = await applied(newMobile());
    await allSent(id);
    const landline = await applied('033 2345 6789');
    await allSent(landline.id);
    const before = await auditCount();
    expect((await resend(id, club.token)).statusCode).toBe(403);
    expect((await resend(999_999, store.token)).statusCode).toBe(404);
    const none = await resend(landline.id, store.token);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(
      'This application has no SMS to send again, or its club has no mobile number.',
    );
    expect(await auditCount()).toBe(before);
    expect((await rowsOf(landline.id)).map((row) => row.channel)).toEqual(['mail']);
  });
});

describe('"Resend last SMS" is limited, never for a past season, never a stale message (issue 26, L5)', () => {
  const resend = (id: number) =>
    h.app.inject({
      method: 'POST',
      url: '/resend-sms.php',
      payload: { id },
      headers: h.bearer(store.token),
    });
  /** Moves the application's resends back in time. */
  const resendsAgo = (id: number, minutes: number) =>
    h.database.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - ${minutes} * interval '1 minute'` })
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'resend_sms')));
  const resendCount = async (id: number) =>
    (
      await h.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'resend_sms')))
    ).length;

  it('one per 10 minutes and five in 24 hours per application, with Retry-After', async () => {
    const mobile = newMobile();
    const { id } = await applied(mobile);
    await allSent(id);
    expect((await resend(id)).statusCode).toBe(200);
    const soon = await resend(id);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({
      code: 'sms.resendTooSoon',
      message:
        "This application's SMS was sent again less than 10 minutes ago. Please try again later.",
    });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(590);
    expect(await resendCount(id)).toBe(1);
    for (let i = 2; i <= 5; i += 1) {
      await resendsAgo(id, 11);
      expect((await resend(id)).statusCode).toBe(200);
    }
    await resendsAgo(id, 11);
    const sixth = await resend(id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('sms.resendDailyLimit');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3600);
    await allSent(id);
    expect(await smsTo(mobile)).toHaveLength(1 + 5);
    // Staff at once: one resend goes, the others wait their 10 minutes.
    const other = await applied(newMobile());
    await allSent(other.id);
    const together = await Promise.all(Array.from({ length: 10 }, () => resend(other.id)));
    expect(together.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await resendCount(other.id)).toBe(1);
  });

  it('a past season’s application: refused, nothing sent or recorded', async () => {
    const { id } = await applied(newMobile());
    await allSent(id);
    // The application becomes last season's (a season as the seasons table holds it).
    const [row] = await h.database.db
      .select({ year: applications.applyYear })
      .from(applications)
      .where(eq(applications.id, id));
    const year = row!.year - 1;
    await h.database.db
      .insert(seasons)
      .values({ year, opensOn: `${year}-01-01`, closesOn: `${year}-12-31` })
      .onConflictDoNothing();
    await h.database.db
      .update(applications)
      .set({ applyYear: year })
      .where(eq(applications.id, id));
    const refused = await resend(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sms.resendPastSeason');
    expect(await resendCount(id)).toBe(0);
  });

  it('a rejection of a document approved since is never sent again', async () => {
    const mobile = newMobile();
    const { club, id } = await applied(mobile);
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    expect((await decide(id, 'acknowledgement', 1)).statusCode).toBe(200);
    const doc = 'chairman_application_certificate';
    expect((await decide(id, doc, 2, 'Unreadable')).statusCode).toBe(200);
    const again = multipart({ id }, { [doc]: pdf('again.pdf') });
    const reupload = await h.app.inject({
      method: 'POST',
      url: '/update-images.php',
      payload: again.payload,
      headers: { ...again.headers, ...h.bearer(club.token) },
    });
    expect(reupload.statusCode).toBe(200);
    expect((await decide(id, doc, 1)).statusCode).toBe(200);
    await allSent(id);
    const before = await smsTo(mobile);
    expect(before.at(-1)?.headers.Template).toBe('documentRejected');
    const refused = await resend(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sms.resendStale');
    expect(await resendCount(id)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await smsTo(mobile)).toHaveLength(before.length);
  });
});
