// The cached list is incremental: a write re-serialises only the rows it touched, a write that
// changes nothing in the list leaves the answer as it is, and the answer is never stale once
// the writer's own request has returned. The gzip answer is the JSON answer, byte for byte.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApplications, toWire } from '../src/applications/application-store';
import { applications } from '../src/db/schema';
import { createFileLinks } from '../src/applications/file-links';
import { createListCache } from '../src/applications/list-cache';
import { createHarness, pdf, type Harness } from './harness';

let h: Harness;
let admin: { token: string };
const ids: number[] = [];
const clubsOf = new Map<number, number>();
const tokens = new Map<number, string>();

async function list(token: string, extra: Record<string, string> = {}) {
  return h.app.inject({
    method: 'GET',
    url: '/apply-for-noc-list.php',
    headers: { ...h.bearer(token), 'accept-encoding': 'gzip', ...extra },
  });
}

async function listed() {
  const res = await list(admin.token);
  expect(res.statusCode).toBe(200);
  return JSON.parse(gunzipSync(res.rawPayload).toString()) as {
    data: { id: number; club_name: string; phone: string; certificate_status: string }[];
  };
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.staff('admin');
  for (let i = 0; i < 5; i += 1) {
    const club = await h.club();
    const res = await h.apply(club);
    const id = res.json().data.id as number;
    ids.push(id);
    clubsOf.set(id, club.clubId);
    tokens.set(id, club.token);
  }
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the cached list', () => {
  it('gzip and plain answers are the same bytes, and equal a fresh serialisation', async () => {
    const zipped = await list(admin.token);
    const plain = await list(admin.token, { 'accept-encoding': 'identity' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    const links = createFileLinks(h.config.fileUrlSecret, h.config.fileUrlTtlSeconds);
    const fresh = (await listApplications(h.database.db, 2025)).map((app) => toWire(app, links));
    expect(JSON.parse(plain.body).data).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('a review re-serialises only the row it changed, and the next answer shows it', async () => {
    await listed();
    const before = h.app.listCache.stats();
    const id = ids[1] as number;
    const upload = await h.uploadAcknowledgement(
      { token: tokens.get(id) as string },
      id,
      pdf('signed.pdf'),
    );
    expect(upload.statusCode).toBe(200);
    const review = await h.app.inject({
      method: 'POST',
      url: '/image-status-update.php',
      headers: h.bearer(admin.token),
      payload: { id, acknowledgement_status: 2, acknowledgement_reason: 'Unsigned' },
    });
    expect(review.statusCode).toBe(200);
    const after = await listed();
    const stats = h.app.listCache.stats();
    // Two writes, one build, one row.
    expect(stats.builds - before.builds).toBe(1);
    expect(stats.rowsSerialised - before.rowsSerialised).toBe(1);
    expect(after.data.find((row) => row.id === id)).toMatchObject({ id });
    expect(JSON.stringify(after.data.find((row) => row.id === id))).toContain('Unsigned');
  });

  it('a club rename reaches its row; a status toggle changes nothing and rebuilds nothing', async () => {
    const id = ids[2] as number;
    const clubId = clubsOf.get(id) as number;
    const first = await list(admin.token);
    const before = h.app.listCache.stats();
    const toggle = await h.app.inject({
      method: 'POST',
      url: '/club-update-status.php',
      headers: h.bearer(admin.token),
      payload: { id: clubId, status: 'I' },
    });
    expect(toggle.statusCode).toBe(200);
    const second = await list(admin.token);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(h.app.listCache.stats().builds).toBe(before.builds);

    const rename = await h.app.inject({
      method: 'POST',
      url: '/update-club.php',
      headers: h.bearer(admin.token),
      payload: { id: clubId, clubname: 'Renamed Sarbojanin' },
    });
    expect(rename.statusCode).toBe(200);
    const renamed = await listed();
    expect(renamed.data.find((row) => row.id === id)?.club_name).toBe('Renamed Sarbojanin');
    expect(h.app.listCache.stats().rowsSerialised - before.rowsSerialised).toBe(1);
  });

  it('a removed application leaves the list', async () => {
    const id = ids[4] as number;
    await h.database.db.delete(applications).where(eq(applications.id, id));
    const after = await listed();
    expect(after.data.map((row) => row.id)).not.toContain(id);
    expect(after.data.map((row) => row.id)).toEqual(ids.slice(0, 4));
  });

  it('readers arriving together share one build', async () => {
    const id = ids[0] as number;
    await h.database.db
      .update(applications)
      .set({ pujaLocationAddress: 'New pandal lane' })
      .where(eq(applications.id, id));
    const before = h.app.listCache.stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => list(admin.token)));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(h.app.listCache.stats().builds - before.builds).toBe(1);
  });

  it('a season not asked for a while is dropped and built afresh when asked again', async () => {
    let clock = 0;
    const links = createFileLinks(h.config.fileUrlSecret, h.config.fileUrlTtlSeconds);
    const cache = createListCache(h.database.db, links, { idleMs: 60_000, now: () => clock });
    const first = await cache.get(2025);
    await cache.get(2024);
    expect(cache.heldSeasons().sort()).toEqual([2024, 2025]);
    expect(cache.stats().builds).toBe(2);
    // 2025 is asked all along; 2024 is left alone for over a minute.
    clock = 30_000;
    await cache.get(2025);
    clock = 61_000;
    await cache.get(2025);
    expect(cache.heldSeasons()).toEqual([2025]);
    expect(cache.stats().builds).toBe(2);
    // Asked again: built afresh, the work of the dropped one still counted.
    await cache.get(2024);
    expect(cache.stats().builds).toBe(3);
    expect((await cache.get(2025)).etag).toBe(first.etag);
  });
});
