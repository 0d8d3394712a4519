// Deadline day (issue 26): a kept-alive connection whose next request is already waiting when
// its keep-alive timer fires (the event loop was too busy to read it in time: a surge) is not
// closed under that request. Before, the server closed it and the call was lost ("other side
// closed"), the way the surge benchmark lost submits under load.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningHarness, type Harness } from './harness';

let h: Harness;
let port: number;

beforeAll(async () => {
  ({ h, port } = await listeningHarness({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' }));
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
    socket.write(HEALTH);
    busy(2_600);
    expect(await second).toMatch(/^HTTP\/1\.1 200/);
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
