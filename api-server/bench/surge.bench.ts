// `pnpm bench:surge [--clubs N] [--idle-seconds S]`: deadline day (issue 26). N clubs (default
// 256; 1,024 for the breaking point) start at once, each through the whole journey: log in,
// upload five documents by tus, submit, upload the acknowledgement by tus and send it (about
// 2 MB a club). A benchmark, not a test: it prints figures and never fails on them.
//
// Accounts are seeded cheaply (straight into the database, one argon2 hash shared by all) before
// the server starts as its own process (src/main.ts, as in production) on the embedded PGlite,
// or on PostgreSQL when DATABASE_URL is set (an empty database: the bench adds its clubs). The
// clients behave like the club portal: a 503 is sent again after its Retry-After, a call that
// got no answer (cut, timed out) is sent again with the same upload ids.
//
// Reports: applications per minute, submit p50/p99, answers lost (calls that got no answer),
// applications saved but never confirmed to their club, refusals and errors by kind, the
// server's peak RSS during the burst and its RSS after S seconds of quiet (default 60), and, as
// the floor, the same bytes (six bodies a club, as many clubs at once) through a bare Node
// HTTP server that streams each body to a file on the same machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { APPLICATION_FILE_FIELDS } from '@puja/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/accounts/auth';
import { openDatabase } from '../src/db/client';
import { DEMO_PDF, DEMO_PNG } from '../src/ops/seed/demo-files';
import { freePort, startServerProcess } from '../testing/server-process';

const { values: args } = parseArgs({
  options: {
    clubs: { type: 'string', default: process.env.BENCH_SURGE_CLUBS ?? '256' },
    'idle-seconds': { type: 'string', default: '60' },
  },
});
const CLUBS = Number(args.clubs);
const IDLE_SECONDS = Number(args['idle-seconds']);
const PASSWORD = 'Surge#2025';
const MB = 1024 * 1024;
/** A call without an answer after this long counts as lost (a phone gives up). */
const CALL_TIMEOUT_MS = 120_000;
/** Tries of one call (503s and lost answers) before the club gives up. */
const MAX_TRIES = 10;

/** A document of `size` bytes: a real header, then padding (a PDF comment, bytes after a PNG). */
function document(kind: 'pdf' | 'png', size: number): Buffer {
  const head = kind === 'pdf' ? DEMO_PDF : DEMO_PNG;
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, size - head.length), kind === 'pdf' ? '%' : 0),
  ]);
}
const FILES: Record<string, Buffer> = {
  chairman_application_certificate: document('pdf', 400_000),
  certificate_image: document('png', 300_000),
  load_agreement_image: document('pdf', 400_000),
  puja_committee: document('pdf', 400_000),
  puja_budget: document('png', 300_000),
};
const ACK = document('pdf', 250_000);
const BYTES_PER_CLUB = Object.values(FILES).reduce((sum, file) => sum + file.length, ACK.length);

const errors = new Map<string, number>();
const count = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
let lostAnswers = 0;
let shed = 0;

