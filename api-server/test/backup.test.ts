import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { BackupError, restoreBackup, writeBackup } from '../src/ops/backup';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { purgeDocuments } from '../src/applications/retention';
import { createDiskStorage } from '../src/uploads/storage';
import { createHarness, mailsSent, pdf, PASSWORD, type Harness } from './harness';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A data set with every kind of row: staff, clubs, applications in several states, audit. */
async function seasonInProgress(): Promise<{ h: Harness; storeEmail: string }> {
  const h = await createHarness();
  const { store, chairman } = await h.staffTeam();
  const decide = (
    payload: Record<string, unknown>,
    token: string,
    url = '/image-status-update.php',
  ) => h.app.inject({ method: 'POST', url, payload, headers: h.bearer(token) });
  for (let n = 0; n < 3; n += 1) {
    const club = await h.club();
    const applied = await h.apply(club);
    expect(applied.statusCode).toBe(201);
    const id = (applied.json().data as { id: number }).id;
    await h.uploadAcknowledgement(club, id, pdf('signed.pdf'));
    if (n === 0) continue;
    await decide({ id, acknowledgement_status: 1 }, store.token);
    await decide({ id, chairman_application_certificate_status: 1 }, store.token);
    await decide({ id, certificate_status: 1 }, store.token);
    if (n === 1) {
      await decide({ id, agreement_status: 2, agreement_reason: 'Deed not legible' }, store.token);
      continue;
    }
    await decide({ id, agreement_status: 1 }, store.token);
    const final = await decide(
      { id, chairman_status: 1, chairman_reason: '' },
      chairman.token,
      '/update-chairman-status.php',
    );
    expect(final.statusCode).toBe(200);
  }
  // The clubs' mails have gone out: a running server (PostgreSQL) changes no row during backup.
  await mailsSent(h);
  return { h, storeEmail: store.email };
}

/** Every table except sessions and login failures, as PostgreSQL itself serialises it. */
async function contents(db: Db): Promise<Record<string, unknown>> {
  const tables = (await db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('sessions', 'login_failures', 'login_claims', 'login_known_addresses', 'sms_requests')
        ORDER BY table_name`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`SELECT COALESCE(json_agg(t), '[]'::json) AS data
          FROM (SELECT * FROM ${sql.identifier(name)} ORDER BY 1) t`,
    )) as unknown as { rows: { data: unknown }[] };
    out[name] = result.rows[0]?.data;
  }
  return out;
}

async function documents(dataDir: string): Promise<Record<string, string>> {
  const dir = join(dataDir, 'files');
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const out: Record<string, string> = {};
  for (const name of names) out[name] = (await readFile(join(dir, name))).toString('base64');
  return out;
}

/** An empty place to restore into: a new data directory, and on PostgreSQL an empty database. */
async function emptyTarget(): Promise<Config> {
  const dataDir = await tempDir('puja-restore-');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const name = `puja_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: base });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
}

/** PGlite: the server must be stopped for a backup (its data directory is one process's). */
async function stopIfEmbedded(h: Harness): Promise<void> {
  if (!onPostgres) await h.app.close();
}

async function contentsOf(config: Config): Promise<Record<string, unknown>> {
  const database = await openDatabase(config);
  try {
    return await contents(database.db);
  } finally {
    await database.close();
  }
}

// One season, backed up once (a backup only reads); each test restores it somewhere new.
let h: Harness;
let storeEmail: string;
let before: Record<string, unknown>;
let work: string;
let archive: string;
let manifest: Awaited<ReturnType<typeof writeBackup>>;

beforeAll(async () => {
  ({ h, storeEmail } = await seasonInProgress());
  await stopIfEmbedded(h);
  before = await contentsOf(h.config);
  work = await mkdtemp(join(tmpdir(), 'puja-backup-'));
  archive = join(work, 'backup.tar.gz');
  manifest = await writeBackup(h.config, archive);
});
afterAll(async () => {
  await h?.close();
  await rm(work, { recursive: true, force: true });
});

