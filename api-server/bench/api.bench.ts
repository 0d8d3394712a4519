// `pnpm bench:api`: throughput and latency of the hot calls under concurrent load, on a server
// seeded with 5,000 applications. A benchmark, not a test: it prints figures and never fails on
// them. The server runs as its own process (`src/main.ts`, as in production), in three setups:
// the embedded PGlite, one instance on PostgreSQL and two instances on one PostgreSQL (the
// client spreads its connections over both, as a load balancer would). PostgreSQL is
// DATABASE_URL when set (it must be empty or hold only bench data), else a throwaway cluster
// (scripts/throwaway-postgres.mjs, fsync off). BENCH_SETUPS=embedded,pg1,pg2 picks setups.
//
// Reference (issue 10): a PHP host (nginx + PHP-FPM + MariaDB) answers the list of 5,000
// applications at 19.5 requests/s, p99 1.29 s, at 16 connections with gzip. Targets, quiet and
// with one write every 200 ms (a review desk in season): list p99 under 250 ms and at least 10x
// the PHP host (195 requests/s); the embedded server's RSS after the benchmark under 512 MB.
//
// Every list request has a 30 s timeout (as wrk --timeout 30s) and is counted whatever its
// time: slow answers are in the percentiles, timed-out ones in their own column.
//
// Two load generators: autocannon for every call (in worker threads), and for the list also a
// lean keep-alive client. autocannon decodes every answer body into a string, which for a
// 0.7 MB gzip answer costs more CPU than the server spends on it (2 cores shared), so on the
// list it is a floor set by the client; the lean client only counts bytes. See
// docs/decisions/0003-benchmark-clients.md (repository root).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { hashPassword } from '../src/accounts/auth';
import { users } from '../src/db/schema';
import pg from 'pg';
import { seedBenchApplications, seedBenchNextSeason } from '../testing/bench-seed';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5000);
/**
 * Seasons of APPLICATIONS applications each (issue 20): with 2, a one-instance setup first
 * measures the list of a single season, then adds the next season and measures everything else
 * on the current season of two; the current season's list must stay within 10% of one season's.
 */
const SEASONS = Number(process.env.BENCH_SEASONS ?? 2);
/** How much slower the current season's list of two seasons may be than a single season's. */
const SEASON_TOLERANCE = 0.1;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** autocannon is CPU-bound on large answers: two worker threads (one per core) unless set. */
const AUTOCANNON_WORKERS = Number(process.env.BENCH_AUTOCANNON_WORKERS ?? 2);
/** Each call is warmed up first (JIT, caches) and only the run after it is measured. */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const STAFF = { email: 'admin@example.org', password: 'Puja@2025' };
/** The PHP host's list throughput quoted in issue 10, measured on these machines. */
const PHP_REFERENCE_RPS = 19.5;
/** One write every WRITE_EVERY_MS during the "with writes" runs. */
const WRITE_EVERY_MS = Number(process.env.BENCH_WRITE_EVERY_MS ?? 200);
/** A list request not answered within this is a timeout (wrk --timeout 30s). */
const TIMEOUT_MS = 30_000;
const MB = 1024 * 1024;

interface Row {
  setup: string;
  call: string;
  client: string;
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'non-2xx': number;
  timeouts: number;
  errors: number;
}

/**
 * Fills the database up to APPLICATIONS applications (testing/bench-seed.ts) and, since
 * PostgreSQL never gets demo data, gives it the bench's staff account.
 */
async function seedApplications(config: Config): Promise<number> {
  const total = await seedBenchApplications(config, APPLICATIONS);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.db
      .insert(users)
      .values({
        name: 'Bench Admin',
        email: STAFF.email,
        phone: '9830000000',
        role: 'admin',
        deptment: 'admin',
        passwordHash: await hashPassword(STAFF.password),
      })
      .onConflictDoNothing();
  } finally {
    await database.close();
  }
  return total;
}

