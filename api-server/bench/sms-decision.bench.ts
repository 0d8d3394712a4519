// `pnpm --filter @puja/api-server bench:sms`: does an SMS make a staff decision wait (issue 23)?
// A benchmark, not a test: it prints figures and never fails on them. On the embedded server
// with BENCH_APPLICATIONS applications whose clubs have accounts, rejecting each
// acknowledgement (a decision that owes the club a mail and an SMS) is measured at
// BENCH_CONNECTIONS connections, twice: with SMS to a gateway that takes BENCH_GATEWAY_MS to
// answer each message, and without SMS (the clubs' phones are landlines: only the mails). The
// SMS leave after commit (src/messages/outbox.ts), so the two p99s should match.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedBenchApplications } from '../testing/bench-seed';
import { startServerProcess } from '../testing/server-process';
import { smsGatewayEnv } from '../test/fake-sms-gateway';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const GATEWAY_MS = Number(process.env.BENCH_GATEWAY_MS ?? 200);
const STAFF = { email: 'admin@example.org', password: 'Puja@2025' };

/** A gateway that answers every message after GATEWAY_MS; counts what it took. */
async function slowGateway() {
  let taken = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      taken += 1;
      setTimeout(() => response.end('OK'), GATEWAY_MS);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/send`,
    taken: () => taken,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Gives every bench club an account with an e-mail and a phone (an SQL expression of `c`). */
async function addClubAccounts(dataDir: string, phoneSql: string) {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await database.db.execute(sql`
      INSERT INTO users (name, email, phone, role, password_hash, club_id)
      SELECT c.clubname, 'bench-club-' || c.id || '@example.org', ${sql.raw(phoneSql)}, 'club',
        'not-a-login', c.id
      FROM clubs c WHERE c.clubname LIKE 'Bench Sarbojanin%'`);
  } finally {
    await database.close();
  }
}

async function measure(label: string, env: Record<string, string>, phoneSql: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-bench-sms-'));
  const limits = { LOGIN_RATE_LIMIT: '1000000', RATE_LIMIT: '1000000', MAIL_POLL_MS: '200' };
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...limits });
    await (await buildApp(config)).close();
    await seedBenchApplications(config, APPLICATIONS);
    await addClubAccounts(dataDir, phoneSql);
    const server = await startServerProcess({
      dataDir,
      env: { ...limits, ...env, FILE_URL_SECRET: config.fileUrlSecret },
    });
    try {
      const base = server.baseUrl;
      const login = await fetch(`${base}/admin-login.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STAFF),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const auth = { authorization: `Bearer ${token}` };
      const list = (await (
        await fetch(`${base}/apply-for-noc-list.php`, { headers: auth })
      ).json()) as { data: { id: number }[] };
      const ids = list.data.map((row) => row.id);
      let next = 0;
      const run = (duration: number) =>
        autocannon({
          url: `${base}/image-status-update.php`,
          method: 'POST',
          connections: CONNECTIONS,
          duration,
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  id: ids[next++ % ids.length],
                  acknowledgement_status: 2,
                  acknowledgement_reason: 'The signature is missing',
                }),
              }),
            },
          ],
        });
      await run(WARMUP_S);
      const result = await run(DURATION_S);
      return {
        setup: label,
        requests: result.requests.total,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
        'non-2xx': result.non2xx,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Hands the two decision figures to `pnpm bench` (.ci/bench-report.mjs). */
async function handOver(
  withSms: { 'req/s': number; 'p99 ms': number } | undefined,
  without: { 'req/s': number; 'p99 ms': number } | undefined,
): Promise<void> {
  if (!withSms || !without) return;
  const script = '../../.ci/bench-report.mjs';
  const { reportFigures } = (await import(script)) as {
    reportFigures(figures: Record<string, unknown>[]): void;
  };
  reportFigures([
    {
      area: 'API',
      figure: `PGlite: POST image-status-update owing an SMS, with SMS vs without (${CONNECTIONS} connections)`,
      value:
        `p99 ${withSms['p99 ms']} vs ${without['p99 ms']} ms, ` +
        `${withSms['req/s']} vs ${without['req/s']} req/s`,
    },
  ]);
}

const gateway = await slowGateway();
try {
  const rows = [];
  rows.push(
    await measure(
      `SMS to a gateway answering in ${GATEWAY_MS} ms`,
      smsGatewayEnv(gateway.url),
      "'98300' || lpad(c.id::text, 5, '0')",
    ),
  );
  rows.push(await measure('no SMS (landlines: mails only)', {}, "'033 2345 6789'"));
  console.table(rows);
  console.log(`SMS the gateway took during the first run: ${gateway.taken()}`);
  await handOver(rows[0], rows[1]);
} finally {
  await gateway.close();
}
