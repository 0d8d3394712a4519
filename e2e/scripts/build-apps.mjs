// Builds both apps for the journeys, unless each build is newer than everything it is built
// from: `npm test` has just built them (pnpm run build) before the tests, and a second vite
// build would cost CI a quarter of a minute for the same files. Any source, public file or
// config changed since (an edit, a checkout) builds again; `--force` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APPS = ['club-portal', 'staff-console'];
/** What a build reads: each app's own files and the workspace packages it bundles. */
const APP_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
];
const SHARED_INPUTS = ['domain', 'web-kit', 'api-client'].flatMap((name) => [
  join(name, 'src'),
  join(name, 'package.json'),
]);

/** The newest modification time of a file at or below `path` (0 when there is none). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const inputs = Math.max(
  ...[
    ...SHARED_INPUTS,
    ...APPS.flatMap((app) => APP_INPUTS.map((input) => join(app, input))),
    'pnpm-lock.yaml',
  ].map((path) => newest(join(ROOT, path))),
);
const stale = APPS.filter((name) => {
  const built = join(ROOT, name, 'dist', '.vite', 'manifest.json');
  return !existsSync(built) || statSync(built).mtimeMs < inputs;
});

if (process.argv.includes('--force') || stale.length > 0) {
  // The workspace's own build script: the same two apps, built the same way as by npm test.
  const result = spawnSync('pnpm', ['run', '-s', 'build'], { stdio: 'inherit', cwd: ROOT });
  process.exit(result.status ?? 1);
}
console.log('› both apps are built from the current sources: no new build');
