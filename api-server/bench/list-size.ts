// `pnpm --filter @puja/api-server run bench:list-size`: the size of the staff list answer, as
// JSON and gzip, on the embedded database with BENCH_APPLICATIONS applications (default 5,000,
// every review state, testing/bench-seed.ts). A measurement, not a test: it prints and never
// fails on the figures. Faster than `pnpm bench:api` when only the bytes matter.
import { rmSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { prepareBenchDataDir } from '../testing/bench-seed';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5000);
const STAFF = { email: 'admin@example.org', password: 'Puja@2025' };

const dataDir = await prepareBenchDataDir(APPLICATIONS, Math.floor(APPLICATIONS / 5));
const { DATABASE_URL: _ignored, ...env } = process.env;
const app = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
try {
  const login = await app.inject({ method: 'POST', url: '/admin-login.php', payload: STAFF });
  const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`;
  const list = (headers: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: '/apply-for-noc-list.php',
      headers: { authorization, ...headers },
    });
  const plain = await list({});
  const gzipped = await list({ 'accept-encoding': 'gzip' });
  const rows = (plain.json() as { data: unknown[] }).data.length;
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(
    `list of ${rows} applications: ${kb(plain.rawPayload.length)} JSON, ` +
      `${kb(gzipped.rawPayload.length)} ${String(gzipped.headers['content-encoding'] ?? 'identity')}`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
