// `pnpm bench`: every speed and size figure of the product in one run and one table (not part of
// the tests). Builds both apps, then runs each measuring script with BENCH_OUT set, so each hands
// its figures over (.ci/bench-report.mjs) besides printing its own details:
//   - the apps' initial gzipped JavaScript against their budgets (size scripts);
//   - Lighthouse mobile scores of the club login and dashboard;
//   - the API on a seeded 5,000-application database: list (full and 304), login and a status
//     update at 16 connections, the list while a writer changes an application every 200 ms,
//     server memory after the run (api-server bench:api);
//   - a staff decision that owes the club an SMS, with a slow SMS gateway and without SMS: its
//     p99 must not grow, the SMS leaving after commit (api-server bench:sms);
//   - deadline day: 256 clubs at once through the whole journey (log in, five documents by tus,
//     submit, acknowledgement): applications a minute, submit p50/p99, answers lost, peak and
//     idle RSS, against a bare Node file writer (api-server bench:surge);
//   - the staff console on 5,000 applications in Chromium: filter latency, opening a detail,
//     exporting 5,000 rows (staff-console scale);
//   - the club's application on a slow phone (1.6 Mbps / 750 kbps / 150 ms, CPU 4× slower) with
//     four camera photos and a PDF, on the multipart call and on tus uploads: bytes sent, last
//     file chosen to uploaded, Submit to success, photo compression; and issue 31's two cases:
//     three 3–4 MB page photos ("Add a page": bytes sent, last page taken to uploaded) and a
//     2.9 MB three-page scan made smaller (bytes sent, page 1's legibility) (club-portal
//     bench:uploads).
// A step that fails is reported in the table and makes the run exit non-zero; the others still run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'puja-bench-'));
const out = join(work, 'figures.jsonl');

/** @type {Array<{ name: string, pkg: string, script: string }>} */
const STEPS = [
  { name: 'club-portal size', pkg: '@puja/club-portal', script: 'size' },
  { name: 'staff-console size', pkg: '@puja/staff-console', script: 'size' },
  { name: 'club-portal Lighthouse', pkg: '@puja/club-portal', script: 'lighthouse' },
  { name: 'API load', pkg: '@puja/api-server', script: 'bench:api' },
  { name: 'staff decisions with SMS', pkg: '@puja/api-server', script: 'bench:sms' },
  { name: 'deadline-day surge', pkg: '@puja/api-server', script: 'bench:surge' },
  { name: 'staff-console scale', pkg: '@puja/staff-console', script: 'scale' },
  { name: 'club uploads on a slow phone', pkg: '@puja/club-portal', script: 'bench:uploads' },
];

/** @param {string} pkg @param {string} script */
function hasScript(pkg, script) {
  const dir = pkg.replace('@puja/', '');
  const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
  return typeof manifest.scripts?.[script] === 'string';
}

/** @type {string[]} */
const failures = [];
const started = Date.now();

console.log('› building both apps');
const build = spawnSync('pnpm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) failures.push('build');

for (const step of STEPS) {
  if (!hasScript(step.pkg, step.script)) {
    failures.push(`${step.name}: no "${step.script}" script in ${step.pkg}`);
    continue;
  }
  console.log(`\n› ${step.name} (pnpm --filter ${step.pkg} run ${step.script})`);
  const t0 = Date.now();
  const run = spawnSync('pnpm', ['--filter', step.pkg, 'run', '-s', step.script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_OUT: out },
  });
  console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  if (run.status !== 0) failures.push(`${step.name} exited ${run.status ?? 'on a signal'}`);
}

/** @type {Array<{ area: string, figure: string, value: string, target?: string, ok?: boolean }>} */
const figures = existsSync(out)
  ? readFileSync(out, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
  : [];
rmSync(work, { recursive: true, force: true });

const header = ['area', 'figure', 'value', 'target', ''];
const rows = figures.map((f) => [
  f.area,
  f.figure,
  f.value,
  f.target ?? '',
  f.ok === undefined ? '' : f.ok ? '✓' : '✗',
]);
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => row[i].length)),
);
const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(
  `\n## pnpm bench (${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 60000).toFixed(1)} min)\n`,
);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
const missed = figures.filter((f) => f.ok === false).map((f) => `${f.area}: ${f.figure}`);
for (const failure of [...failures, ...missed]) console.log(`✗ ${failure}`);
process.exit(failures.length > 0 || missed.length > 0 ? 1 : 0);
