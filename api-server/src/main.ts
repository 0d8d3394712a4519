import { buildApp } from './app';
import { loadConfig } from './config';
import { OWNER_ONLY_UMASK } from './http/owner-only';

// Before anything opens a file: whatever the server writes is its user's alone.
process.umask(OWNER_ONLY_UMASK);

const startedAt = performance.now();
const config = loadConfig(process.env);
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// Deadline day: a thousand phones may connect within a second. Node's default queue of 511
// connections not yet accepted drops the rest while the event loop is busy, and a dropped phone
// waits its own connect timeout; the kernel caps this at net.core.somaxconn (4096 on Debian).
await app.listen({ port: config.port, host: config.host, backlog: 4096 });
app.log.info(
  {
    database: config.databaseUrl
      ? 'postgresql (DATABASE_URL)'
      : `pglite (${config.dataDir}/pgdata)`,
    startMs: Math.round(performance.now() - startedAt),
  },
  'Puja NOC api-server ready',
);

const seeded = app.seedReport;
if (seeded) {
  app.log.warn(
    { staff: seeded.staff, clubAccounts: seeded.clubAccounts },
    `First start: seeded DEMO data (${seeded.applications} applications). Demo accounts: ` +
      `${[...seeded.staff, ...seeded.clubAccounts].join(', ')}; password ${seeded.password}`,
  );
}

// Loud at every start while demo accounts keep the published demo password.
const demoAccounts = await app.accountsWithDemoPassword();
if (demoAccounts.length > 0) {
  app.log.warn(
    { accounts: demoAccounts },
    '!!! DEMO ACCOUNTS STILL USE THE PUBLISHED DEMO PASSWORD: change these passwords or start ' +
      'with a fresh DATA_DIR / a real DATABASE_URL before real use !!!',
  );
}
