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
});
