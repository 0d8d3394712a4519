// Brings a fresh machine that has only Node 20 and npm to a ready workspace:
// pnpm (installed through npm when missing) and the locked dependencies.
// Used by `npm start` and `npm test`; suites that need more (PostgreSQL, Chromium)
// provision it themselves, in their own package.
import { execSync } from 'node:child_process';

const PNPM_VERSION = '12.21.0';

function run(command) {
  execSync(command, { stdio: 'inherit' });
}

function installedPnpm() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

const found = installedPnpm();
if (!found?.startsWith('12.')) {
  console.log(`› installing pnpm ${PNPM_VERSION} with npm (found: ${found ?? 'none'})`);
  run(`npm install -g pnpm@${PNPM_VERSION}`);
}
console.log('› installing workspace dependencies (pnpm install --frozen-lockfile)');
run('pnpm install --frozen-lockfile --reporter=append-only');
