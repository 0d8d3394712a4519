// The club mail and SMS outbox under SIGKILL (issues 12 and 23): a message whose change
// committed is never lost; a crash between handing it over and marking it sent repeats it
// (a mail with the same Message-ID), once.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { confirmByMail, isConfirmationMail } from './confirm-by-mail';
import { headerOf, startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { smsGatewayEnv, startFakeSmsGateway, type FakeSmsGateway } from './fake-sms-gateway';
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
const registered: { email: string; mobile: string }[] = [];

/** Registers a club with no account yet and confirms it by the link mailed to the outbox. */
async function registerClub(): Promise<void> {
  const clubs = (await (await fetch(`${server.baseUrl}/list-club.php`)).json()) as {
    data: { id: number; status: string }[];
  };
  const club = clubs.data.find((c) => c.status === 'A' && !taken.has(c.id) && c.id > 20);
  if (!club) throw new Error('no club left');
  taken.add(club.id);
  const email = `mail-crash-${club.id}@example.org`;
  const mobile = `98300${String(club.id).padStart(5, '0')}`;
  await post('/add-club-registration.php', {
    club_id: club.id,
    email,
    phone: mobile,
    address: 'Crash lane',
    ward_no: 3,
    password: CLUB_PASSWORD,
  });
  expect(await confirmByMail(server.baseUrl, outbox, email)).toBe(true);
  registered.push({ email, mobile });
}

/** One of the clubs registered beforehand, logged in: its address, mobile number and token. */
async function newClub(): Promise<{ email: string; mobile: string; token: string }> {
  const club = registered.shift();
  if (!club) throw new Error('no registered club left');
  const { email, mobile } = club;
  const login = await post('/club-login.php', { email, password: CLUB_PASSWORD });
  return { email, mobile, token: login.data?.token ?? '' };
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

type Delivery = { status: string; attempts: number } | null;

/** The application's "received" mail and SMS as the history shows them (staff). */
async function received(id: number): Promise<{ mail?: Delivery; sms?: Delivery }> {
  const login = await post('/admin-login.php', ADMIN);
  const answer = await fetch(`${server.baseUrl}/application-history.php?id=${id}`, {
    headers: { authorization: `Bearer ${login.data?.token ?? ''}` },
  });
  const entries = ((await answer.json()) as { data: { notification: Delivery; sms: Delivery }[] })
    .data;
  return { mail: entries[0]?.notification, sms: entries[0]?.sms };
}

const receivedMail = async (id: number) => (await received(id)).mail;

/** Whole SMS in DATA_DIR/sms-outbox to a mobile number. */
function outboxSmsTo(mobile: string): string[] {
  const dir = join(dataDir, 'sms-outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((text) => text.startsWith(`To: ${mobile}\n`));
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
  for (let i = 0; i < 4; i++) await registerClub();
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
    // The SMS beside it, too: sent once after the restart.
    await vi.waitFor(async () => expect((await received(id)).sms?.status).toBe('sent'), {
      timeout: 20_000,
    });
    const sms = outboxSmsTo(club.mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('Template: applicationReceived');
  }, 180_000);

  it('killed after the gateway took the SMS, before it was marked sent: the SMS repeats once', async () => {
    let gateway: FakeSmsGateway | null = null;
    try {
      // The gateway keeps the first SMS without answering; the server is killed meanwhile: the
      // SMS has left, its row is not marked.
      gateway = await startFakeSmsGateway({
        verdict: (_request, index) => (index === 0 ? 'hold' : 'accept'),
      });
      const env = { ...smsGatewayEnv(gateway.url), MAIL_POLL_MS: '50' };
      await server.kill();
      server = await start(env);
      const club = await newClub();
      const id = await apply(club.token);
      const taken = gateway.messages;
      await vi.waitFor(() => expect(taken).toHaveLength(1), { timeout: 20_000 });
      // The mail beside it is out first: the kill must not cut a mail file short (the last
      // test looks for half-written files).
      await vi.waitFor(async () => expect((await received(id)).mail?.status).toBe('sent'), {
        timeout: 20_000,
      });
      await server.kill();

      server = await start(env);
      await vi.waitFor(async () => expect((await received(id)).sms?.status).toBe('sent'), {
        timeout: 20_000,
      });
      expect((await received(id)).sms).toMatchObject({ status: 'sent', attempts: 2 });
      const copies = taken.filter((m) => m.params.mobileno === `91${club.mobile}`);
      expect(copies).toHaveLength(2);
      expect(copies[1]?.params).toEqual(copies[0]?.params);
    } finally {
      await gateway?.close();
    }
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