async function staffToken(base: string): Promise<string> {
  const answer = await fetch(`${base}/admin-login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  const body = (await answer.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`staff login failed: ${answer.status}`);
  return body.data.token;
}

/** One GET, reporting the bytes as sent (fetch would decompress them); status 0 on timeout. */
function rawGet(
  url: string,
  headers: Record<string, string>,
  agent?: Agent,
): Promise<{ status: number; bytes: number; encoding: string; etag: string; timedOut: boolean }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          etag: String(res.headers.etag ?? ''),
          timedOut: false,
        }),
      );
    });
    req.setTimeout(TIMEOUT_MS, () => {
      req.destroy();
      done({ status: 0, bytes: 0, encoding: '', etag: '', timedOut: true });
    });
    req.on('error', (error) => {
      if (!req.destroyed || !String(error).includes('socket hang up')) fail(error);
    });
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    'p50 ms': Math.round(percentile(sorted, 50)),
    'p99 ms': Math.round(percentile(sorted, 99)),
    'max ms': Math.round(sorted.at(-1) ?? 0),
  };
}

/** While `running`, one write every WRITE_EVERY_MS, its latency recorded. */
function startWriter(write: () => Promise<number>) {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await write().catch(() => 0);
      latencies.push(performance.now() - started);
      if (status !== 200) failed++;
      const wait = WRITE_EVERY_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { latencies, failed };
    },
  };
}

/**
 * A lean load generator: CONNECTIONS keep-alive loops of GETs that only count bytes, spread
 * over the given instances; every request is counted, a timed-out one in `timeouts`.
 */
async function leanLoad(
  setup: string,
  call: string,
  urls: string[],
  headers: Record<string, string>,
  writer?: () => Promise<number>,
): Promise<Row[]> {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let failed = 0;
    let timeouts = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        const url = urls[i % urls.length] as string;
        const agent = agents[i % urls.length];
        while (performance.now() < until) {
          const started = performance.now();
          const { status, timedOut } = await rawGet(url, headers, agent);
          latencies.push(performance.now() - started);
          if (timedOut) timeouts++;
          else if (status < 200 || status >= 300) failed++;
        }
      }),
    );
    return { latencies, failed, timeouts };
  };
  const writes = writer ? startWriter(writer) : null;
  await run(WARMUP_S);
  const started = performance.now();
  const { latencies, failed, timeouts } = await run(DURATION_S);
  const seconds = (performance.now() - started) / 1000;
  const written = await writes?.stop();
  for (const agent of agents) agent.destroy();
  const rows: Row[] = [
    {
      setup,
      call,
      client: 'lean',
      requests: latencies.length,
      'req/s': Math.round(latencies.length / seconds),
      ...summary(latencies),
      'non-2xx': failed,
      timeouts,
      errors: 0,
    },
  ];
  if (written) {
    rows.push({
      setup,
      call: `  its writes (1 per ${WRITE_EVERY_MS} ms)`,
      client: 'fetch',
      requests: written.latencies.length,
      'req/s': Math.round((written.latencies.length / (seconds + WARMUP_S)) * 10) / 10,
      ...summary(written.latencies),
      'non-2xx': written.failed,
      timeouts: 0,
      errors: 0,
    });
  }
  return rows;
}

/**
 * autocannon over CONNECTIONS connections, in AUTOCANNON_WORKERS worker threads unless the call
 * builds each request in a function (functions cannot cross into workers).
 */
async function autocannonLoad(
  setup: string,
  call: string,
  options: autocannon.Options,
): Promise<Row> {
  const workers = options.requests ? {} : { workers: AUTOCANNON_WORKERS };
  const run = (duration: number) =>
    autocannon({
      connections: CONNECTIONS,
      duration,
      timeout: TIMEOUT_MS / 1000,
      ...workers,
      ...options,
    });
  if (WARMUP_S > 0) await run(WARMUP_S);
  const result = await run(DURATION_S);
  return {
    setup,
    call,
    client: 'autocannon',
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'non-2xx': result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
  };
}

/** Resident and peak memory of a process, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: (kb('VmRSS') * 1024) / MB, peak: (kb('VmHWM') * 1024) / MB };
}

interface SetupResult {
  rows: Row[];
  notes: string[];
}

/** One setup: seed, start `instances` servers, measure, stop. */
async function runSetup(
  setup: string,
  databaseUrl: string | undefined,
  instances: number,
): Promise<SetupResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-bench-'));
  const limits: Record<string, string> = {
    LOGIN_RATE_LIMIT: '1000000',
    RATE_LIMIT: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig({ ...process.env, ...limits, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const servers: ServerProcess[] = [];
  const notes: string[] = [];
  try {
    // First start migrates (and, embedded, seeds the demo staff); then the bulk rows go in.
    await (await buildApp(config)).close();
    let total = await seedApplications(config);
    const env = { ...limits, FILE_URL_SECRET: config.fileUrlSecret };
    const rows: Row[] = [];
    let earlier: number | null = null;
    if (SEASONS >= 2 && instances === 1) {
      // One season first, on a server of its own (PGlite: one process holds the database).
      const single = await startServerProcess({ dataDir, env });
      try {
        const headers = {
          authorization: `Bearer ${await staffToken(single.baseUrl)}`,
          'accept-encoding': 'gzip',
        };
        const url = `${single.baseUrl}/apply-for-noc-list.php`;
        rows.push(...(await leanLoad(setup, 'GET list (gzip), one season, quiet', [url], headers)));
      } finally {
        await single.stop();
      }
      const year = await seedBenchNextSeason(config);
      earlier = year - 1;
      total *= 2;
      notes.push(`${setup}: seasons ${year - 1} and ${year}, ${APPLICATIONS} applications each`);
    }
    for (let i = 0; i < instances; i++) servers.push(await startServerProcess({ dataDir, env }));
    const bases = servers.map((server) => server.baseUrl);
    const base = bases[0] as string;
    const token = await staffToken(base);
    const auth = { authorization: `Bearer ${token}` };
    const gzipped = { ...auth, 'accept-encoding': 'gzip' };
    const lists = bases.map((b) => `${b}/apply-for-noc-list.php`);
    const list = lists[0] as string;

    const first = await rawGet(list, gzipped);
    const plain = await rawGet(list, auth);
    notes.push(
      `${setup}: ${total} applications; list answer ${(plain.bytes / 1e6).toFixed(2)} MB JSON, ` +
        `${(first.bytes / 1e6).toFixed(2)} MB ${first.encoding}`,
    );

    // The writes: approving the acknowledgement of the next application, round robin over the
    // instances (a real change of one row); every fifth a club status toggle (no list change).
    const listed = (await (await fetch(list, { headers: auth })).json()) as {
      data: { id: number; club_id: number; acknowledgement_status: string }[];
    };
    const waiting = listed.data.filter((row) => row.acknowledgement_status === '0');
    let next = 0;
    const post = (path: string, body: unknown) =>
      fetch(`${bases[next % bases.length]}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      });
    const write = () => {
      const row = waiting[next++ % waiting.length] as (typeof waiting)[number];
      return next % 5 === 0
        ? post('/club-update-status.php', { id: row.club_id, status: 'A' })
        : post('/image-status-update.php', { id: row.id, acknowledgement_status: 1 });
    };

    rows.push(...(await leanLoad(setup, 'GET list (gzip), quiet', lists, gzipped)));
    if (earlier !== null) {
      // The season before, asked for by year: its own cache entry and ETag.
      const before = lists.map((url) => `${url}?year=${earlier}`);
      rows.push(
        ...(await leanLoad(setup, `GET list ?year=${earlier} (gzip), quiet`, before, gzipped)),
      );
    }
    rows.push(...(await leanLoad(setup, 'GET list (gzip), with writes', lists, gzipped, write)));
    if (instances === 1) {
      rows.push(await autocannonLoad(setup, 'GET list (gzip)', { url: list, headers: gzipped }));
      const etag = (await rawGet(list, gzipped)).etag;
      rows.push(
        await autocannonLoad(setup, 'GET list (If-None-Match → 304)', {
          url: list,
          headers: { ...gzipped, 'if-none-match': etag },
        }),
      );
      // A document decision at 16 connections: each request approves the next document of an
      // application in review order (past the ones the write mix touched), so every one is a
      // valid write that changes the list.
      const pool = waiting.slice(100);
      const order = [
        'acknowledgement',
        'chairman_application_certificate',
        'certificate',
        'agreement',
      ];
      let decided = 0;
      rows.push(
        await autocannonLoad(setup, 'POST image-status-update', {
          url: `${base}/image-status-update.php`,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => {
                const k = decided++;
                const row = pool[k % pool.length] as (typeof pool)[number];
                const doc = order[Math.floor(k / pool.length) % order.length];
                return { ...request, body: JSON.stringify({ id: row.id, [`${doc}_status`]: 1 }) };
              },
            },
          ],
        }),
      );
      if (!databaseUrl) {
        rows.push(
          await autocannonLoad(setup, 'POST admin-login (argon2id)', {
            url: `${base}/admin-login.php`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(STAFF),
          }),
        );
      }
    }
    if (!databaseUrl) {
      const server = servers[0] as ServerProcess;
      const { rss, peak } = memoryOf(server.pid);
      notes.push(
        `${setup}: server RSS after the benchmark ${rss.toFixed(0)} MB (peak ${peak.toFixed(0)} MB; ` +
          'target < 512 MB)',
      );
    }
    return { rows, notes };
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Postgres {
  url: string;
  stop(): void;
}

