import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createHarness, type Harness } from './harness';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // PGlite allows one process on its data directory: the CLI runs while the app is closed.
  await h.app.close();
});
afterAll(() => h.close());

function createAdmin(args: string[], password: string | undefined) {
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ADMIN_PASSWORD: _p, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/ops/cli/create-admin.ts', ...args], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
    env: {
      ...env,
      DATA_DIR: h.config.dataDir,
      ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}),
      ...(password === undefined ? {} : { ADMIN_PASSWORD: password }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('create-admin CLI', () => {
  it('creates an admin who can log in; refuses bad input', async () => {
    const made = createAdmin(
      ['--email', 'boss@municipality.test', '--name', 'Boss'],
      'Strong#Pass2025',
    );
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Created admin boss@municipality.test.');

    const short = createAdmin(['--email', 'x@municipality.test', '--name', 'X'], 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    const noTty = createAdmin(['--email', 'y@municipality.test', '--name', 'Y'], undefined);
    expect(noTty.status).toBe(1);
    expect(noTty.stderr).toContain('ADMIN_PASSWORD');
    const usage = createAdmin(['--email', 'not-an-email', '--name', 'Z'], 'Strong#Pass2025');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Usage');

    h.app = await buildApp(h.config);
    if (!h.config.databaseUrl) h.database = h.app.database;
    const login = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: { email: 'boss@municipality.test', password: 'Strong#Pass2025' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.role).toBe('admin');
  });
});
