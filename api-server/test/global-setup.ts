import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client';
import { makeOwnerOnly } from '../src/http/owner-only';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory, closed; each test file copies it. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database on TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/** Builds the migrated template once per run; each test file clones it (test/harness.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `puja_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: target.toString() });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'puja-template-'));
  const pgdata = join(dir, 'pgdata');
  const client = await PGlite.create(pgdata);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  await client.close();
  // Owner-only once here, so no clone has permissions to take off when the server opens it.
  await makeOwnerOnly(pgdata);
  project.provide('pgliteTemplate', pgdata);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}
