import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, PASSWORD, type Harness } from './harness';

/** A minimal SMTP server that keeps every message it is given. */
function startSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let message: string | null = null;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message !== null) {
          if (line === '.') {
            messages.push(message);
            message = null;
            socket.write('250 queued\r\n');
          } else {
            message += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          message = '';
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write(command === 'EHLO' ? '250 test\r\n' : '250 ok\r\n');
        }
      }
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
    }),
  );
}

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  h = await createHarness({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Municipality <noc@municipality.test>',
  });
});
afterAll(async () => {
  await h?.close();
  smtp.server.close();
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
    const mail = await vi.waitFor(() => {
      const found = smtp.messages.find((m) => m.includes(club.email));
      expect(found).toBeDefined();
      return found;
    });
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