/** One call as the club portal makes it: sent again after a 503 or a lost answer. */
async function call(name: string, url: string, init: RequestInit): Promise<Response | null> {
  for (let tries = 1; tries <= MAX_TRIES; tries += 1) {
    let answer: Response;
    try {
      answer = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      lostAnswers += 1;
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      count(`${name}: no answer (${cause})`);
      continue;
    }
    if (answer.status === 503) {
      shed += 1;
      await answer.arrayBuffer();
      const wait = Number(answer.headers.get('retry-after') ?? 5);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    return answer;
  }
  count(`${name}: gave up after ${MAX_TRIES} tries`);
  return null;
}

/** A finished tus upload of `bytes`: its id, or null. */
async function upload(base: string, token: string, bytes: Buffer): Promise<string | null> {
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const created = await call('tus create', `${base}/uploads/`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes.length) },
  });
  if (created?.status !== 201) {
    if (created) count(`tus create: ${created.status}`);
    return null;
  }
  const location = new URL(created.headers.get('location') ?? '', `${base}/uploads/`).toString();
  await created.arrayBuffer();
  const sent = await call('tus patch', location, {
    method: 'PATCH',
    headers: {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  if (sent?.status !== 204) {
    if (sent) count(`tus patch: ${sent.status} ${await sent.text()}`);
    return null;
  }
  return location.split('/').pop() ?? null;
}

/** A JSON call's status and body, or null when it never got an answer. */
async function post(name: string, url: string, token: string, body: unknown) {
  const answer = await call(name, url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!answer) return null;
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const submitMs: number[] = [];
let confirmed = 0;

/** One club's whole journey; true when every step was answered with success. */
async function journey(base: string, club: number): Promise<boolean> {
  const login = await post('login', `${base}/club-login.php`, '', {
    email: `surge${club}@bench.example`,
    password: PASSWORD,
  });
  const token = (login?.body.data as { token?: string } | undefined)?.token;
  if (!token) {
    if (login) count(`login: ${login.status}`);
    return false;
  }
  const body: Record<string, unknown> = {
    ward_no: 1 + (club % 25),
    puja_location_address: `Para road, house ${club}`,
    land_type: 'own',
    club_president_name: 'Sukumar Roy',
    club_president_phone: '9830000001',
    club_secrety_name: 'Bimal Ghosh',
    club_secrety_phone: '9830000002',
    puja_presient_name: 'Anjali Sen',
    puja_presient_phone: '9830000003',
    puja_secretary_name: 'Tapas Dutta',
    puja_secretary_phone: '9830000004',
  };
  for (const field of APPLICATION_FILE_FIELDS) {
    const id = await upload(base, token, FILES[field] as Buffer);
    if (!id) return false;
    body[`${field}_upload`] = id;
  }
  const started = performance.now();
  const applied = await post('submit', `${base}/apply-for-noc.php`, token, body);
  submitMs.push(performance.now() - started);
  if (applied?.status !== 201) {
    if (applied) count(`submit: ${applied.status} ${String(applied.body.code)}`);
    return false;
  }
  confirmed += 1;
  const id = (applied.body.data as { id: number }).id;
  const ackId = await upload(base, token, ACK);
  if (!ackId) return false;
  const ack = await post('acknowledgement', `${base}/acknowledgement-update.php`, token, {
    id,
    acknowledgement_upload: ackId,
  });
  if (ack?.status !== 200) {
    if (ack) count(`acknowledgement: ${ack.status} ${String(ack.body.code)}`);
    return false;
  }
  return true;
}

/** Resident memory of a process (MB), from /proc. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** N clubs' confirmed accounts, inserted straight (one argon2 hash for all). */
async function seedClubs(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await database.migrate();
    const hash = await hashPassword(PASSWORD);
    await database.db.execute(sql`
      WITH made AS (
        INSERT INTO clubs (clubname, status)
        SELECT 'Surge Sarbojanin ' || g, 'A' FROM generate_series(1, ${CLUBS}) AS g
        RETURNING id, clubname)
      INSERT INTO users (name, email, phone, role, password_hash, club_id, address, ward_no)
      SELECT clubname, 'surge' || substr(clubname, 18) || '@bench.example', '9830000000', 'club',
        ${hash}, id, '1 Station Road', 3
      FROM made`);
  } finally {
    await database.close();
  }
}

/** One body to the bare writer, on its own connection. */
function put(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: 'PUT', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** The floor: the same bodies, as many clubs at once, through a bare Node HTTP file writer. */
async function bareWriter(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'puja-surge-floor-'));
  const port = await freePort();
  const script = `
    const { createServer } = require('node:http');
    const { createWriteStream } = require('node:fs');
    let n = 0;
    createServer((req, res) => {
      const out = createWriteStream(${JSON.stringify(dir)} + '/' + (n += 1));
      req.pipe(out).on('finish', () => res.end('{}'));
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const bodies = [...Object.values(FILES), ACK];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLUBS }, async () => {
      for (const bytes of bodies) await put(port, bytes);
    }),
  );
  const minutes = (performance.now() - started) / 60_000;
  child.kill();
  rmSync(dir, { recursive: true, force: true });
  return CLUBS / minutes;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-surge-'));
  console.log(
    `› ${CLUBS} clubs at once, ${(BYTES_PER_CLUB / MB).toFixed(1)} MB each, on ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`,
  );
  await seedClubs(dataDir, databaseUrl);
  const server = await startServerProcess({
    dataDir,
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'false',
      // Every club comes from 127.0.0.1 here; in the field each phone has its own address.
      CONNECTIONS_PER_ADDRESS: '100000',
      RATE_LIMIT: '10000000',
      LOGIN_RATE_LIMIT: '10000000',
      UPLOADS_PER_ADDRESS: '100000',
    },
  });
  let peak = rssOf(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 200);
  const started = performance.now();
  let done = 0;
  try {
    const outcomes = await Promise.all(
      Array.from({ length: CLUBS }, (_, i) => journey(server.baseUrl, i + 1)),
    );
    done = outcomes.filter(Boolean).length;
  } finally {
    clearInterval(sampler);
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`› burst done; ${IDLE_SECONDS} s of quiet before the idle RSS`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = rssOf(server.pid);
  const warnings = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":40'));
  await server.stop();
  const saved = await countApplications(dataDir, databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('› the floor: the same bytes through a bare Node file writer');
  const floor = await bareWriter();

  const perMinute = confirmed / minutes;
  const rows: [string, string][] = [
    ['clubs through the whole journey', `${done} of ${CLUBS}`],
    ['applications per minute', perMinute.toFixed(0)],
    [
      'submit p50 / p99',
      `${percentile(submitMs, 50).toFixed(0)} / ${percentile(submitMs, 99).toFixed(0)} ms`,
    ],
    ['answers lost (calls with no answer)', String(lostAnswers)],
    ['applications saved, never confirmed', String(saved - confirmed)],
    ['calls shed (503, sent again)', String(shed)],
    ['peak RSS (burst)', `${peak.toFixed(0)} MB`],
    [`RSS after ${IDLE_SECONDS} s quiet`, `${idle.toFixed(0)} MB`],
    ['bare Node file writer (floor)', `${floor.toFixed(0)} clubs' bytes per minute`],
    ['pipeline / floor', `${((100 * perMinute) / floor).toFixed(1)} %`],
    ['warn lines logged', String(warnings.length)],
  ];
  for (const [kind, n] of errors) rows.push([`error: ${kind}`, String(n)]);
  console.log();
  for (const [figure, value] of rows) console.log(`| ${figure.padEnd(40)} | ${value} |`);
  const causes = new Map<string, number>();
  for (const line of warnings) {
    const record = JSON.parse(line) as { msg?: string; cause?: string };
    const key = `${record.msg ?? ''}${record.cause ? ` (${record.cause})` : ''}`;
    causes.set(key, (causes.get(key) ?? 0) + 1);
  }
  for (const [cause, n] of causes) console.log(`  warn: ${cause} × ${n}`);
  await handOver(rows);
}

/** Applications in the database after the burst (the server stopped: PGlite is free). */
async function countApplications(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const result = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM applications`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** Hands the figures to `pnpm bench` (.ci/bench-report.mjs). */
async function handOver(rows: [string, string][]): Promise<void> {
  const script = '../../.ci/bench-report.mjs';
  const { reportFigures } = (await import(script)) as {
    reportFigures(figures: Record<string, unknown>[]): void;
  };
  reportFigures(
    rows.map(([figure, value]) => ({
      area: `surge (${CLUBS} clubs)`,
      figure,
      value,
      ...(figure.startsWith('answers lost') ? { target: '0', ok: value === '0' } : {}),
    })),
  );
}

await main();
