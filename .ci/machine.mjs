// What the scripts that set this machine up share: a free local port, and Debian packages
// installed with apt when they are missing and we are root (the throwaway PostgreSQL, the
// deployment drill's nginx, the journeys' Chromium).
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** @param {string} message */
export function log(message) {
  console.log(`› ${message}`);
}

/** Whether this process runs as root (only root may install packages). */
export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * A TCP port free on 127.0.0.1 at the time of asking.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Installs Debian packages with apt-get (no recommends, no questions), updating the package
 * lists when the first try fails; throws when the second fails too.
 * @param {string[]} packages
 * @param {string} what how the log line names them
 */
export function aptInstall(packages, what) {
  log(`installing Debian's ${what} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (install()) return;
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  if (!install()) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}
