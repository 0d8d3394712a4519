// DATA_DIR is the server's user's alone (src/http/owner-only.ts): under a umask of 022, the real
// server process makes the folder 0700, takes group and other permissions off what was there,
// says so in its log, and everything it and PGlite write is owner-only.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  lstatSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

/** Every entry below `dir` (and `dir` itself) whose group or others may use it, with its mode. */
function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if ((info.mode & 0o077) !== 0) found.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dir);
  return found;
}

// A first start seeds demo data (argon2 hashes, documents): minutes on a loaded machine.
describe('DATA_DIR is owner-only, under umask 022', { timeout: 240_000 }, () => {
  const previous = process.umask(0o022);
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-modes-'));
  let server: ServerProcess | undefined;

  beforeAll(() => {
    // What an earlier version left: readable folders and a readable mail.
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'outbox'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'outbox', 'old-mail.eml'), 'Subject: x\n', { mode: 0o644 });
    expect(sharedEntries(dataDir).length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await server?.stop();
    process.umask(previous);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a first start (demo data, PGlite, documents) leaves nothing others may read', async () => {
    server = await startServerProcess({ dataDir });
    // A login and a seeded application: sessions and documents written while it runs.
    const login = await fetch(`${server.baseUrl}/club-login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'club1@example.org', password: 'Puja@2025' }),
    });
    expect(login.status).toBe(200);
    expect(readdirSync(join(dataDir, 'files')).length).toBeGreaterThan(10);
    expect(sharedEntries(dataDir)).toEqual([]);
    await server.stop();
    expect(sharedEntries(dataDir)).toEqual([]);
    expect(server.output()).toContain('made them owner-only');
  });

  it('a later start finds nothing to change and says nothing about it', async () => {
    server = await startServerProcess({ dataDir });
    expect(server.output()).not.toContain('owner-only');
    expect(sharedEntries(dataDir)).toEqual([]);
    await server.stop();
  });
});
