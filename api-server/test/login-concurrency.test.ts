// Issue 26, M1 and M2: password guesses sent at once are held as guesses sent in turn (the
// attempt is claimed before its check), and failures from other addresses never lock an
// account's owner out of an address that logged into it lately (src/accounts/login-throttle.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  // Ten failures a minute per address; the client address comes from X-Forwarded-For.
  h = await createHarness({ LOGIN_RATE_LIMIT: '10', TRUST_PROXY: '1' });
});
afterAll(() => h?.close());

/** The free failures of an account (decision 0033): the sixth attempt waits. */
const FREE_FAILURES = 5;
let next = 0;
/** A client address no other test uses. */
const newAddress = () => {
  next += 1;
  return `198.51.${Math.floor(next / 250)}.${next % 250}`;
};

function login(path: string, email: string, password: string, address: string) {
  return h.app.inject({
    method: 'POST',
    url: path,
    headers: { 'x-forwarded-for': address },
    payload: { email, password },
  });
}

/** How many answers had each status. */
const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>(
    (all, code) => ({ ...all, [code]: (all[code] ?? 0) + 1 }),
    {},
  );

describe('guesses sent at once (M1)', () => {
  for (const path of ['/club-login.php', '/admin-login.php']) {
    it(`${path}: 60 wrong passwords at once from 60 addresses: five are checked, the rest 429`, async () => {
      const email =
        path === '/admin-login.php' ? (await h.staff('chairman')).email : (await h.club()).email;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(path, email, `wrong-${i}`, newAddress())),
      );
      const counts = tally(answers.map((a) => a.statusCode));
      expect(counts).toEqual({ 401: FREE_FAILURES, 429: 60 - FREE_FAILURES });
      const refused = answers.find((a) => a.statusCode === 429);
      expect(refused?.json().code).toBe('login.tooManyAttempts');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  }

  it('60 wrong passwords at once from one address: no more checked than its limit a minute', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login('/club-login.php', `nobody-${i}@test.example`, 'wrong', address),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 10, 429: 50 });
  });

  it('change-password: 60 wrong current passwords at once: five are checked, the rest 429', async () => {
    const club = await h.club();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: '/change-password.php',
          headers: { ...h.bearer(club.token), 'x-forwarded-for': newAddress() },
          payload: { current_password: `guess-${i}`, new_password: 'Chosen#2025' },
        }),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({
      422: FREE_FAILURES,
      429: 60 - FREE_FAILURES,
    });
  });

  it('right passwords at once behind one address (a NAT) all log in: they wait, never 429', async () => {
    const staff = await Promise.all(Array.from({ length: 14 }, () => h.staff('store')));
    const address = newAddress();
    // Fourteen logins at once from one address whose limit is ten failures a minute: the ones
    // past ten wait for those in flight, which count nothing once they succeed.
    const answers = await Promise.all(
      staff.map((one) => login('/admin-login.php', one.email, PASSWORD, address)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(14).fill(200));
    // And that address's ten failures a minute are all still there.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login('/admin-login.php', `nobody-${i}@test.example`, 'wrong', address),
      ),
    );
    expect(tally(guesses.map((a) => a.statusCode))).toEqual({ 401: 10, 429: 2 });
  });
});

describe('known addresses (M2)', () => {
  it('a flood from other addresses holds the account, never its owner at a known address', async () => {
    const chairman = await h.staff('chairman');
    const home = newAddress();
    expect((await login('/admin-login.php', chairman.email, PASSWORD, home)).statusCode).toBe(200);
    const flood = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login('/admin-login.php', chairman.email, `wrong-${i}`, newAddress()),
      ),
    );
    expect(flood.filter((a) => a.statusCode === 429)).toHaveLength(20 - FREE_FAILURES);
    // Another address, even with the right password, waits: the account is held there.
    const stranger = await login('/admin-login.php', chairman.email, PASSWORD, newAddress());
    expect(stranger.statusCode).toBe(429);
    // The owner's known address logs in at once.
    const owner = await login('/admin-login.php', chairman.email, PASSWORD, home);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toEqual(expect.any(String));
  });

  it('a known address has its own count: five wrong there, and it waits too', async () => {
    const club = await h.club();
    const home = newAddress();
    expect((await login('/club-login.php', club.email, PASSWORD, home)).statusCode).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login('/club-login.php', club.email, `w-${i}`, home)),
    );
    expect(tally(guesses.map((a) => a.statusCode))).toEqual({ 401: FREE_FAILURES, 429: 3 });
    expect((await login('/club-login.php', club.email, PASSWORD, home)).statusCode).toBe(429);
    // Its failures are its own: another address is not held by them.
    expect((await login('/club-login.php', club.email, PASSWORD, newAddress())).statusCode).toBe(
      200,
    );
  });

  it('the per-address limit still holds a known address', async () => {
    const club = await h.club();
    const home = newAddress();
    expect((await login('/club-login.php', club.email, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) await login('/club-login.php', `x${i}@test.example`, 'w', home);
    const held = await login('/club-login.php', club.email, PASSWORD, home);
    expect(held.statusCode).toBe(429);
  });
});