async function postgres(): Promise<Postgres | null> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop() {} };
  const script = '../scripts/throwaway-postgres.mjs';
  const { startThrowawayPostgres } = (await import(script)) as {
    startThrowawayPostgres(): Promise<Postgres | { skipped: string }>;
  };
  const started = await startThrowawayPostgres();
  if ('skipped' in started) {
    console.log(`! PostgreSQL setups skipped: ${started.skipped}`);
    return null;
  }
  return started;
}

/** A fresh database for one setup on the cluster (the bench seeds and changes its rows). */
async function freshDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Per one-instance setup with two seasons: the current season's list (quiet) against the list of
 * a single season measured before the second was added; within SEASON_TOLERANCE in throughput
 * and p99 (issue 20).
 */
function seasonComparisons(rows: Row[]) {
  return rows
    .filter((row) => row.client === 'lean' && row.call.includes('one season'))
    .flatMap((single) => {
      const current = rows.find(
        (row) =>
          row.setup === single.setup &&
          row.client === 'lean' &&
          row.call === 'GET list (gzip), quiet',
      );
      if (!current) return [];
      const rps = current['req/s'] / single['req/s'];
      const p99 = current['p99 ms'] / single['p99 ms'];
      const ok = rps >= 1 - SEASON_TOLERANCE && p99 <= 1 + SEASON_TOLERANCE;
      const value =
        `${current['req/s']} vs ${single['req/s']} req/s (${(rps * 100).toFixed(0)}%), ` +
        `p99 ${current['p99 ms']} vs ${single['p99 ms']} ms`;
      return [
        {
          setup: single.setup,
          value,
          ok,
          text:
            `${single.setup}: current season's list with two seasons ${value} ` +
            `(target within ${SEASON_TOLERANCE * 100}%: ${ok ? 'met' : 'NOT met'})`,
        },
      ];
    });
}

