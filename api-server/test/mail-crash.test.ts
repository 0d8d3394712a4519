// The club mail outbox under SIGKILL (issue 12): a mail whose change committed is never lost; a
// crash between handing a mail over and marking it sent repeats it (same Message-ID), once.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { confirmByMail, isConfirmationMail } from './confirm-by-mail';
import { headerOf, startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { applicationFields, applicationFiles, multipart } from './harness';

const ADMIN = { email: 'admin@example.org', password: 'Puja@2025' };
const CLUB_PASSWORD = 'Crash#Mail2025';

let dataDir: string;
let outbox: string;
let server: ServerProcess;
const taken = new Set<number>();

const start = (env: Record<string, string>) =>
  startServerProcess({ dataDir, env: { LOGIN_RATE_LIMIT: '10000', ...env } });

async function post(path: string, body: unknown, token?: string) {
  const answer = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as { data?: { token?: string } };
}

/** Clubs registered (and confirmed by their mailed link) while the server mails to the outbox. */
const registered: string[] = [];

/** Registers a club with no account yet and confirms it by the link mailed to the outbox. */
async function registerClub(): Promise<void> {
  const clubs = (await (await fetch(`${server.baseUrl}/list-club.php`)).json()) as {
    data: { id: number; status: string }[];
  };
  const club = clubs.data.find((c) => c.status === 'A' && !taken.has(c.id) && c.id > 20);
  if (!club) throw new Error('no club left');
  taken.add(club.id);
  const email = `mail-crash-${club.id}@example.org`;
  await post('/add-club-registration.php', {
    club_id: club.id,
    email,
    phone: '9830099999',
    address: 'Crash lane',
    ward_no: 3,
    password: CLUB_PASSWORD,
  });
  expect(await confirmByMail(server.baseUrl, outbox, email)).toBe(true);
  registered.push(email);
}

/** One of the clubs registered beforehand, logged in: its address and token. */
async function newClub(): Promise<{ email: string; token: string }> {
  const email = registered.shift();
  if (!email) throw new Error('no registered club left');
  const login = await post('/club-login.php', { email, password: CLUB_PASSWORD });
  return { email, token: login.data?.token ?? '' };
}

/** Applies for the club; answers the new application's id once committed. */
async function apply(token: string): Promise<number> {
  const { payload, headers } = multipart(applicationFields(), applicationFiles());
  const answer = await fetch(`${server.baseUrl}/apply-for-noc.php`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: payload,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

/** The application's "received" mail as the history shows it (staff). */
async function receivedMail(id: number) {
  const login = await post('/admin-login.php', ADMIN);
  const answer = await fetch(`${server.baseUrl}/application-history.php?id=${id}`, {
    headers: { authorization: `Bearer ${login.data?.token ?? ''}` },
  });
  const entries = (
    (await answer.json()) as {
      data: { notification: { status: string; attempts: number } | null }[];
    }
  ).data;
  return entries[0]?.notification;
}

/** Whole mails in DATA_DIR/outbox to an address (and any half-written file there). */
function outboxMailsTo(email: string): { texts: string[]; partial: string[] } {
  const names = readdirSync(outbox);
  return {
    texts: names
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .filter((text) => headerOf(text, 'To') === email && !isConfirmationMail(text)),
    partial: names.filter((name) => !name.endsWith('.eml')),
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'puja-mail-crash-'));
  outbox = join(dataDir, 'outbox');
  mkdirSync(outbox);
  server = await start({});
  // Each test's club, registered now: some tests run the server with mails held or delayed.
  for (let i = 0; i < 3; i++) await registerClub();
  // The worker marks a mail sent just after writing it: leave it that moment before any kill.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}, 180_000);

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed around a club mail', () => {
  it('killed after the application committed, before its mail left: sent once after restart', async () => {
    await server.kill();
    // The worker would look only in ten minutes: the kill surely lands before any send.
    server = await start({ MAIL_POLL_MS: '600000' });
    const club = await newClub();
    const id = await apply(club.token);
    expect(outboxMailsTo(club.email).texts).toEqual([]);
    await server.kill();

    server = await start({ MAIL_POLL_MS: '50' });
    await vi.waitFor(async () => expect((await receivedMail(id))?.status).toBe('sent'), {
      timeout: 20_000,
    });
    const { texts } = outboxMailsTo(club.email);
    expect(texts).toHaveLength(1);
    expect(headerOf(texts[0] ?? '', 'Subject')).toMatch(/^Application No \d+ received/);
  }, 180_000);

  it('killed after the relay took the mail, before it was marked sent: the mail repeats once, same Message-ID', async () => {
    let smtp: FakeSmtp | null = null;
    let killed = false;
    let held = 0;
    try {
      // The relay keeps the first mail and, before answering it, the server is killed: the
      // mail has left, the row is not marked.
      smtp = await startFakeSmtp({
        verdict: (mail) => (isConfirmationMail(mail.text) || held++ > 0 ? 'accept' : 'hold'),
        onMessage: (mail) => {
          if (killed || isConfirmationMail(mail.text)) return;
          killed = true;
          process.kill(server.pid, 'SIGKILL');
        },
      });
      await server.kill();
      server = await start({ SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
      const club = await newClub();
      const id = await apply(club.token);
      await vi.waitFor(() => expect(killed).toBe(true), { timeout: 20_000 });
      await server.kill();
      expect(smtp.messages.filter((m) => !isConfirmationMail(m.text))).toHaveLength(1);

      server = await start({ SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
      await vi.waitFor(async () => expect((await receivedMail(id))?.status).toBe('sent'), {
        timeout: 20_000,
      });
      expect(await receivedMail(id)).toMatchObject({ status: 'sent', attempts: 2 });
      const copies = smtp.messages.filter((m) => headerOf(m.text, 'To') === club.email);
      expect(copies).toHaveLength(2);
      const [first, again] = copies.map((m) => m.text);
      expect(headerOf(again ?? '', 'Message-ID')).toBe(headerOf(first ?? '', 'Message-ID'));
      expect(headerOf(again ?? '', 'Subject')).toBe(headerOf(first ?? '', 'Subject'));
    } finally {
      await smtp?.close();
    }
  }, 180_000);

  it('killed as the mail file appears in the outbox: the mail is there whole, once or repeated, never lost', async () => {
    await server.kill();
    server = await start({ MAIL_POLL_MS: '50' });
    const club = await newClub();
    let killed = false;
    const watcher = watch(outbox, (_event, name) => {
      if (killed || !String(name).endsWith('.eml')) return;
      killed = true;
      process.kill(server.pid, 'SIGKILL');
    });
    try {
      const id = await apply(club.token);
      await vi.waitFor(() => expect(killed).toBe(true), { timeout: 20_000 });
      await server.kill();
      server = await start({ MAIL_POLL_MS: '50' });
      await vi.waitFor(async () => expect((await receivedMail(id))?.status).toBe('sent'), {
        timeout: 20_000,
      });
    } finally {
      watcher.close();
    }
    const { texts, partial } = outboxMailsTo(club.email);
    expect(partial).toEqual([]);
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(texts.length).toBeLessThanOrEqual(2);
    expect(new Set(texts).size).toBe(1);
  }, 180_000);
});
