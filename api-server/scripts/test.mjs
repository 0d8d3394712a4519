// The api-server suite, run twice: on the embedded PGlite (the default) and on a real
// PostgreSQL. The PostgreSQL comes from DATABASE_URL_TEST when given; otherwise a throwaway
// Debian cluster is started (installed with apt when missing, as root on Debian). Elsewhere the
// PostgreSQL run is skipped with a plain message, except with CI=true, where it never skips.
import { spawnSync } from 'node:child_process';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const extraArgs = process.argv.slice(2);

/** Runs the suite; `databaseUrl` null means the embedded PGlite. */
function vitest(label, databaseUrl) {
  console.log(`\n› api-server tests on ${label}`);
  const { TEST_DATABASE_URL: _ignored, ...env } = process.env;
  if (databaseUrl) env.TEST_DATABASE_URL = databaseUrl;
  const result = spawnSync('pnpm', ['exec', 'vitest', 'run', ...extraArgs], {
    stdio: 'inherit',
    env,
  });
  return result.status ?? 1;
}

let failed = vitest('PGlite (embedded PostgreSQL)', null) !== 0;

const given = process.env.DATABASE_URL_TEST;
if (given) {
  failed = vitest('PostgreSQL at DATABASE_URL_TEST', given) !== 0 || failed;
} else {
  const postgres = await startThrowawayPostgres();
  if ('skipped' in postgres) {
    const ci = process.env.CI === 'true' || process.env.CI === '1';
    console.log(
      `\n! PostgreSQL suite skipped: ${postgres.skipped}. Set DATABASE_URL_TEST to run it.`,
    );
    if (ci) {
      console.error('! CI=true: the PostgreSQL suite must not be skipped.');
      failed = true;
    }
  } else {
    try {
      failed = vitest('PostgreSQL (throwaway cluster)', postgres.url) !== 0 || failed;
    } finally {
      postgres.stop();
    }
  }
}

process.exit(failed ? 1 : 0);
