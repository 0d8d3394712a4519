/**
 * Bulk data for speed measurements (the API benchmark, the staff console's scale script):
 * inserted straight into the database, since thousands of uploads through the API would take
 * longer than the measurement.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DEMO_PDF } from '../src/ops/seed/demo-files';
import { createDiskStorage } from '../src/uploads/storage';

/**
 * Fills the database up to `count` applications, one club each, acknowledgement uploaded. Each
 * row names its own documents (distinct names, so distinct signed links, as in real data: they
 * are most of the list's bytes); only the acknowledgement exists on disk, shared, since the list
 * opens no file.
 */
export async function seedBenchApplications(config: Config, count: number): Promise<number> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const storage = await createDiskStorage(join(config.dataDir, 'files'));
    const file = await storage.put(DEMO_PDF, 'pdf');
    const { db } = database;
    const counted = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM applications`,
    );
    const existing = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const missing = Math.max(0, count - existing);
    const name = (salt: string, ext: string) =>
      sql.raw(`substr(md5('${salt}' || c.id), 1, 16) || '.${ext}'`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO clubs (clubname, status)
        SELECT 'Bench Sarbojanin Durgotsab Committee ' || g, 'A' FROM generate_series(1, ${missing}) AS g`);
      await tx.execute(sql`
        INSERT INTO applications (
          club_id, apply_year, reg_no, puja_location_address, puja_location_ward_no, land_type,
          club_president_name, club_president_phone, club_secrety_name, club_secrety_phone,
          puja_presient_name, puja_presient_phone, puja_secretary_name, puja_secretary_phone,
          chairman_application_certificate, certificate_image, load_agreement_image,
          puja_committee, puja_budget, acknowledgement)
        SELECT c.id, 2025, 100000 + row_number() OVER (ORDER BY c.id),
          'Para road, near the pond, house ' || c.id, 1 + c.id % 25, 'own',
          'Sukumar Roy', '9830000001', 'Bimal Ghosh', '9830000002',
          'Anjali Sen', '9830000003', 'Tapas Dutta', '9830000004',
          ${name('a', 'pdf')}, ${name('b', 'png')}, ${name('c', 'pdf')},
          ${name('d', 'pdf')}, ${name('e', 'png')}, ${file}
        FROM clubs c
        WHERE c.clubname LIKE 'Bench Sarbojanin%'
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.club_id = c.id)`);
      await tx.execute(sql`UPDATE data_version SET version = version + 1 WHERE id = 1`);
    });
    return existing + missing;
  } finally {
    await database.close();
  }
}

/**
 * A fresh data directory (migrated, demo staff seeded) with `count` bench applications; the
 * first `issued` of them chairman-approved, the rest spread over every review state, each
 * waiting since a different day. The caller removes the directory.
 */
export async function prepareBenchDataDir(count: number, issued: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-scale-'));
  // Always the embedded database: a scale run never touches a configured PostgreSQL.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const config = loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  await (await buildApp(config)).close();
  await seedBenchApplications(config, count);
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    // Statuses in review order: ack, chairman application, certificate, agreement, chairman.
    await database.db.execute(sql`
      WITH ranked AS (
        SELECT id, row_number() OVER (ORDER BY id) AS n FROM applications
        WHERE club_id IN (SELECT id FROM clubs WHERE clubname LIKE 'Bench Sarbojanin%'))
      UPDATE applications a SET
        acknowledgement_status = CASE WHEN r.n <= ${issued} OR r.n % 6 > 0 THEN '1' ELSE '0' END,
        chairman_application_certificate_status =
          CASE WHEN r.n <= ${issued} OR r.n % 6 > 1 THEN '1' ELSE '0' END,
        certificate_status = CASE WHEN r.n <= ${issued} OR r.n % 6 > 2 THEN '1'
          WHEN r.n % 12 = 2 THEN '2' ELSE '0' END,
        agreement_status = CASE WHEN r.n <= ${issued} OR r.n % 6 > 3 THEN '1' ELSE '0' END,
        chairman_status = CASE WHEN r.n <= ${issued} OR r.n % 6 = 5 THEN '1' ELSE '0' END,
        chairman_approved_date = CASE WHEN r.n <= ${issued} OR r.n % 6 = 5 THEN now() END,
        updated_at = now() - (r.n % 30) * interval '1 day'
      FROM ranked r WHERE a.id = r.id`);
    await database.db.execute(sql`UPDATE data_version SET version = version + 1 WHERE id = 1`);
  } finally {
    await database.close();
  }
  return dataDir;
}

/**
 * A second season for the benchmark (issue 20): the season of the bench rows (2025) closes, the
 * next one opens and every bench club applies again, so the database holds two seasons of
 * `count` applications each; the current season is the new one. Returns the new season's year.
 */
export async function seedBenchNextSeason(config: Config): Promise<number> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const { db } = database;
    const latest = await db.execute<{ year: number }>(
      sql`SELECT max(year)::int AS year FROM seasons`,
    );
    const year = Number((latest as unknown as { rows: { year: number }[] }).rows[0]?.year) + 1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE seasons SET closes_on = ${`${year - 1}-12-31`}::date WHERE year = ${year - 1}`);
      await tx.execute(sql`
        INSERT INTO seasons (year, opens_on) VALUES (${year}, ${`${year}-01-01`}::date)`);
      await tx.execute(sql`
        INSERT INTO applications (
          club_id, apply_year, reg_no, puja_location_address, puja_location_ward_no, land_type,
          club_president_name, club_president_phone, club_secrety_name, club_secrety_phone,
          puja_presient_name, puja_presient_phone, puja_secretary_name, puja_secretary_phone,
          chairman_application_certificate, certificate_image, load_agreement_image,
          puja_committee, puja_budget, acknowledgement)
        SELECT a.club_id, ${year}, a.reg_no, a.puja_location_address,
          a.puja_location_ward_no, a.land_type,
          a.club_president_name, a.club_president_phone, a.club_secrety_name, a.club_secrety_phone,
          a.puja_presient_name, a.puja_presient_phone, a.puja_secretary_name, a.puja_secretary_phone,
          'n' || a.chairman_application_certificate, 'n' || a.certificate_image,
          'n' || a.load_agreement_image, 'n' || a.puja_committee, 'n' || a.puja_budget,
          a.acknowledgement
        FROM applications a
        WHERE a.apply_year = ${year - 1}
          AND a.club_id IN (SELECT id FROM clubs WHERE clubname LIKE 'Bench Sarbojanin%')`);
      await tx.execute(sql`UPDATE data_version SET version = version + 1 WHERE id = 1`);
    });
    return year;
  } finally {
    await database.close();
  }
}