// Each test opens and restores whole databases (PGlite initdb alone takes seconds): on a loaded
// two-core machine the default 30 s is too tight.
describe('backup and restore', { timeout: 90_000 }, () => {
  it('restores every row, every audit entry and every document byte into an empty target', async () => {
    const beforeFiles = await documents(h.config.dataDir);
    expect(Object.keys(beforeFiles)).toHaveLength(3 * 6);
    expect(manifest.files).toHaveLength(3 * 6);
    expect(manifest.tables.find((t) => t.name === 'applications')?.rows).toBe(3);
    expect(manifest.tables.map((t) => t.name)).not.toContain('sessions');
    expect(manifest.tables.map((t) => t.name)).not.toContain('login_failures');
    expect(manifest.tables.map((t) => t.name)).not.toContain('sms_requests');

    const target = await emptyTarget();
    await restoreBackup(target, archive);
    expect(await contentsOf(target)).toEqual(before);
    expect(await documents(target.dataDir)).toEqual(beforeFiles);
    const audit = before.audit_log as unknown[];
    expect(audit.length).toBeGreaterThan(10);

    // The restored server works: staff log in again, the list is whole, new rows get new ids.
    const app = await buildApp(target);
    cleanups.push(() => app.close());
    const login = await app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: { email: storeEmail, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json().data as { token: string }).token;
    const list = await app.inject({
      method: 'GET',
      url: '/apply-for-noc-list.php',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((list.json().data as unknown[]).length).toBe(3);
    const added = await app.inject({
      method: 'POST',
      url: '/add-club.php',
      payload: { clubname: 'Naya Sangha after restore' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(added.statusCode).toBe(201);
    const clubs = (await app.inject({ method: 'GET', url: '/list-club.php' })).json().data as {
      id: number;
      clubname: string;
    }[];
    const restoredIds = (before.clubs as { id: number }[]).map((club) => club.id);
    const newId = clubs.find((club) => club.clubname === 'Naya Sangha after restore')?.id;
    expect(newId).toBeGreaterThan(Math.max(...restoredIds));
  });

  it('refuses a target that already holds data, and leaves it as it was', async () => {
    const target = await emptyTarget();
    await restoreBackup(target, archive);
    const restored = await contentsOf(target);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/empty/);
    expect(await contentsOf(target)).toEqual(restored);
  });

  it('refuses a damaged archive before writing anything', async () => {
    // One flipped byte in one document, repacked with the original manifest.
    const unpacked = await tempDir('puja-unpacked-');
    await tar.extract({ file: archive, cwd: unpacked });
    const [victim] = (await readdir(join(unpacked, 'files'))).sort();
    const path = join(unpacked, 'files', victim ?? '');
    const bytes = await readFile(path);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await writeFile(path, bytes);
    const damaged = join(await tempDir('puja-damaged-'), 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, [
      'manifest.json',
      'db',
      'files',
    ]);

    const target = await emptyTarget();
    await expect(restoreBackup(target, damaged)).rejects.toThrow(/damaged: document/);
    expect(await documents(target.dataDir)).toEqual({});
    const left = await contentsOf(target);
    expect(left.applications ?? []).toEqual([]);
    expect(left.users ?? []).toEqual([]);
  });

  it('backs up a running PostgreSQL online; refuses an embedded database a running server holds', async () => {
    const running = await createHarness();
    cleanups.push(() => running.close());
    await running.club();
    const out = join(await tempDir('puja-backup-'), 'backup.tar.gz');
    if (onPostgres) {
      const online = await writeBackup(running.config, out);
      expect(online.tables.find((t) => t.name === 'clubs')?.rows).toBe(1);
    } else {
      await expect(writeBackup(running.config, out)).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(readdir(dirname(out))).resolves.toEqual([]);
    }
  });

  it('still backs up and restores after the retention purge deleted a season’s documents', async () => {
    // Issue 26 M4: names the history still mentions (earlier versions, the purge's own entry)
    // were taken for documents to copy, so every backup after a purge failed.
    const purged = await createHarness();
    cleanups.push(() => purged.close());
    const { admin, store } = await purged.staffTeam();
    const post = (url: string, payload: Record<string, unknown>) =>
      purged.app.inject({ method: 'POST', url, payload, headers: purged.bearer(admin.token) });
    const rejectAcknowledgement = (id: number) =>
      purged.app.inject({
        method: 'POST',
        url: '/image-status-update.php',
        payload: { id, acknowledgement_status: 2, acknowledgement_reason: 'blurred' },
        headers: purged.bearer(store.token),
      });
    /** An application with a re-uploaded acknowledgement: six documents and one earlier version. */
    const applyWithVersion = async () => {
      const club = await purged.club();
      const id = (await purged.apply(club)).json().data.id as number;
      await purged.uploadAcknowledgement(club, id, pdf('first.pdf'));
      expect((await rejectAcknowledgement(id)).statusCode).toBe(200);
      await purged.uploadAcknowledgement(club, id, pdf('again.pdf'));
      return id;
    };
    await applyWithVersion();
    const year = 2025;
    expect(
      (
        await post('/update-season.php', {
          year,
          opens_on: `${year}-01-01`,
          closes_on: `${year}-12-31`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/add-season.php', { year: year + 1, opens_on: `${year + 1}-01-01` })).statusCode,
    ).toBe(201);
    await applyWithVersion();
    const report = await purgeDocuments({
      db: purged.database.db,
      storage: await createDiskStorage(purged.filesDir),
      retentionSeasons: 1,
      dryRun: false,
    });
    expect(report.files).toBe(7);
    const kept = await documents(purged.config.dataDir);
    expect(Object.keys(kept)).toHaveLength(7);

    // The clubs' mails have gone out: a running server (PostgreSQL) changes no row during backup.
    await mailsSent(purged);
    await stopIfEmbedded(purged);
    const rowsBefore = await contentsOf(purged.config);
    const out = join(await tempDir('puja-backup-'), 'after-purge.tar.gz');
    const written = await writeBackup(purged.config, out);
    expect(written.files.map((file) => file.name).sort()).toEqual(Object.keys(kept).sort());
    const target = await emptyTarget();
    await restoreBackup(target, out);
    expect(await contentsOf(target)).toEqual(rowsBefore);
    expect(await documents(target.dataDir)).toEqual(kept);
  });

  it('round-trips through the two commands of the README', async () => {
    const nightly = join(await tempDir('puja-backup-'), 'nightly.tar.gz');
    const target = await emptyTarget();
    const run = (script: string, args: string[], config: Config) => {
      const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...env } = process.env;
      return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: SERVER_DIR,
        encoding: 'utf8',
        env: {
          ...env,
          DATA_DIR: config.dataDir,
          ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
        },
      });
    };
    const backup = run('src/ops/cli/backup.ts', ['--out', nightly], h.config);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      /Backup written to .*nightly\.tar\.gz: \d+ tables, \d+ rows, 18 documents/,
    );
    const restore = run('src/ops/cli/restore.ts', ['--from', nightly], target);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(await contentsOf(target)).toEqual(before);

    const again = run('src/ops/cli/restore.ts', ['--from', nightly], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^Error: .*(not empty|already holds documents)/);
  });
});

/** A tar.gz written byte by byte: entries node-tar itself would never pack (`..`, links). */
function rawArchive(
  entries: { path: string; type?: '0' | '2' | '5'; body?: string; link?: string }[],
) {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.path, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write(' '.repeat(8), 148);
    header.write(entry.type ?? '0', 156);
    if (entry.link) header.write(entry.link, 157, 100);
    header.write('ustar\u000000', 257);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

describe('backups are private; hostile archives are refused', { timeout: 90_000 }, () => {
  it('writes the archive 0600 under umask 022; a folder everyone may write to needs --force', async () => {
    const previous = process.umask(0o022);
    try {
      const own = await tempDir('puja-backup-');
      const written = join(own, 'b.tar.gz');
      await writeBackup(h.config, written);
      expect((await stat(written)).mode & 0o777).toBe(0o600);

      const shared = await tempDir('puja-shared-');
      await chmod(shared, 0o777);
      const refused = join(shared, 'b.tar.gz');
      await expect(writeBackup(h.config, refused)).rejects.toThrow(
        /is writable by every user.*--force/,
      );
      expect(await readdir(shared)).toEqual([]);
      await writeBackup(h.config, refused, { force: true });
      expect((await stat(refused)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  const manifestText = async () => {
    const unpacked = await tempDir('puja-unpacked-');
    await tar.extract({ file: archive, cwd: unpacked });
    return readFile(join(unpacked, 'manifest.json'), 'utf8');
  };
  const stored = 'abcdef0123456789.pdf';
  // Any file of the machine the link would expose; its checksum is in the manifest.
  const passwd = readFileSync('/etc/passwd', 'utf8');
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const escapee = `puja-escaped-${randomBytes(4).toString('hex')}.txt`;

  const hostile: [string, () => Promise<Buffer>, RegExp][] = [
    [
      'a path leaving the folder',
      async () =>
        rawArchive([
          { path: 'manifest.json', body: await manifestText() },
          { path: `../../${escapee}`, body: 'planted' },
        ]),
      /is not a backup of this product: it holds \.\.\/\.\.\/puja-escaped-/,
    ],
    [
      'a symbolic link posing as a document',
      async () => {
        const manifest = JSON.parse(await manifestText()) as BackupManifestJson;
        manifest.files = [{ name: stored, bytes: passwd.length, sha256: sha(passwd) }];
        return rawArchive([
          { path: 'manifest.json', body: JSON.stringify(manifest) },
          { path: 'files/', type: '5' },
          { path: `files/${stored}`, type: '2', link: '/etc/passwd' },
        ]);
      },
      /it holds files\/abcdef0123456789\.pdf \(SymbolicLink\)/,
    ],
    [
      'a manifest of the wrong shape',
      async () =>
        rawArchive([
          {
            path: 'manifest.json',
            body: JSON.stringify({ format: 'puja-noc-backup', formatVersion: 1, tables: null }),
          },
        ]),
      /manifest\.json fails at/,
    ],
    [
      'an archive cut short',
      async () => {
        const whole = await readFile(archive);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      /not a readable backup archive \(damaged or cut short\)/,
    ],
  ];

  for (const [what, build, message] of hostile) {
    it(`refuses ${what} with a clear message, writes nothing and leaves no .restore-* behind`, async () => {
      const folder = await tempDir('puja-hostile-');
      const file = join(folder, 'hostile.tar.gz');
      await writeFile(file, await build());
      const target = await emptyTarget();
      const error = await restoreBackup(target, file).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(message);
      expect(await readdir(folder)).toEqual(['hostile.tar.gz']);
      expect(
        (await readdir(target.dataDir)).filter((name) => name.startsWith('.restore-')),
      ).toEqual([]);
      expect(await documents(target.dataDir)).toEqual({});
      for (const dir of [folder, target.dataDir, tmpdir(), dirname(tmpdir())]) {
        expect(await readdir(dir)).not.toContain(escapee);
      }
      const left = await contentsOf(target);
      expect(left.applications ?? []).toEqual([]);
      expect(left.users ?? []).toEqual([]);
    });
  }
});

type BackupManifestJson = { files: { name: string; bytes: number; sha256: string }[] };
