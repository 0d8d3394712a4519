import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from './harness';

const lines: string[] = [];
let h: Harness;

beforeAll(async () => {
  h = await createHarness(
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => h.close());

describe('structured logs', () => {
  it('are JSON lines that never hold a password, a token or a link signature', async () => {
    const club = await h.club();
    const application = (await h.apply(club)).json().data;
    const staff = await h.staff('admin');
    await h.app.inject({
      method: 'POST',
      url: '/admin-login.php',
      payload: { email: staff.email, password: 'Wrong#Password1' },
    });
    await h.app.inject({
      method: 'POST',
      url: '/forget-password.php',
      payload: { email: staff.email },
    });
    const link = application.puja_budget as string;
    expect((await h.app.inject({ method: 'GET', url: `/${link}` })).statusCode).toBe(200);
    await h.app.inject({ method: 'POST', url: '/logout.php', headers: h.bearer(club.token) });

    expect(lines.length).toBeGreaterThan(10);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((r) => r.msg === 'incoming request')).toBe(true);
    const all = lines.join('\n');
    const signature = /sig=([\w-]{22})/.exec(link)?.[1];
    for (const secret of [PASSWORD, 'Wrong#Password1', club.token, staff.token, signature!]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/Temporary password/);
    expect(all).not.toMatch(/\$argon2id\$/);
  });
});

describe('a failing query', () => {
  it('answers 500 with the generic message and logs the query without its parameters', async () => {
    const failing: string[] = [];
    const broken = await createHarness(
      { LOG_LEVEL: 'error' },
      { logStream: { write: (line) => failing.push(line) } },
    );
    try {
      const staff = await broken.staff('admin');
      await broken.database.db.execute(sql`ALTER TABLE clubs RENAME TO clubs_gone`);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/add-club.php',
        payload: { clubname: 'Secret Marker Sangha' },
        headers: broken.bearer(staff.token),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        status: false,
        message: 'Something went wrong. Please try again.',
        code: 'server.error',
      });
      const record = failing
        .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
        .find((r) => r.msg === 'request failed');
      expect(record?.err?.type).toBe('DrizzleQueryError');
      expect(failing.join('\n')).not.toContain('Secret Marker Sangha');
      await broken.database.db.execute(sql`ALTER TABLE clubs_gone RENAME TO clubs`);
    } finally {
      await broken.close();
    }
  });
});
