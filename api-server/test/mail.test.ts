import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { createHarness, PASSWORD, type Harness } from './harness';

let h: Harness;
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  h = await createHarness({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Municipality <noc@municipality.test>',
  });
});
afterAll(async () => {
  await h?.close();
  await smtp.close();
});

describe('forgot password with SMTP_URL', () => {
  it('sends the temporary password over SMTP and writes no outbox file', async () => {
    const club = await h.club();
    const res = await h.app.inject({
      method: 'POST',
      url: '/forget-password.php',
      payload: { email: club.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password has been sent to your email!');
    // The mail leaves after the answer (so its timing tells nothing): wait for it.
    const mail = await vi.waitFor(
      () => {
        // The password mail (the address also got its registration's confirmation link).
        const found = smtp.messages.find(
          (m) => m.text.includes(club.email) && m.text.includes('Temporary password'),
        )?.text;
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 15_000 },
    );
    expect(mail).toContain('From: Municipality <noc@municipality.test>');
    expect(mail).toContain('Subject: Your new Puja NOC Portal password');
    const password = /Temporary password: (\S+)/.exec(mail ?? '')?.[1];
    expect(password).toBeTruthy();
    expect(password).not.toBe(PASSWORD);
    const login = await h.app.inject({
      method: 'POST',
      url: '/club-login.php',
      payload: { email: club.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(existsSync(join(h.config.dataDir, 'outbox'))).toBe(false);
  });
});
