// A throwaway PostgreSQL cluster for the test suite: Debian's `postgresql` package (installed
// with apt when missing and we are root), initdb in a temp dir, started on a free port with its
// socket inside that dir, so nothing of the system's own configuration is touched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, freePort, isRoot, log } from '../../.ci/machine.mjs';

const PG_ROOT = '/usr/lib/postgresql';

/** The bin dir of the newest installed PostgreSQL server, or null. */
function findServerBin() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(join(PG_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

const isDebian = () => existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');

/**
 * Starts a throwaway cluster, or explains why it cannot.
 * @returns {Promise<{ url: string, stop: () => void } | { skipped: string }>}
 */
export async function startThrowawayPostgres() {
  let bin = findServerBin();
  if (!bin) {
    if (!isRoot() || !isDebian()) {
      return { skipped: 'no PostgreSQL server found, and installing one needs root on Debian' };
    }
    aptInstall(['postgresql'], 'postgresql package');
    bin = findServerBin();
    if (!bin) throw new Error('postgresql installed but no pg_ctl found under ' + PG_ROOT);
  }

  const dir = mkdtempSync(join(tmpdir(), 'puja-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres system user when we are root.
  const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const run = (command, args) => {
    const [file, ...rest] = [...asUser, command, ...args];
    execFileSync(file, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };

  const started = Date.now();
  run(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  run(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  log(
    `throwaway PostgreSQL (${bin.split('/').at(-2)}) on port ${port} in ${Date.now() - started} ms`,
  );

  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function idOf(flag, user) {
  return Number(execFileSync('id', [flag, user]).toString().trim());
}
const uidOf = (user) => idOf('-u', user);
const gidOf = (user) => idOf('-g', user);