/** Hands the list rows and the memory figure to `pnpm bench` (.ci/bench-report.mjs). */
async function handOver(rows: Row[], notes: string[]): Promise<void> {
  const script = '../../.ci/bench-report.mjs';
  const { reportFigures } = (await import(script)) as {
    reportFigures(figures: Record<string, unknown>[]): void;
  };
  const target = `≥ ${10 * PHP_REFERENCE_RPS} req/s, p99 < 250 ms`;
  reportFigures([
    ...rows
      .filter((row) => row.client === 'lean')
      .map((row) => ({
        area: 'API',
        figure: `${row.setup}: ${row.call}`,
        value: `${row['req/s']} req/s, p99 ${row['p99 ms']} ms, ${row.timeouts} timeouts`,
        target,
        ok: row['p99 ms'] < 250 && row['req/s'] >= 10 * PHP_REFERENCE_RPS,
      })),
    ...seasonComparisons(rows).map((comparison) => ({
      area: 'API',
      figure: `${comparison.setup}: current season's list, two seasons vs one`,
      value: comparison.value,
      target: `within ${SEASON_TOLERANCE * 100}%`,
      ok: comparison.ok,
    })),
    // The other calls at 16 connections (304, login, a document decision): no target, the figures.
    ...rows
      .filter((row) => row.client === 'autocannon')
      .map((row) => ({
        area: 'API',
        figure: `${row.setup}: ${row.call} (16 connections)`,
        value: `${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, ${row['non-2xx']} non-2xx`,
      })),
    ...notes
      .filter((note) => note.includes('RSS'))
      .map((note) => {
        const rss = Number(/RSS after the benchmark (\d+) MB/.exec(note)?.[1] ?? 0);
        return {
          area: 'API',
          figure: 'PGlite server RSS after the benchmark',
          value: `${rss} MB`,
          target: '< 512 MB',
          ok: rss < 512,
        };
      }),
  ]);
}

