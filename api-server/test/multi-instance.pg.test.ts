// Two server instances on one PostgreSQL, as behind a load balancer (README "Several instances
// on one PostgreSQL"). Runs in the PostgreSQL pass only: PGlite is one process's database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { applications } from '../src/db/schema';
import {
  applicationFields,
  applicationFiles,
  createHarness,
  multipart,
  PASSWORD,
  type Harness,
} from './harness';

let h: Harness;
/** The second instance: same DATABASE_URL, same files directory and link secret. */
let other: FastifyInstance;

beforeAll(async () => {
  h = await createHarness();
  other = await buildApp(h.config);
});
afterAll(async () => {
  await other.close();
  await h?.close();
});

const list = (app: FastifyInstance, token: string, etag?: string) =>
  app.inject({
    method: 'GET',
    url: '/apply-for-noc-list.php',
    headers: { ...h.bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
  });

function apply(app: FastifyInstance, club: { clubId: number; token: string }) {
  const body = multipart({ club_id: club.clubId, ...applicationFields() }, applicationFiles());
  return app.inject({
    method: 'POST',
    url: '/apply-for-noc.php',
    payload: body.payload,
    headers: { ...body.headers, ...h.bearer(club.token) },
  });
}

describe('two instances on one PostgreSQL', () => {
  it('a login on one instance is a session on the other; a logout on one ends it on both', async () => {
    const { store } = await h.staffTeam();
    expect((await list(other, store.token)).statusCode).toBe(200);
    const out = await other.inject({
      method: 'POST',
      url: '/logout.php',
      headers: h.bearer(store.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await list(h.app, store.token)).statusCode).toBe(401);
  });

  it('a cached list never outlives a write made on the other instance', async () => {
    const { admin } = await h.staffTeam();
    const before = await list(other, admin.token);
    const etag = String(before.headers.etag);
    expect((await list(other, admin.token, etag)).statusCode).toBe(304);
    const club = await h.club();
    const created = await apply(h.app, club);
    expect(created.statusCode).toBe(201);
    const after = await list(other, admin.token, etag);
    expect(after.statusCode).toBe(200);
    const ids = (after.json().data as { id: number }[]).map((row) => row.id);
    expect(ids).toContain(created.json().data.id);
  });

  it('a document link signed by one instance opens on the other', async () => {
    const club = await h.club();
    const created = (await apply(h.app, club)).json().data;
    const answer = await other.inject({ method: 'GET', url: `/${created.puja_budget}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(application\/pdf|image\/)/);
  });

  it('one club applying through both instances at once gets exactly one application', async () => {
    const club = await h.club();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => apply(i % 2 === 0 ? h.app : other, club)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await h.storedFiles()).toHaveLength(
      // five documents for every application that exists, nothing else
      5 * (await h.database.db.$count(applications)),
    );
  });

  it('reg_no stays sequential when both instances take applications', async () => {
    const clubs = [];
    for (let i = 0; i < 6; i++) clubs.push(await h.club());
    const answers = await Promise.all(clubs.map((club, i) => apply(i % 2 ? h.app : other, club)));
    const regNos = answers.map((a) => Number(a.json().data.reg_no)).sort((a, b) => a - b);
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    for (let i = 1; i < regNos.length; i++) expect(regNos[i]).toBe((regNos[i - 1] ?? 0) + 1);
  });

  it('login failures count once across both instances: the allowance is shared, not doubled', async () => {
    const limited = await createHarness({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    const second = await buildApp(limited.config);
    try {
      const login = (app: FastifyInstance, email: string, password: string, from: string) =>
        app.inject({
          method: 'POST',
          url: '/admin-login.php',
          payload: { email, password },
          headers: { 'x-forwarded-for': from },
        });
      // Per address: three failures in a minute, wherever they land, then 429 on both.
      const byAddress = [];
      for (let i = 0; i < 5; i += 1) {
        const app = i % 2 === 0 ? limited.app : second;
        byAddress.push(
          (await login(app, `guess${i}@test.example`, 'wrong', '203.0.113.5')).statusCode,
        );
      }
      expect(byAddress).toEqual([401, 401, 401, 429, 429]);
      // Per account: five failures from as many addresses, alternating instances, then both wait.
      const staff = await limited.staff('store');
      const byAccount = [];
      for (let i = 0; i < 5; i += 1) {
        const app = i % 2 === 0 ? limited.app : second;
        byAccount.push((await login(app, staff.email, 'wrong', `198.51.100.${i}`)).statusCode);
      }
      expect(byAccount).toEqual([401, 401, 401, 401, 401]);
      for (const app of [limited.app, second]) {
        const waiting = await login(app, staff.email, PASSWORD, '198.51.100.50');
        expect(waiting.statusCode).toBe(429);
        expect(waiting.headers['retry-after']).toBe('1');
      }
      // A success on one instance clears the account for both.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await login(second, staff.email, PASSWORD, '198.51.100.51')).statusCode).toBe(200);
      expect((await login(limited.app, staff.email, 'wrong', '198.51.100.52')).statusCode).toBe(
        401,
      );
      expect((await login(second, staff.email, PASSWORD, '198.51.100.53')).statusCode).toBe(200);
    } finally {
      await second.close();
      await limited.close();
    }
  });
});
