import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

type Role = 'admin' | 'store' | 'chairman' | 'club';

/** Every protected call and the roles SPEC §6 allows; everyone else gets 403, no token 401. */
const PROTECTED: [method: 'GET' | 'POST', url: string, allowed: Role[]][] = [
  ['GET', '/apply-for-noc-list.php', ['admin', 'store', 'chairman']],
  ['GET', '/dashboard.php', ['admin', 'store', 'chairman']],
  ['GET', '/application-history.php?id=1', ['admin', 'store', 'chairman']],
  ['POST', '/my-noc.php', ['club']],
  ['POST', '/apply-for-noc.php', ['club']],
  ['POST', '/update-images.php', ['club']],
  ['POST', '/acknowledgement-update.php', ['club']],
  ['POST', '/image-status-update.php', ['admin', 'store']],
  ['POST', '/update-chairman-status.php', ['admin', 'chairman']],
  ['POST', '/add-club.php', ['admin', 'store', 'chairman']],
  ['POST', '/update-club.php', ['admin', 'store', 'chairman']],
  ['POST', '/club-update-status.php', ['admin', 'store', 'chairman']],
  ['POST', '/delete-club.php?id=1', ['admin', 'store', 'chairman']],
  ['POST', '/release-club.php', ['admin']],
  ['GET', '/list-users.php', ['admin', 'chairman']],
  ['POST', '/add-user.php', ['admin', 'chairman']],
  ['POST', '/update-user.php', ['admin', 'chairman']],
  ['GET', '/delete-user.php?id=1', ['admin', 'chairman']],
  ['POST', '/logout.php', ['admin', 'store', 'chairman', 'club']],
  ['POST', '/change-password.php', ['admin', 'store', 'chairman', 'club']],
  ['GET', '/season-open-applications.php', ['admin', 'store', 'chairman']],
  ['POST', '/close-season-review.php', ['admin', 'chairman']],
];

const ROLES: Role[] = ['admin', 'store', 'chairman', 'club'];

let h: Harness;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  h = await createHarness();
  const team = await h.staffTeam();
  for (const role of ['admin', 'store', 'chairman'] as const) tokens[role] = team[role].token;
  tokens.club = (await h.club()).token;
});
afterAll(() => h.close());

const denials = PROTECTED.flatMap(([method, url, allowed]) =>
  ROLES.filter((role) => !allowed.includes(role)).map((role) => [method, url, role] as const),
);

describe('access per call (SPEC §6, enforced on the server)', () => {
  it.each(PROTECTED)('%s %s without a token is 401 and changes nothing', async (method, url) => {
    const before = await h.snapshot();
    const res = await h.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      status: false,
      message: 'Please log in to continue.',
      code: 'auth.required',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it.each(denials)('%s %s as %s is 403 and changes nothing', async (method, url, role) => {
    const before = await h.snapshot();
    const res = await h.app.inject({
      method,
      url,
      payload: method === 'POST' ? { id: 1, clubname: 'X', status: 'I' } : undefined,
      headers: h.bearer(tokens[role]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'You are not allowed to do this.',
      code: 'auth.forbidden',
    });
    expect(await h.snapshot()).toEqual(before);
  });
});
