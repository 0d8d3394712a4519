import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/accounts/auth';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { Mail } from '../src/messages/mailer';
import {
  applications,
  auditLog,
  clubs,
  dataVersion,
  notificationOutbox,
  pendingRegistrations,
  regCounters,
  releasedRegistrations,
  users,
} from '../src/db/schema';

export const PASSWORD = 'Secret#2025';

/** A tiny valid PDF and PNG, and things that are not what they claim. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);

export interface TestFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export const pdf = (name = 'doc.pdf'): TestFile => ({ name, type: 'application/pdf', bytes: PDF });
export const png = (name = 'doc.png'): TestFile => ({ name, type: 'image/png', bytes: PNG });

/** A multipart body for app.inject. */
export function multipart(
  fields: Record<string, string | number>,
  files: Record<string, TestFile>,
) {
  const boundary = `----puja${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [key, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The text fields of a complete application form. */
export function applicationFields(overrides: Record<string, string | number> = {}) {
  return {
    ward_no: 7,
    puja_location_address: '12 Rabindra Sarani',
    land_type: 'own',
    club_president_name: 'Subrata Ghosh',
    club_president_phone: '9830012345',
    club_secrety_name: 'Sanjib Roy',
    club_secrety_phone: '9830012346',
    puja_presient_name: 'Ratna Sen',
    puja_presient_phone: '9830012347',
    puja_secretary_name: 'Arup Chakraborty',
    puja_secretary_phone: '9830012348',
    ...overrides,
  };
}

export function applicationFiles(overrides: Record<string, TestFile> = {}) {
  return {
    chairman_application_certificate: pdf(),
    certificate_image: png(),
    load_agreement_image: pdf(),
    puja_committee: pdf(),
    puja_budget: png(),
    ...overrides,
  };
}

export interface StaffUser {
  id: number;
  token: string;
  email: string;
}

export interface Harness {
  app: FastifyInstance;
  config: Config;
  /** A second connection to the same database, for assertions. */
  database: Database;
  filesDir: string;
  /** Every mail the server's transport accepted, oldest first. */
  sentMails: Mail[];
  close(): Promise<void>;
  /** A staff user of that role, logged in. */
  staff(
    role: 'admin' | 'store' | 'chairman',
  ): Promise<{ id: number; token: string; email: string }>;
  /** One logged-in user of each staff role. */
  staffTeam(): Promise<Record<'admin' | 'store' | 'chairman', StaffUser>>;
  /**
   * A new active club with a registered, logged-in account (phone 9831012345 unless given;
   * registered and logged in in English unless another language is given).
   */
  club(options?: {
    phone?: string;
    locale?: 'en' | 'bn';
  }): Promise<{ clubId: number; userId: number; token: string; email: string }>;
  /** A club's application, submitted through the API. */
  apply(club: { clubId: number; token: string }): Promise<LightMyRequestResponse>;
  /** The club uploads its signed acknowledgement (a PDF unless another file is given). */
  uploadAcknowledgement(
    club: { token: string },
    id: number,
    file?: TestFile,
  ): Promise<LightMyRequestResponse>;
  /** Database rows and stored files, to prove a refusal changed nothing. */
  snapshot(): Promise<unknown>;
  storedFiles(): Promise<string[]>;
  bearer(token: string): { authorization: string };
}

let counter = 0;

/**
 * A fresh app on a clone of the migrated template: a copy of PGlite's data directory, or a new
 * PostgreSQL database created from the template database when TEST_DATABASE_URL is set.
 */
export async function createHarness(
  env: Record<string, string> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'puja-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (baseUrl) {
    const name = `puja_test_${process.pid}_${(counter += 1)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  } else {
    // A closed cluster's files are the cluster: copying them is a clone, in a fraction of the time
    // of unpacking a tarball through PGlite (it creates each file through its WebAssembly FS).
    cpSync(inject('pgliteTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    RATE_LIMIT: '100000',
    UPLOADS_PER_ACCOUNT: '100000',
    UPLOADS_PER_ADDRESS: '100000',
    // h.club() confirms by the mailed link, also where a test sets SMS_URL; the code by SMS
    // has its own tests (registration-code.test.ts sets REGISTRATION_CONFIRM_BY=sms).
    REGISTRATION_CONFIRM_BY: 'mail',
    ...env,
  });
  // The mails as sent: the outbox keeps no account mail's text once sent (issue 26 L6).
  const sentMails: Mail[] = [];
  const app = await buildApp(config, {
    ...options,
    mailSent: (mail) => {
      sentMails.push(mail);
      options.mailSent?.(mail);
    },
  });
  // PGlite allows one connection: assertions share the app's; PostgreSQL gets its own pool.
  const database = databaseUrl ? await openDatabase({ dataDir, databaseUrl }) : app.database;
  const db = database.db;
  const filesDir = join(dataDir, 'files');

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let made = 0;

  async function login(path: string, email: string, language?: string) {
    const res = await app.inject({
      method: 'POST',
      url: path,
      payload: { email, password: PASSWORD },
      headers: language ? { 'accept-language': language } : {},
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json().data as { id: number; token: string };
  }

  const harness: Harness = {
    app,
    config,
    database,
    filesDir,
    sentMails,
    bearer,
    async close() {
      await harness.app.close();
      if (databaseUrl) await harness.database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
    async staff(role) {
      made += 1;
      const email = `${role}${made}@test.example`;
      await db.insert(users).values({
        name: `Test ${role}`,
        email,
        phone: '9830000000',
        role,
        deptment: role,
        passwordHash: await hashPassword(PASSWORD),
      });
      const data = await login('/admin-login.php', email);
      return { id: data.id, token: data.token, email };
    },
    async staffTeam() {
      return {
        admin: await harness.staff('admin'),
        store: await harness.staff('store'),
        chairman: await harness.staff('chairman'),
      };
    },
    async club(options = {}) {
      made += 1;
      const [club] = await db
        .insert(clubs)
        .values({ clubname: `Test Club ${made} ${randomBytes(2).toString('hex')}` })
        .returning();
      if (!club) throw new Error('no club');
      const email = `club${made}@test.example`;
      const res = await app.inject({
        method: 'POST',
        url: '/add-club-registration.php',
        payload: {
          club_id: club.id,
          govt_register_no: '',
          phone: options.phone ?? '9831012345',
          email,
          address: '1 Station Road',
          ward_no: 3,
          password: PASSWORD,
        },
        headers: options.locale ? { 'accept-language': options.locale } : {},
      });
      if (res.statusCode !== 200) throw new Error(`registration failed: ${res.body}`);
      // Confirmed as a person does: by the link in the mail the registration wrote.
      const confirmed = await app.inject({
        method: 'POST',
        url: '/confirm-registration.php',
        payload: { token: await confirmationToken(harness, email) },
      });
      if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
      const data = await login('/club-login.php', email, options.locale);
      return { clubId: club.id, userId: data.id, token: data.token, email };
    },
    apply(club) {
      const body = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
      return app.inject({
        method: 'POST',
        url: '/apply-for-noc.php',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(club.token) },
      });
    },
    uploadAcknowledgement(club, id, file = pdf('ack.pdf')) {
      const body = multipart({ id }, { acknowledgement: file });
      return app.inject({
        method: 'POST',
        url: '/acknowledgement-update.php',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(club.token) },
      });
    },
    async storedFiles() {
      try {
        return (await readdir(filesDir)).sort();
      } catch {
        return [];
      }
    },
    async snapshot() {
      return {
        clubs: await db.select().from(clubs).orderBy(clubs.id),
        users: await db.select().from(users).orderBy(users.id),
        applications: await db.select().from(applications).orderBy(applications.id),
        audit: await db.select().from(auditLog).orderBy(auditLog.id),
        counters: await db.select().from(regCounters),
        pending: await db.select().from(pendingRegistrations).orderBy(pendingRegistrations.id),
        released: await db.select().from(releasedRegistrations).orderBy(releasedRegistrations.id),
        version: await db.select().from(dataVersion),
        files: await harness.storedFiles(),
      };
    },
  };
  return harness;
}

/**
 * A harness listening on a loopback port (after `prepare`, which may add routes), its log lines
 * at `LOG_LEVEL` (warn unless given) collected, and the first record logged with a message.
 */
export async function listeningHarness(
  env: Record<string, string>,
  prepare: (app: FastifyInstance) => void = () => undefined,
) {
  const lines: string[] = [];
  const h = await createHarness(
    { LOG_LEVEL: 'warn', ...env },
    { logStream: { write: (line) => lines.push(line) } },
  );
  prepare(h.app);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.app.server.address() as { port: number }).port;
  const logged = (message: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((record) => record.msg === message);
  return { h, port, logged };
}

/** The application row of an id, read straight from the database. */
export async function applicationRow(h: Harness, id: number) {
  const rows = await h.database.db.select().from(applications).where(eq(applications.id, id));
  return rows[0];
}

/** Waits until the outbox worker has sent every club mail written so far. */
export async function mailsSent(h: Harness, timeout = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await h.database.db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(isNull(notificationOutbox.sentAt));
      expect(waiting).toEqual([]);
    },
    { timeout },
  );
}

