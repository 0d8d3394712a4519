/**
 * `pnpm purge-documents` as an operator runs it (issue 20): the CLI process on the server's data
 * directory, `--dry-run` first, then for real, with DOCUMENT_RETENTION_SEASONS from the
 * environment; a bad setting is refused before anything is touched.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { applicationRow, createHarness, type Harness } from './harness';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let h: Harness;
let id: number;
let files: string[];

beforeAll(async () => {
  h = await createHarness();
  const { admin } = await h.staffTeam();
  const club = await h.club();
  id = (await h.apply(club)).json().data.id;
  await h.uploadAcknowledgement(club, id);
  files = await h.storedFiles();
  const post = (url: string, payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url, payload, headers: h.bearer(admin.token) });
  expect(
    (
      await post('/update-season.php', {
        year: 2025,
        opens_on: '2025-01-01',
        closes_on: '2025-12-31',
      })
    ).statusCode,
  ).toBe(200);
  expect((await post('/add-season.php', { year: 2026, opens_on: '2026-01-01' })).statusCode).toBe(
    201,
  );
  // PGlite allows one process on its data directory: the CLI runs while the app is closed.
  await h.app.close();
});
afterAll(() => h.close());

function purge(args: string[], retention: string) {
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...env } = process.env;
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/ops/cli/purge-documents.ts', ...args],
    {
      cwd: SERVER_DIR,
      encoding: 'utf8',
      env: {
        ...env,
        DATA_DIR: h.config.dataDir,
        DOCUMENT_RETENTION_SEASONS: retention,
        ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

describe('purge-documents CLI', () => {
  it('refuses a retention that is not a whole number of seasons, touching nothing', async () => {
    const refused = purge([], '0');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('DOCUMENT_RETENTION_SEASONS');
    expect(await h.storedFiles()).toEqual(files);
  });

  it('--dry-run lists what would go and removes nothing', async () => {
    const dry = purge(['--dry-run'], '1');
    expect(dry.stderr).toBe('');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('Keeping the documents of 2026 (DOCUMENT_RETENTION_SEASONS=1).');
    expect(dry.stdout).toContain(`application ${id} (2025): ${files.length} file(s)`);
    expect(dry.stdout).toContain(
      `Would remove ${files.length} document file(s) of 1 application(s).`,
    );
    expect(await h.storedFiles()).toEqual(files);
  });

  it('keeps every season while the policy covers them all', async () => {
    const kept = purge([], '3');
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain(
      'Keeping the documents of 2026, 2025 (DOCUMENT_RETENTION_SEASONS=3).',
    );
    expect(kept.stdout).toContain('Removed 0 document file(s) of 0 application(s).');
    expect(await h.storedFiles()).toEqual(files);
  });

  it('removes the older season’s documents, once, and the application says when', async () => {
    const run = purge([], '1');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Removed ${files.length} document file(s) of 1 application(s).`);
    expect(await h.storedFiles()).toEqual([]);
    const again = purge([], '1');
    expect(again.stdout).toContain('Removed 0 document file(s) of 0 application(s).');

    h.app = await buildApp(h.config);
    if (!h.config.databaseUrl) h.database = h.app.database;
    const row = await applicationRow(h, id);
    expect(row?.documentsRemovedAt).toBeInstanceOf(Date);
    expect(row?.clubId).toBeGreaterThan(0);
  });
});
