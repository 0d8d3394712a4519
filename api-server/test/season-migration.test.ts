/**
 * Issue 20: a database made by the server before seasons (the schema of migrations 0000–0007,
 * with clubs, accounts, applications, an issued certificate and its history) is started by the
 * new server: it becomes season 2025, open with no close day, and everything is still there.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/accounts/auth';
import { loadConfig } from '../src/config';
import { MIGRATIONS_DIR } from '../src/db/client';
import { newVerificationCode } from '../src/applications/verification';
import { PASSWORD } from './harness';

/** The migrations of the server before seasons: everything before 0008_seasons. */
async function migrationsBeforeSeasons(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'puja-old-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_seasons'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const code = newVerificationCode();

/** Rows as the server before seasons wrote them (one application per club, year 2025). */
async function fillOldDatabase(execute: (query: ReturnType<typeof sql>) => Promise<unknown>) {
  const hash = await hashPassword(PASSWORD);
  await execute(sql`INSERT INTO clubs (id, clubname) VALUES (1, 'Sree Sangha'), (2, 'Nabapally')`);
  await execute(sql`SELECT setval('clubs_id_seq', 2)`);
  await execute(sql`INSERT INTO users (name, email, phone, role, password_hash, club_id, ward_no, locale)
    VALUES ('Admin', 'admin@old.test', '9830000000', 'admin', ${hash}, NULL, NULL, 'en'),
           ('', 'sangha@old.test', '9830000001', 'club', ${hash}, 1, 3, 'bn'),
           ('', 'naba@old.test', '9830000002', 'club', ${hash}, 2, 5, 'en')`);
  const files = () => Array.from({ length: 5 }, () => `${randomBytes(8).toString('hex')}.pdf`);
  const [a, b] = [files(), files()];
  await execute(sql`INSERT INTO applications (id, club_id, apply_year, reg_no, created_at,
      puja_location_address, puja_location_ward_no, land_type,
      club_president_name, club_president_phone, club_secrety_name, club_secrety_phone,
      puja_presient_name, puja_presient_phone, puja_secretary_name, puja_secretary_phone,
      chairman_application_certificate, certificate_image, load_agreement_image, puja_committee, puja_budget,
      acknowledgement, acknowledgement_status, chairman_application_certificate_status,
      certificate_status, agreement_status, chairman_status, chairman_approved_date, verification_code)
    VALUES
      (1, 1, 2025, 1, '2025-08-01T10:00:00Z', 'Sree Sangha Pandal', 3, 'own',
       'A', '9830000011', 'B', '9830000012', 'C', '9830000013', 'D', '9830000014',
       ${a[0]}, ${a[1]}, ${a[2]}, ${a[3]}, ${a[4]},
       ${a[0]}, '1', '1', '1', '1', '1', '2025-09-01T06:00:00Z', ${code}),
      (2, 2, 2025, 2, '2025-08-02T10:00:00Z', 'Nabapally Maidan', 5, 'others',
       'E', '9830000021', 'F', '9830000022', 'G', '9830000023', 'H', '9830000024',
       ${b[0]}, ${b[1]}, ${b[2]}, ${b[3]}, ${b[4]},
       NULL, '0', '0', '0', '0', '0', NULL, NULL)`);
  await execute(sql`SELECT setval('applications_id_seq', 2)`);
  await execute(sql`INSERT INTO reg_counters (apply_year, last_no) VALUES (2025, 2)`);
  await execute(sql`INSERT INTO audit_log (user_id, role, action, entity, entity_id, item, to_value)
    VALUES (2, 'club', 'apply', 'application', 1, 'application', 'reg_no 1'),
           (1, 'admin', 'approve', 'application', 1, 'chairman', 'Approved')`);
}

let dataDir: string;
let app: FastifyInstance;
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'puja-before-seasons-'));
  const oldMigrations = await migrationsBeforeSeasons();
  const baseUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `puja_before_seasons_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    const pool = new pg.Pool({ connectionString: databaseUrl });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: oldMigrations });
    await fillOldDatabase((query) => db.execute(query));
    await pool.end();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  } else {
    const client = await PGlite.create(join(dataDir, 'pgdata'));
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: oldMigrations });
    await fillOldDatabase((query) => db.execute(query));
    await client.close();
  }
  await rm(oldMigrations, { recursive: true, force: true });
  // The new server starts on it: migration 0008 runs.
  app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  await app?.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

async function login(path: string, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

describe('a database from before seasons, started by the new server', () => {
  it('is season 2025, open with no close day', async () => {
    const res = await app.inject({ method: 'GET', url: '/list-seasons.php' });
    expect(res.json().data).toEqual([
      {
        year: 2025,
        opens_on: '2025-01-01',
        closes_on: null,
        puja_starts_on: null,
        state: 'open',
        review_closed_at: null,
      },
    ]);
  });

  it('keeps every application in season 2025: the list, the counters and the history', async () => {
    const token = await login('/admin-login.php', 'admin@old.test');
    const auth = { authorization: `Bearer ${token}` };
    const list = await app.inject({ method: 'GET', url: '/apply-for-noc-list.php', headers: auth });
    expect(
      list
        .json()
        .data.map((a: Record<string, unknown>) => [
          a.id,
          a.apply_year,
          a.club_name,
          a.chairman_status,
        ]),
    ).toEqual([
      [1, '2025', 'Sree Sangha', '1'],
      [2, '2025', 'Nabapally', '0'],
    ]);
    const ofYear = await app.inject({
      method: 'GET',
      url: '/apply-for-noc-list.php?year=2025',
      headers: auth,
    });
    expect(ofYear.json().data).toEqual(list.json().data);
    const stats = await app.inject({ method: 'GET', url: '/dashboard.php', headers: auth });
    expect(stats.json().data).toMatchObject({ total_applications: '2', total_approved: '1' });
    const history = await app.inject({
      method: 'GET',
      url: '/application-history.php?id=1',
      headers: auth,
    });
    expect(history.json().data.map((e: { action: string }) => e.action)).toEqual([
      'apply',
      'approve',
    ]);
  });

  it("the club's application is its current one, and its only one", async () => {
    const token = await login('/club-login.php', 'sangha@old.test');
    const auth = { authorization: `Bearer ${token}` };
    const mine = await app.inject({
      method: 'POST',
      url: '/my-noc.php',
      headers: auth,
      payload: {},
    });
    expect(mine.json().data.map((a: { id: number }) => a.id)).toEqual([1]);
    const all = await app.inject({
      method: 'POST',
      url: '/my-noc-history.php',
      headers: auth,
      payload: {},
    });
    expect(all.json().data.map((a: { id: number }) => a.id)).toEqual([1]);
  });

  it('the certificate still verifies, as a 2025 one', async () => {
    const res = await app.inject({ method: 'GET', url: `/verify-noc.php?code=${code}` });
    expect(res.json().data).toMatchObject({
      valid: true,
      club_name: 'Sree Sangha',
      memo_number: '01/DURGAPUJA/2025',
      season_year: 2025,
    });
  });
});