/** The mails written to the outbox for an address, oldest first. */
export async function outboxMailsTo(h: Harness, email: string) {
  return h.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.recipient, email))
    .orderBy(notificationOutbox.id);
}

/**
 * A mail's text: the outbox row's while it waits, the mail as sent once it went (the outbox
 * keeps no account mail's text once sent, issue 26 L6).
 */
export function mailText(
  h: Harness,
  row: { recipient: string; subject: string; body: string } | undefined,
): string {
  if (!row) return '';
  if (row.body !== '') return row.body;
  const sent = h.sentMails.filter(
    (mail) => mail.to === row.recipient && mail.subject === row.subject,
  );
  return sent.at(-1)?.text ?? '';
}

const CONFIRM_LINK = /confirm-registration\?token=([A-Za-z0-9_-]+)/;

/**
 * The token of the last registration-confirmation link mailed to an address: from the outbox
 * while the mail waits there, from the mail as sent once it went (the outbox then keeps no text).
 */
export async function confirmationToken(h: Harness, email: string): Promise<string> {
  const mails = await outboxMailsTo(h, email);
  const confirm = mails.filter((mail) => mail.kind === 'registrationConfirm').at(-1);
  const waiting = confirm?.body.match(CONFIRM_LINK)?.[1];
  if (waiting) return waiting;
  const sent = h.sentMails
    .filter((mail) => mail.to === email)
    .map((mail) => mail.text.match(CONFIRM_LINK)?.[1])
    .findLast(Boolean);
  if (!sent) throw new Error(`no confirmation link mailed to ${email}`);
  return sent;
}

