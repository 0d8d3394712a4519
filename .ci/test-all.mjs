// Runs every package's test script in turn (pnpm -r, one at a time), passing their output
// through, and closes with one line adding up what the Vitest and Playwright runs reported:
// "Tests: N passed, N failed". Exits with the test scripts' status.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const child = spawn('pnpm', ['-r', '--workspace-concurrency=1', 'run', 'test'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});

const totals = { passed: 0, failed: 0, skipped: 0 };
let pending = '';

const started = Date.now();
const elapsed = () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

function count(line) {
  const plain = stripVTControlCharacters(line);
  // Vitest's first line names its package ("RUN  v4.1.12 /path/api-server"): when each began.
  const run = /^\s*RUN\s+v[\d.]+\s+(\S+)/.exec(plain);
  if (run) console.log(`› ${elapsed()} into the tests: ${run[1]}`);
  if (/^Running \d+ tests? using/.test(plain)) console.log(`› ${elapsed()} into the tests: e2e`);
  // Vitest's summary line, e.g. "      Tests  3 failed | 208 passed | 1 skipped (212)".
  if (/^\s*Tests\s{2}/.test(plain)) {
    for (const key of Object.keys(totals)) {
      const match = new RegExp(`(\\d+) ${key}`).exec(plain);
      if (match) totals[key] += Number(match[1]);
    }
    return;
  }
  // Playwright's closing lines, one figure each: "  12 passed (41.2s)", "  1 failed", "  1 flaky".
  const playwright = /^\s{2}(\d+) (passed|failed|skipped|flaky)(?: \([^)]*\))?\s*$/.exec(plain);
  if (playwright) {
    const [, n, key] = playwright;
    // A flaky test passed on a retry: it counts as passed.
    totals[key === 'flaky' ? 'passed' : key] += Number(n);
  }
}

child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const lines = (pending + chunk.toString()).split('\n');
  pending = lines.pop() ?? '';
  lines.forEach(count);
});

child.on('close', (code) => {
  count(pending);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed${skipped} (${elapsed()})`);
  process.exit(code ?? 1);
});