async function main(): Promise<void> {
  const setups = (process.env.BENCH_SETUPS ?? 'embedded,pg1,pg2').split(',').map((s) => s.trim());
  console.log(
    `› ${APPLICATIONS} applications; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ` +
      `${DURATION_S} s measured per run; writes: one every ${WRITE_EVERY_MS} ms; timeout ${TIMEOUT_MS / 1000} s`,
  );
  const rows: Row[] = [];
  const notes: string[] = [];
  const collect = (result: SetupResult) => {
    rows.push(...result.rows);
    notes.push(...result.notes);
  };
  if (setups.includes('embedded')) collect(await runSetup('PGlite', undefined, 1));
  const wantsPostgres = setups.includes('pg1') || setups.includes('pg2');
  const cluster = wantsPostgres ? await postgres() : null;
  try {
    if (cluster && setups.includes('pg1')) {
      collect(await runSetup('PG x1', await freshDatabase(cluster.url, 'puja_bench_1'), 1));
    }
    if (cluster && setups.includes('pg2')) {
      collect(await runSetup('PG x2', await freshDatabase(cluster.url, 'puja_bench_2'), 2));
    }
  } finally {
    cluster?.stop();
  }

  console.table(rows);
  for (const note of notes) console.log(`› ${note}`);
  for (const row of rows.filter((r) => r.client === 'lean' && r.call.startsWith('GET list'))) {
    const met = row['p99 ms'] < 250 && row['req/s'] >= 10 * PHP_REFERENCE_RPS;
    console.log(
      `› ${row.setup}, ${row.call.replace('GET list (gzip), ', '')}: ${row['req/s']} req/s = ` +
        `${(row['req/s'] / PHP_REFERENCE_RPS).toFixed(1)}x the PHP host (${PHP_REFERENCE_RPS} req/s), ` +
        `p99 ${row['p99 ms']} ms, ${row.timeouts} timeouts (target >= 10x, p99 < 250 ms: ` +
        `${met ? 'met' : 'NOT met'})`,
    );
  }
  for (const comparison of seasonComparisons(rows)) console.log(`› ${comparison.text}`);
  await handOver(rows, notes);
  console.log(
    '› non-2xx of the 304 run are the 304s. Writes approve one acknowledgement each (the ' +
      "list's row changes); every fifth toggles a club's status (nothing in the list changes).",
  );
}

await main();
