/**
 * Backups a municipality can restore: one archive (tar.gz) holding a consistent dump of every
 * table (one REPEATABLE READ snapshot), every document those rows name, and a manifest with the
 * SHA-256 of each part. Works the same on the embedded PGlite (with the server stopped: the data
 * directory belongs to one process) and on a real PostgreSQL (online).
 *
 * A restore goes only into an empty target (a new data directory or an empty database): it
 * migrates it, checks every checksum before writing anything, loads every table in one
 * transaction, and copies the documents in. Sessions are not backed up: after a restore
 * everybody logs in again.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import { DOCUMENT_FILE_FIELDS } from '@puja/domain';
import type { Config } from '../config';
import { openDatabase, type Db, type Tx } from '../db/client';
import { isStoredName, syncDirectory } from '../uploads/storage';

export const BACKUP_FORMAT = 'puja-noc-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Rows that only make sense on the running system (login sessions, failed-login counters and
 * claims, the addresses logins came from, the hourly SMS request counts).
 */
const SKIPPED_TABLES = new Set([
  'sessions',
  'login_failures',
  'login_claims',
  'login_known_addresses',
  'sms_requests',
]);

const SHA256 = /^[0-9a-f]{64}$/;
/** A table of ours: what a manifest may name (it becomes a file name inside the archive). */
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** What a manifest must be, checked before any name in it is used as a path. */
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The schema migrations applied to the source (drizzle's hashes, in order). */
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string().regex(TABLE_NAME),
      rows: z.number().int().min(0),
      sha256: z.string().regex(SHA256),
    }),
  ),
  files: z.array(
    z.object({
      name: z.string().refine(isStoredName, 'not a stored document name'),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(SHA256),
    }),
  ),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** The only entries an archive of ours holds: the manifest, table dumps and documents. */
