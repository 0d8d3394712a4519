import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { agencies, applications, clubs, users } from '../src/db/schema';
import { createHarness, type Harness } from './harness';

describe('start-up', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ SEED_DEMO: 'true' });
  });
  afterAll(() => h.close());

  it('seeds demo data on the first embedded start only, with files for every document', async () => {
    const db = h.database.db;
    if (h.config.databaseUrl) {
      // A real DATABASE_URL never gets demo data.
      expect(h.app.seedReport).toBeNull();
      expect(await db.select().from(users)).toEqual([]);
      return;
    }
    const clubRows = await db.select().from(clubs);
    expect(clubRows.filter((c) => c.status === 'A')).toHaveLength(30);
    expect(clubRows.filter((c) => c.status === 'I')).toHaveLength(3);
    const apps = await db.select().from(applications);
    expect(apps).toHaveLength(12);
    for (const status of ['0', '1', '2']) {
      expect(apps.some((a) => a.chairmanApplicationCertificateStatus === status)).toBe(true);
      expect(apps.some((a) => a.agreementStatus === status)).toBe(true);
    }
    expect(apps.some((a) => a.acknowledgement === null)).toBe(true);
    expect(apps.some((a) => a.chairmanStatus === '1' && a.chairmanApprovedDate !== null)).toBe(
      true,
    );
    const files = await h.storedFiles();
    for (const app of apps) expect(files).toContain(app.pujaBudget);
    expect(await h.app.accountsWithDemoPassword()).toContain('admin@example.org');
    const login = await h.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email: 'club1@example.org', password: 'Puja@2025' },
    });
    expect(login.json().status).toBe('success');
    // Issue 30: example holidays, named as examples, this year and next.
    const year = new Date().getUTCFullYear();
    const listed = await h.app.inject({
      method: 'GET',
      url: `/list-holidays.php?year=${year + 1}`,
    });
    expect(listed.json().data).toContainEqual({
      date: `${year + 1}-01-26`,
      name: 'Republic Day (example)',
      name_bn: 'প্রজাতন্ত্র দিবস (উদাহরণ)',
    });
    // Issue 29: the demo departments, all inactive (the spec's flow), an officer each online.
    const departments = await db.select().from(agencies);
    expect(departments.map((a) => [a.kind, a.mode, a.active])).toEqual([
      ['police', 'online', false],
      ['police', 'online', false],
      ['fire', 'online', false],
      ['electricity', 'online', false],
      ['pollution', 'offline', false],
      ['sdo', 'offline', false],
    ]);
    for (const email of ['police1', 'police2', 'fire', 'power']) {
      const officer = await h.app.inject({
        method: 'POST',
        url: '/admin-login.php',
        payload: { email: `${email}@example.org`, password: 'Puja@2025' },
      });
      expect(officer.json().data).toMatchObject({ role: 'agency' });
    }
  });

  it('gives every demo application the history its state implies', async () => {
    if (h.config.databaseUrl) return expect(h.app.seedReport).toBeNull();
    const login = await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: { email: 'admin@example.org', password: 'Puja@2025' },
    });
    const headers = h.bearer(login.json().data.token);
    const list = await h.app.inject({ method: 'GET', url: '/apply-for-noc-list.php', headers });
    const seeded = (list.json().data as Record<string, string | null>[]).filter((a) =>
      ['1', '2'].includes(String(a.chairman_status)),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    for (const app of seeded) {
      const trail = await h.app.inject({
        method: 'GET',
        url: `/application-history.php?id=${app.id}`,
        headers,
      });
      const entries = trail.json().data as Record<string, string>[];
      expect(entries.map((e) => `${e.role}:${e.action}:${e.item}`)).toEqual([
        'club:apply:application',
        'club:upload:acknowledgement',
        'store:approve:acknowledgement',
        'store:approve:chairman_application_certificate',
        'store:approve:certificate',
        'store:approve:agreement',
        `chairman:${app.chairman_status === '1' ? 'approve' : 'reject'}:chairman`,
      ]);
      expect(entries.at(-1)?.reason).toBe(app.chairman_reason);
    }
  });

  it('a restart removes temp files and unreferenced files, keeps every referenced file and row', async () => {
    const club = await h.club();
    expect((await h.apply(club)).statusCode).toBe(201);
    const keep = await h.storedFiles();
    const rowsBefore = await h.database.db.select().from(applications);
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const [name, text] of [
      [`${'a'.repeat(32)}.pdf`, '%PDF-1.4 orphan'],
      [`${'b'.repeat(32)}.pdf.tmp`, '%PDF-1.4 half'],
      [`${'c'.repeat(16)}.png`, 'orphan'],
      [`${'d'.repeat(16)}.tmp`, 'half'],
    ]) {
      await writeFile(join(h.filesDir, name!), text!);
      await utimes(join(h.filesDir, name!), hourAgo, hourAgo);
    }
    // A file written a moment ago: on PostgreSQL it may be another instance's upload in flight.
    const fresh = `${'e'.repeat(16)}.pdf`;
    await writeFile(join(h.filesDir, fresh), '%PDF-1.4 in flight');
    await h.app.close();
    const restarted = await buildApp(h.config);
    h.app = restarted;
    // PGlite has one connection (the app's); PostgreSQL assertions keep their own pool.
    if (!h.config.databaseUrl) h.database = restarted.database;
    const kept = h.config.databaseUrl ? [...keep, fresh].sort() : keep;
    expect(await h.storedFiles()).toEqual(kept);
    expect(await h.database.db.select().from(applications)).toEqual(rowsBefore);
    expect(restarted.seedReport).toBeNull();
  });
});

describe('GET /health and headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('answers ok with security headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('CORS allows the app origins only', async () => {
    const allowed = await h.app.inject({
      method: 'OPTIONS',
      url: '/admin-login.php',
      headers: {
        origin: 'http://localhost:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    const denied = await h.app.inject({
      method: 'GET',
      url: '/list-club.php',
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('unknown paths answer 404 in the common shape', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      status: false,
      message: 'Not found.',
      code: 'server.notFound',
    });
  });
});
