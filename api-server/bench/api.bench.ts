// `pnpm bench:api`: throughput and latency of the hot calls under concurrent load, on a server
// seeded with 5,000 applications. A benchmark, not a test: it prints figures and never fails on
// them. Runs on the embedded PGlite; set DATABASE_URL to measure a real PostgreSQL instead.
//
// Reference (issue 3): a typical PHP host (nginx + PHP-FPM + MariaDB, one joined query and
// json_encode) answers the same list at about 11 requests/s, p99 1.9 s, for 5,000 applications
// at 16 connections with gzip on these machines. Target: 10x that, p99 under 250 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDiskStorage } from '../src/storage';
import { DEMO_PDF } from '../src/seed/demo-files';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Each call is warmed up first (JIT, caches) and only the run after it is measured. */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const STAFF = { email: 'admin@example.org', password: 'Puja@2025' };

interface Row {
  call: string;
  connections: number;
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  non2xx: number;
  errors: number;
}

/**
 * Fills the database up to APPLICATIONS applications, one club each. Each row names its own
 * documents (distinct names, so distinct signed links, as in real data, which is what makes the
 * list big); only the acknowledgement exists on disk, shared, since the list never opens files.
 */
async function seedApplications(config: Config): Promise<number> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const storage = await createDiskStorage(join(config.dataDir, 'files'));
    const file = await storage.put(DEMO_PDF, 'pdf');
    const { db } = database;
    const counted = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM applications`,
    );
    const existing = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const missing = Math.max(0, APPLICATIONS - existing);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO clubs (clubname, status)
        SELECT 'Bench Sarbojanin Durgotsab Committee ' || g, 'A' FROM generate_series(1, ${missing}) AS g`);
      await tx.execute(sql`
        INSERT INTO applications (
          club_id, apply_year, reg_no, puja_location_address, puja_location_ward_no, land_type,
          club_president_name, club_president_phone, club_secrety_name, club_secrety_phone,
          puja_presient_name, puja_presient_phone, puja_secretary_name, puja_secretary_phone,
          chairman_application_certificate, certificate_image, load_agreement_image,
          puja_committee, puja_budget, acknowledgement)
        SELECT c.id, 2025, 100000 + row_number() OVER (ORDER BY c.id),
          'Para road, near the pond, house ' || c.id, 1 + c.id % 25, 'own',
          'Sukumar Roy', '9830000001', 'Bimal Ghosh', '9830000002',
          'Anjali Sen', '9830000003', 'Tapas Dutta', '9830000004',
          md5('a' || c.id) || '.pdf', md5('b' || c.id) || '.png', md5('c' || c.id) || '.pdf',
          md5('d' || c.id) || '.pdf', md5('e' || c.id) || '.png', ${file}
        FROM clubs c
        WHERE c.clubname LIKE 'Bench Sarbojanin%'
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.club_id = c.id)`);
      await tx.execute(sql`UPDATE data_version SET version = version + 1 WHERE id = 1`);
    });
    return existing + missing;
  } finally {
    await database.close();
  }
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

/** A GET that reports the bytes as sent (fetch would decompress them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string; etag: string }> {
  return new Promise((done, fail) => {
    httpGet(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        done({
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          etag: String(res.headers.etag ?? ''),
        }),
      );
    }).on('error', fail);
  });
}

async function load(
  call: string,
  options: autocannon.Options,
  connections = CONNECTIONS,
): Promise<Row> {
  if (WARMUP_S > 0) await autocannon({ connections, duration: WARMUP_S, ...options });
  const result = await autocannon({ connections, duration: DURATION_S, ...options });
  return {
    call,
    connections,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
    RATE_LIMIT: '1000000',
  };
  const config = loadConfig(env);
  let app: FastifyInstance | null = null;
  try {
    // First start migrates and seeds the demo staff; then the bulk rows go in directly.
    await (await buildApp(config)).close();
    const total = await seedApplications(config);
    app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const token = await staffToken(base);
    const auth = { authorization: `Bearer ${token}` };
    console.log(
      `› ${total} applications; ${CONNECTIONS} connections, ${DURATION_S} s per call (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    );

    const list = `${base}/apply-for-noc-list.php`;
    const first = await rawGet(list, { ...auth, 'accept-encoding': 'gzip' });
    const plain = await rawGet(list, auth);
    const etag = first.etag;
    console.log(
      `› list answer: ${(plain.bytes / 1e6).toFixed(2)} MB JSON, ${(first.bytes / 1e6).toFixed(2)} MB on the wire (${first.encoding}), ETag ${etag ? 'yes' : 'no'}`,
    );

    const rows: Row[] = [];
    rows.push(
      await load('GET list (gzip)', { url: list, headers: { ...auth, 'accept-encoding': 'gzip' } }),
    );
    rows.push(
      await load('GET list (If-None-Match → 304)', {
        url: list,
        headers: { ...auth, 'accept-encoding': 'gzip', 'if-none-match': etag },
      }),
    );
    rows.push(
      await load('POST admin-login (argon2id)', {
        url: `${base}/admin-login.php`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STAFF),
      }),
    );

    // Each request approves the acknowledgement of the next application: a real write that
    // also invalidates the cached list.
    const ids = (
      (await (await fetch(list, { headers: auth })).json()) as {
        data: { id: number; acknowledgement_status: string }[];
      }
    ).data
      .filter((row) => row.acknowledgement_status === '0')
      .map((row) => row.id);
    let next = 0;
    rows.push(
      await load('POST image-status-update', {
        url: `${base}/image-status-update.php`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ id: ids[next++ % ids.length], acknowledgement_status: 1 }),
            }),
          },
        ],
      }),
    );
    rows.push(
      await load('GET list after writes (gzip)', {
        url: list,
        headers: { ...auth, 'accept-encoding': 'gzip' },
      }),
    );
    console.table(rows);
    console.log(
      '› note: repeated approvals of one application answer 422 (already decided) once ids run out; non2xx counts them.',
    );
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
