import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { makeOwnerOnly } from '../http/owner-only';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** One drizzle handle whatever the driver: PGlite embedded or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'drizzle',
);

/** An arbitrary constant: serialises migrations when several instances start together. */
const MIGRATION_LOCK = 4_211_2025;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Opens PGlite under dataDir/pgdata, or PostgreSQL when a URL is given. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** An idle pooled connection failed (e.g. the server restarted); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener an idle client's error would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        } finally {
          client.release();
        }
        await ensureVersionRow(db);
      },
      close: () => pool.end(),
    };
  }
  const pgdata = join(options.dataDir, 'pgdata');
  mkdirSync(pgdata, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(pgdata, { startParams: PGLITE_START_PARAMS });
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite writes a new data directory's files 0666 whatever the umask (src/http/owner-only.ts).
  await makeOwnerOnly(pgdata);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await ensureVersionRow(db);
    },
    async close() {
      try {
        await client.close();
        await makeOwnerOnly(pgdata);
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PGlite's start parameters with 32 MB of shared buffers instead of PostgreSQL's 128 MB: the
 * embedded database lives in the server's own memory (WebAssembly, never given back), and the
 * hot answers are cached above it (src/applications/list-cache.ts). Measured on 10,000 applications: the
 * open database holds 194 MB instead of 294 MB, and reading every row is as fast.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function ensureVersionRow(db: Db): Promise<void> {
  await db.execute(
    sql`INSERT INTO data_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING`,
  );
}

/** Marks the shared data as changed (inside the writing transaction). */
export async function bumpDataVersion(tx: Tx | Db): Promise<void> {
  await tx.update(schema.dataVersion).set({ version: sql`${schema.dataVersion.version} + 1` });
}

/** The current data version, read per request so every instance sees other instances' writes. */
export async function readDataVersion(db: Db): Promise<number> {
  const rows = await db.select({ version: schema.dataVersion.version }).from(schema.dataVersion);
  return rows[0]?.version ?? 0;
}

/** The list version (bumped by triggers only when the application list changes). */
export async function readListVersion(db: Db): Promise<number> {
  const rows = await db
    .select({ version: schema.dataVersion.listVersion })
    .from(schema.dataVersion);
  return rows[0]?.version ?? 0;
}

/**
 * Runs `work` in one transaction; when it breaks a unique constraint, the caller's refusal
 * (`duplicate()`, e.g. a 409 for a taken name) is thrown instead of the database error.
 */
export async function transactionRefusingDuplicates<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  duplicate: () => Error,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw isUniqueViolation(error) ? duplicate() : error;
  }
}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
