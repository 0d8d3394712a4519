// Password guesses are counted per account whatever carries the e-mail (JSON, urlencoded form,
// multipart, query string), and the current password's guesses on change-password count as
// failed logins of the same account (src/accounts/login-throttle.ts countedPasswordCheck).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, multipart, PASSWORD, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  // Addresses never run out here: only the per-account count can refuse.
  h = await createHarness({ LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
});
afterAll(() => h?.close());

type Transport = 'json' | 'form' | 'multipart' | 'query';
let client = 0;

/** One login attempt from a new client address, its e-mail and password sent by `transport`. */
function login(path: string, transport: Transport, email: string, password: string) {
  client += 1;
  const headers = { 'x-forwarded-for': `198.51.100.${client % 250}` };
  const url = (query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
  switch (transport) {
    case 'json':
      return h.app.inject({ method: 'POST', url: path, headers, payload: { email, password } });
    case 'form':
      return h.app.inject({
        method: 'POST',
        url: path,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, password }).toString(),
      });
    case 'multipart': {
      const body = multipart({ email, password }, {});
      return h.app.inject({
        method: 'POST',
        url: path,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    }
    case 'query':
      // The e-mail in the query string, only the password in the body (issue 19, item 1).
      return h.app.inject({ method: 'POST', url: url({ email }), headers, payload: { password } });
  }
}

const TRANSPORTS: Transport[] = ['json', 'form', 'multipart', 'query'];

describe('the per-account login lockout, whatever carries the e-mail', () => {
  for (const path of ['/admin-login.php', '/club-login.php']) {
    for (const transport of TRANSPORTS) {
      it(`${path}, ${transport}: five wrong passwords, then even the right one waits (429)`, async () => {
        const email =
          path === '/admin-login.php' ? (await h.staff('chairman')).email : (await h.club()).email;
        const codes = [];
        for (let i = 0; i < 5; i += 1) {
          codes.push((await login(path, transport, email, `wrong-${i}`)).statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 401, 401]);
        const waiting = await login(path, transport, email, PASSWORD);
        expect(waiting.statusCode).toBe(429);
        expect(waiting.headers['retry-after']).toBe('1');
        expect(waiting.json().code).toBe('login.tooManyAttempts');
        // The same account by another transport waits too: one count per account.
        const other = transport === 'json' ? 'query' : 'json';
        expect((await login(path, other, email.toUpperCase(), PASSWORD)).statusCode).toBe(429);
      });
    }
  }
});

describe('change-password: guesses of the current password are counted per account', () => {
  const change = (token: string, current: string, address: string) =>
    h.app.inject({
      method: 'POST',
      url: '/change-password.php',
      headers: { ...h.bearer(token), 'x-forwarded-for': address },
      payload: { current_password: current, new_password: 'Chosen#2025' },
    });

  it('after five wrong current passwords the account waits, on change-password and on login', async () => {
    const club = await h.club();
    const codes = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await change(club.token, `guess-${i}`, `203.0.113.${i}`)).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 422, 422]);
    const waiting = await change(club.token, PASSWORD, '203.0.113.50');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().code).toBe('login.tooManyAttempts');
    // The login of that account waits as well, and the password is unchanged.
    expect((await login('/club-login.php', 'json', club.email, PASSWORD)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login('/club-login.php', 'json', club.email, 'Chosen#2025')).statusCode).toBe(
      401,
    );
  });

  it('a right current password clears the account’s count', async () => {
    const club = await h.club();
    for (let i = 0; i < 4; i += 1) await change(club.token, `guess-${i}`, '203.0.113.60');
    expect((await change(club.token, PASSWORD, '203.0.113.61')).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await login('/club-login.php', 'json', club.email, `wrong-${i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401]);
    expect((await login('/club-login.php', 'json', club.email, 'Chosen#2025')).statusCode).toBe(
      200,
    );
  });
});