/** A mail's or an SMS's state on the history (GET /application-history.php). */
export interface HistoryDelivery {
  kind: string;
  to: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/** One entry of an application's history, with the mail and the SMS it owed the club. */
export interface HistoryRow {
  action: string;
  item: string;
  notification: HistoryDelivery | null;
  sms: HistoryDelivery | null;
}

/** An application's history as staff read it. */
export async function historyOf(h: Harness, token: string, id: number): Promise<HistoryRow[]> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/application-history.php?id=${id}`,
    headers: h.bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as HistoryRow[];
}

/** A club replaces a document of its application (`field`: the document's file key). */
export function reuploadDocument(
  h: Harness,
  club: { token: string },
  id: number,
  field: string,
  file = pdf('again.pdf'),
) {
  const body = multipart({ id }, { [field]: file });
  return h.app.inject({
    method: 'POST',
    url: '/update-images.php',
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(club.token) },
  });
}

/** A document decision (store or admin): 1 approves, 2 rejects with the reason. */
export function decideDocument(
  h: Harness,
  token: string,
  decision: { id: number; doc: string; code: 1 | 2; reason?: string },
) {
  const { id, doc, code, reason = '' } = decision;
  return h.app.inject({
    method: 'POST',
    url: '/image-status-update.php',
    payload: { id, [`${doc}_status`]: code, [`${doc}_reason`]: reason },
    headers: h.bearer(token),
  });
}

/**
 * The chairman's final decision: 1 approves (issues the NOC), 2 rejects with the reason;
 * changing a decision already given names the one it replaces (`replaces`, a code).
 */
export function decideFinal(
  h: Harness,
  token: string,
  decision: { id: number; code: 1 | 2; reason?: string; replaces?: 1 | 2 },
) {
  const { id, code, reason = '', replaces } = decision;
  return h.app.inject({
    method: 'POST',
    url: '/update-chairman-status.php',
    payload: {
      id,
      chairman_status: code,
      chairman_reason: reason,
      ...(replaces ? { previous_chairman_status: replaces } : {}),
    },
    headers: h.bearer(token),
  });
}