function isArchiveEntry(path: string, type: string): boolean {
  if (type === 'Directory') return path === 'db/' || path === 'files/';
  if (type !== 'File' && type !== 'OldFile') return false;
  if (path === 'manifest.json') return true;
  const [folder, name = '', ...rest] = path.split('/');
  if (rest.length > 0) return false;
  if (folder === 'db') return name.endsWith('.json') && TABLE_NAME.test(name.slice(0, -5));
  return folder === 'files' && isStoredName(name);
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

type Row = Record<string, unknown>;

async function rows(db: Db | Tx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The tables of our schema, parents before the tables that reference them. */
async function tablesInLoadOrder(db: Db | Tx): Promise<string[]> {
  const tables = (
    await rows(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => String(row.name));
  const references = await rows(
    db,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent) parents.get(String(child))?.add(String(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function appliedMigrations(db: Db | Tx): Promise<string[]> {
  const found = await rows(
    db,
    sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  return found.map((row) => String(row.hash));
}

type Dump = readonly { name: string; rows: readonly Row[] }[];

const tableRows = (dump: Dump, name: string) => dump.find((t) => t.name === name)?.rows ?? [];

/**
 * The documents a backup must hold: those the applications name now, those a released
 * registration keeps, and the earlier versions (the audit's 'upload' entries) of every
 * application whose documents were not purged. Names the history merely mentions (a purge's
 * entry, the versions of a purged application) are facts, not documents: their files are gone
 * by design (DOCUMENT_RETENTION_SEASONS), so they are not looked for.
 */
export function documentsToBackUp(dump: Dump): Set<string> {
  const names = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && isStoredName(value)) names.add(value);
  };
  const kept = new Set<number>();
  for (const row of tableRows(dump, 'applications')) {
    // The columns of `applications` that hold a stored document name: the domain's file fields.
    for (const column of DOCUMENT_FILE_FIELDS) add(row[column]);
    if (row.documents_removed_at == null) kept.add(Number(row.id));
  }
  for (const row of tableRows(dump, 'released_registrations')) {
    const files = Array.isArray(row.files) ? (row.files as unknown[]) : [];
    files.forEach(add);
    const application = row.application as Row | null;
    if (application && application.documents_removed_at == null && files.length > 0) {
      kept.add(Number(row.application_id));
    }
  }
  for (const row of tableRows(dump, 'audit_log')) {
    if (
      row.entity === 'application' &&
      row.action === 'upload' &&
      kept.has(Number(row.entity_id))
    ) {
      add(row.from_value);
    }
  }
  return names;
}

/**
 * A folder every user may write to (a shared /tmp) lets another account replace the archive
 * or watch it being written: refused unless the caller insists.
 */
async function refuseSharedFolder(folder: string, force: boolean): Promise<void> {
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new BackupError(`There is no folder ${folder} to write to.`);
  if ((info.mode & 0o002) !== 0 && !force) {
    throw new BackupError(
      `${folder} is writable by every user, who could replace or remove the backup: ` +
        'choose a folder only this account can write to, or pass --force.',
    );
  }
}

/**
 * Writes a backup archive of the configured data (DATA_DIR or DATABASE_URL) to `archivePath`,
 * readable by its owner only (it holds password hashes and every document). The archive
 * appears whole or not at all (written aside, then renamed). A folder every user may write to
 * is refused unless `force`.
 */
export async function writeBackup(
  config: Config,
  archivePath: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  await refuseSharedFolder(dirname(archivePath), options.force ?? false);
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  const database = await openDatabase(config);
  const staging = await mkdtemp(join(dirname(archivePath), `.${basename(archivePath)}.`));
  try {
    const dump = await database.db.transaction(
      async (tx) => {
        const tables = await tablesInLoadOrder(tx);
        const data: { name: string; rows: Row[] }[] = [];
        for (const name of tables) {
          if (SKIPPED_TABLES.has(name)) continue;
          // PostgreSQL writes the JSON: timestamps keep their microseconds, types their text.
          const [result] = await rows(
            tx,
            sql`SELECT COALESCE(json_agg(t), '[]'::json) AS data
                FROM (SELECT * FROM ${sql.identifier(name)} ORDER BY 1) t`,
          );
          data.push({ name, rows: (result?.data ?? []) as Row[] });
        }
        return { migrations: await appliedMigrations(tx), data };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (dump.migrations.length === 0) {
      throw new BackupError('The database has no schema yet: nothing to back up.');
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: database.kind,
      migrations: dump.migrations,
      tables: [],
      files: [],
    };
    await mkdir(join(staging, 'db'));
    await mkdir(join(staging, 'files'));
    for (const table of dump.data) {
      const text = JSON.stringify(table.rows);
      await writeFile(join(staging, 'db', `${table.name}.json`), text);
      manifest.tables.push({ name: table.name, rows: table.rows.length, sha256: sha256(text) });
    }
    const referenced = documentsToBackUp(dump.data);
    const filesDir = join(config.dataDir, 'files');
    for (const name of [...referenced].sort()) {
      const target = join(staging, 'files', name);
      try {
        await copyFile(join(filesDir, name), target);
      } catch (error) {
        throw new BackupError(
          `Document ${name} is named by the database but missing from ${filesDir}: ` +
            `the backup would be incomplete (${(error as Error).message}).`,
        );
      }
      const bytes = (await readFile(target)).length;
      manifest.files.push({ name, bytes, sha256: await sha256OfFile(target) });
    }
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = join(staging, 'archive.tar.gz');
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'db',
      'files',
    ]);
    await chmod(partial, 0o600);
    await rename(partial, archivePath);
    return manifest;
  } finally {
    await database.close();
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks an archive and checks it against its manifest; nothing is written to the target.
 * Every entry is looked at before anything is unpacked: an archive holding anything but the
 * manifest, table dumps and documents (a path leaving the folder, a link, a device) is refused.
 */
async function readArchive(archivePath: string, into: string): Promise<BackupManifest> {
  const strays: string[] = [];
  try {
    await tar.list({
      file: archivePath,
      strict: true,
      onReadEntry: (entry) => {
        if (!isArchiveEntry(entry.path, entry.type)) strays.push(`${entry.path} (${entry.type})`);
      },
    });
  } catch (error) {
    throw new BackupError(
      `${archivePath} is not a readable backup archive (damaged or cut short): ${String(error)}`,
    );
  }
  if (strays.length > 0) {
    throw new BackupError(
      `${archivePath} is not a backup of this product: it holds ${strays.slice(0, 3).join(', ')}` +
        `${strays.length > 3 ? ` and ${strays.length - 3} more` : ''}, nothing a backup holds.`,
    );
  }
  try {
    await tar.extract({
      file: archivePath,
      cwd: into,
      strict: true,
      filter: (path, entry) => 'type' in entry && isArchiveEntry(path, entry.type),
    });
  } catch (error) {
    throw new BackupError(`${archivePath} is not a readable backup archive: ${String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(into, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError(`${archivePath} has no readable manifest.json.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new BackupError(
      `${archivePath} is not a backup of this product (or of a newer format): its manifest.json ` +
        `fails at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  const manifest = parsed.data;
  for (const table of manifest.tables) {
    const text = await readFile(join(into, 'db', `${table.name}.json`), 'utf8').catch(() => null);
    if (text === null || sha256(text) !== table.sha256) {
      throw new BackupError(`The archive is damaged: table ${table.name} fails its checksum.`);
    }
  }
  for (const file of manifest.files) {
    const sum = await sha256OfFile(join(into, 'files', file.name)).catch(() => null);
    if (sum !== file.sha256) {
      throw new BackupError(`The archive is damaged: document ${file.name} fails its checksum.`);
    }
  }
  return manifest;
}

/** Replaces a table's rows with the archived ones and moves its serial counters past them. */
async function loadTable(tx: Tx, name: string, unpacked: string): Promise<void> {
  const table = sql.identifier(name);
  const text = await readFile(join(unpacked, 'db', `${name}.json`), 'utf8');
  // Rows come back as they were archived: no trigger of the schema's own rewrites another table
  // meanwhile (a step clock's or a referral's row bumping its application's list version).
  await tx.execute(sql`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  await tx.execute(sql`DELETE FROM ${table}`);
  await tx.execute(
    sql`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ${text}::json)`,
  );
  await tx.execute(sql`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  const serials = await rows(
    tx,
    sql`SELECT column_name AS col, pg_get_serial_sequence(${name}, column_name) AS seq
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${name}`,
  );
  for (const { col, seq } of serials) {
    if (typeof seq !== 'string') continue;
    const column = sql.identifier(String(col));
    await tx.execute(
      sql`SELECT setval(${seq}, COALESCE(MAX(${column}), 1), MAX(${column}) IS NOT NULL) FROM ${table}`,
    );
  }
}

/**
 * Tables whose first rows the migrations write (data_version, the first season of migration
 * 0006, the default service standards of 0020): a restore replaces them like any other.
 */
const SEEDED_BY_MIGRATIONS = new Set(['data_version', 'seasons', 'service_standards']);

/** Tables a restore requires empty (the schema's own rows aside). */
async function nonEmptyTables(db: Db, tables: readonly string[]): Promise<string[]> {
  const filled: string[] = [];
  for (const name of tables) {
    if (SEEDED_BY_MIGRATIONS.has(name) || SKIPPED_TABLES.has(name)) continue;
    const [row] = await rows(db, sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(name)}) AS x`);
    if (row?.x === true) filled.push(name);
  }
  return filled;
}

/**
 * Restores an archive into the configured target, which must be empty (a new DATA_DIR, or an
 * empty database at DATABASE_URL). Everything is checked before anything is written.
 */
export async function restoreBackup(config: Config, archivePath: string): Promise<BackupManifest> {
  // Unpacked inside the target's own (owner-only) folder, removed whatever happens.
  const unpacked = await mkdtemp(join(config.dataDir, '.restore-'));
  try {
    const manifest = await readArchive(archivePath, unpacked);
    const filesDir = join(config.dataDir, 'files');
    const existingFiles = await readdir(filesDir).catch(() => [] as string[]);
    if (existingFiles.some((name) => !name.startsWith('.'))) {
      throw new BackupError(`${filesDir} already holds documents: restore into an empty target.`);
    }
    const database = await openDatabase(config);
    try {
      await database.migrate();
      const db = database.db;
      const migrations = await appliedMigrations(db);
      if (migrations.join() !== manifest.migrations.join()) {
        throw new BackupError(
          `The archive was made by a version with ${manifest.migrations.length} schema ` +
            `migration(s); this one has ${migrations.length}. Restore it with the version that made it.`,
        );
      }
      const order = await tablesInLoadOrder(db);
      const filled = await nonEmptyTables(db, order);
      if (filled.length > 0) {
        throw new BackupError(`The target database is not empty (${filled.join(', ')}).`);
      }
      const archived = new Set(manifest.tables.map((t) => t.name));
      // Documents first: should loading the rows fail, they are removed again and the target
      // stays empty; rows never name a document that is not there.
      await mkdir(filesDir, { recursive: true });
      const copied: string[] = [];
      try {
        for (const file of manifest.files) {
          await copyFile(join(unpacked, 'files', file.name), join(filesDir, file.name));
          copied.push(file.name);
        }
        await syncDirectory(filesDir);
        await db.transaction(async (tx) => {
          for (const name of order) {
            if (archived.has(name)) await loadTable(tx, name, unpacked);
          }
        });
      } catch (error) {
        await Promise.all(copied.map((name) => rm(join(filesDir, name), { force: true })));
        throw error;
      }
      return manifest;
    } finally {
      await database.close();
    }
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
