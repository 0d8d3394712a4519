// Gzipped JavaScript each route ships on its first load (the entry, the route's own chunk and
// everything they import statically), from the build's manifest. Fails when the first load of
// /login is over its budget (issue 8: 110 KB on a cheap phone over patchy mobile data).
// Run after `vite build`: pnpm --filter @puja/club-portal size
import { reportFigures } from '../../.ci/bench-report.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const BUDGET_KB = 110;
const BUDGET_ROUTE = '/login';

/** Each route and its file route, whose screen the router plugin splits into its own chunk. */
const ROUTES = {
  '/login': 'index.html', // the login ships with the shell
  '/register': 'src/routes/register.tsx',
  '/unauthorized': 'src/routes/unauthorized.tsx',
  '/club/dashboard': 'src/routes/club/dashboard.tsx',
  '/club/apply-noc': 'src/routes/club/apply-noc.tsx',
  '/club/print-acknowledgement': 'src/routes/club/print-acknowledgement.tsx',
  '/club/print-certificate': 'src/routes/club/print-certificate.tsx',
  '/club/change-password': 'src/routes/club/change-password.tsx',
  '/club/account': 'src/routes/club/account.tsx',
  '/privacy': 'src/routes/privacy.tsx',
  '/confirm-email-change': 'src/routes/confirm-email-change.tsx',
  '/verify/$code': 'src/routes/verify/$code.tsx',
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(
    'size: no build manifest in club-portal/dist: run `pnpm --filter @puja/club-portal build` first',
  );
  process.exit(1);
}

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  }
  return gzipped.get(file);
}

/** The JS files a chunk needs at once: itself and its static imports, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure(entryKey);
const kb = (bytes) => (bytes / 1000).toFixed(1);

let failed = false;
const figures = [];
console.log('route                          first load (gzip)   own chunks (gzip)');
/** The manifest's key of a route's screen: the file itself, or its split chunk (`?tsr-split=…`). */
function chunkKey(source) {
  return source in manifest
    ? source
    : Object.keys(manifest).find((key) => key.startsWith(`${source}?tsr-split=`));
}

for (const [route, file] of Object.entries(ROUTES)) {
  const source = chunkKey(file) ?? file;
  if (!manifest[source]) {
    console.error(`size: ${source} is not in the build manifest`);
    failed = true;
    continue;
  }
  const files = staticClosure(source, new Set(entryFiles));
  const total = [...files]
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(f), 0);
  const own = [...files]
    .filter((f) => f.endsWith('.js') && !entryFiles.has(f))
    .reduce((sum, f) => sum + gzipSize(f), 0);
  const over = route === BUDGET_ROUTE && total > BUDGET_KB * 1000;
  failed ||= over;
  if (route === BUDGET_ROUTE) {
    figures.push({
      area: 'club-portal',
      figure: `${route} first load JS (gzip)`,
      value: `${kb(total)} KB`,
      target: `≤ ${BUDGET_KB} KB`,
      ok: !over,
    });
  }
  console.log(
    `${route.padEnd(30)} ${`${kb(total)} KB`.padStart(12)}${over ? ` > ${BUDGET_KB} KB budget` : ''}   ${`${kb(own)} KB`.padStart(12)}`,
  );
}
console.log(`budget: ${BUDGET_ROUTE} first load at most ${BUDGET_KB} KB of gzipped JavaScript`);
reportFigures(figures);
process.exit(failed ? 1 : 0);
