// Deadline day (issue 26): a connection whose bytes are already waiting when its timer fires
// (the event loop was too busy to read them in time: a surge) is not closed under them: the rest
// of a request when the idle timer fires, or the next request when the keep-alive timer does.
// Before, the server closed it and the call was lost ("other side closed", a reset), the way the
// surge benchmark lost calls under load.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHarness, type Harness } from './harness';

let h: Harness;
let port: number;

beforeAll(async () => {
  ({ h, port } = await listeningHarness({
    KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    IDLE_TIMEOUT_SECONDS: '1',
  }));
});
afterAll(() => h?.close());

const HEALTH = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** Resolves with what arrives until `done` says it is whole, or null once the server closes. */
function answer(socket: Socket, done: (text: string) => boolean): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) finish(text);
    };
    const onClose = () => finish(null);
    const finish = (result: string | null) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(result);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

/** A whole answer of /health: its headers and its JSON body. */
const whole = (text: string) => text.includes('\r\n\r\n') && text.trimEnd().endsWith('}');

/** Keeps the event loop busy for `ms`, as a surge does. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // nothing: the loop is held
  }
}

describe('a kept-alive connection', () => {
  it('answers a next request that was waiting when the keep-alive timer ran out', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const first = answer(socket, whole);
    socket.write(HEALTH);
    expect(await first).toMatch(/^HTTP\/1\.1 200/);
    // The next request reaches the server's socket, but the server is too busy to read it
    // until after its keep-alive timer has run out (one second, and Node adds one more).
    const second = answer(socket, whole);
    // Held from the loop's check phase: its timers run next, before it reads the sockets again.
    await new Promise((resolve) => setImmediate(resolve));
    socket.write(HEALTH);
    busy(2_600);
    expect(await second).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });

  it('answers a request whose last bytes were waiting when the idle timer ran out', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'Not-the-password1' });
    const done = answer(socket, whole);
    socket.write(
      'POST /club-login.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The server has read the headers: the one-second idle timer waits for the body.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Held from the loop's check phase: its timers run next, before it reads the sockets again.
    await new Promise((resolve) => setImmediate(resolve));
    socket.write(body.slice(10));
    busy(1_600);
    expect(await done).toMatch(/^HTTP\/1\.1 [24]\d\d/);
    socket.destroy();
  });

  it('is still closed after its keep-alive time when no request comes', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const first = answer(socket, whole);
    socket.write(HEALTH);
    expect(await first).toMatch(/^HTTP\/1\.1 200/);
    const started = Date.now();
    expect(await answer(socket, () => false)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
