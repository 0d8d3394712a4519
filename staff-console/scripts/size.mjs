// Size budgets of the staff console (run after `vite build`): gzipped JavaScript each route loads,
// from Vite's manifest. Fails when /admin/login's first load passes its budget, when the data grid
// (mantine-react-table) is in a route that shows none, when xlsx is loaded before an export, or when
// the toasts' container (loaded with the first toast) or the dashboard's charts are in a route's
// first load.
import { reportFigures } from '../../.ci/bench-report.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const LOGIN_BUDGET_KB = 200;

/**
 * Each route: the lazily loaded source files it needs beyond the entry (each file route's
 * component is its own chunk, `?tsr-split=component` in the manifest).
 */
const STAFF_LAYOUT = 'src/routes/admin/_staff/route.tsx';
/** A route inside the staff layout: its component's file under src/routes/admin/_staff/. */
const staffRoute = (path, file, grid) => ({
  path,
  lazy: [STAFF_LAYOUT, `src/routes/admin/_staff/${file}`],
  grid,
});
const ROUTES = [
  { path: '/admin/login', lazy: [], grid: false },
  { path: '/unauthorized', lazy: ['src/routes/unauthorized.tsx'], grid: false },
  staffRoute('/admin/dashboard', 'dashboard.tsx', false),
  staffRoute('/admin/noc-applications', 'noc-applications/index.tsx', false),
  staffRoute('/admin/noc-applications/:id', 'noc-applications/$id.tsx', false),
  staffRoute('/admin/manage-clubs', 'manage-clubs.tsx', true),
  staffRoute('/admin/manage-users', 'manage-users.tsx', true),
  staffRoute('/admin/issued-noc', 'issued-noc.tsx', true),
  staffRoute('/admin/store/review', 'store/review.tsx', true),
  staffRoute('/admin/chairman/review', 'chairman/review.tsx', true),
];

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('size: no entry in the Vite manifest; build first');

/** The chunk files a manifest entry loads at once: itself and its static imports, recursively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key] ?? manifest[`${key}?tsr-split=component`];
  if (!chunk) throw new Error(`size: ${key} is not in the build (was it renamed?)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const child of chunk.imports ?? []) closure(child, files);
  return files;
}

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(DIST, file))).length / 1024);
  return gzipCache.get(file);
}
const total = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);

/** Which chunks hold a package's code: the chunk a source file of the package went into. */
function chunksOf(pattern) {
  return new Set(
    Object.entries(manifest)
      .filter(
        ([key, chunk]) =>
          pattern.test(key) || pattern.test(chunk.name ?? '') || pattern.test(chunk.file),
      )
      .map(([, chunk]) => chunk.file),
  );
}
const gridChunks = chunksOf(/data-table|mantine-react-table/);
const xlsxChunks = chunksOf(/(^|\/)xlsx|node_modules\/xlsx/);
const toastChunks = chunksOf(/components\/toasts/);
const chartChunks = chunksOf(/season-charts/);

const initial = closure(entryKey);
const problems = [];
const rows = [];
for (const route of ROUTES) {
  const files = new Set(initial);
  for (const key of route.lazy) closure(key, files);
  const kb = total(files);
  const hasGrid = [...files].some((f) => gridChunks.has(f));
  const hasXlsx = [...files].some((f) => xlsxChunks.has(f));
  rows.push({
    route: route.path,
    'JS gzip (KB)': kb.toFixed(1),
    'data grid': hasGrid ? 'yes' : 'no',
    xlsx: hasXlsx ? 'yes' : 'no',
  });
  if (hasGrid !== route.grid)
    problems.push(
      `${route.path}: the data grid ${hasGrid ? 'is loaded but the route shows none' : 'is missing'}`,
    );
  if (hasXlsx) problems.push(`${route.path}: xlsx is loaded before any export`);
  if ([...files].some((f) => chartChunks.has(f)))
    problems.push(`${route.path}: the dashboard charts (recharts) are in its first load`);
  if ([...files].some((f) => toastChunks.has(f)))
    problems.push(`${route.path}: the toasts' container is loaded before the first toast`);
  if (route.path === '/admin/login' && kb > LOGIN_BUDGET_KB) {
    problems.push(
      `/admin/login: ${kb.toFixed(1)} KB gzipped JavaScript, budget ${LOGIN_BUDGET_KB} KB`,
    );
  }
}
const xlsxKb = total(xlsxChunks);
const chartsKb = total(chartChunks);
console.table(rows);
const login = rows.find((row) => row.route === '/admin/login');
reportFigures([
  {
    area: 'staff-console',
    figure: '/admin/login first load JS (gzip)',
    value: `${login?.['JS gzip (KB)']} KB`,
    target: `≤ ${LOGIN_BUDGET_KB} KB`,
    ok: Number(login?.['JS gzip (KB)']) <= LOGIN_BUDGET_KB,
  },
  {
    area: 'staff-console',
    figure: 'dashboard charts chunk (after the dashboard shows)',
    value: `${chartsKb.toFixed(1)} KB`,
  },
  {
    area: 'staff-console',
    figure: 'xlsx chunk (on Export only)',
    value: `${total(xlsxChunks).toFixed(1)} KB`,
  },
]);
console.log(`xlsx chunk (loaded on Export only): ${xlsxKb.toFixed(1)} KB gzipped`);
console.log(
  `dashboard charts chunk (@mantine/charts + recharts, loaded by the dashboard once it shows): ${chartsKb.toFixed(1)} KB gzipped`,
);
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(`✓ staff-console size budgets hold (/admin/login ≤ ${LOGIN_BUDGET_KB} KB)`);
