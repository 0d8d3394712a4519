// One client address cannot hold every connection (src/http/connection-cap.ts), and idle connections
// are not held for long: on loopback, with a small cap and short timeouts, against the app
// listening on a real port. 127.0.0.2 is another client address of the same loopback.
import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from './harness';

const CAP = 4;
let h: Harness;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await createHarness({
    CONNECTIONS_PER_ADDRESS: String(CAP),
    IDLE_TIMEOUT_SECONDS: '2',
    KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await h?.close();
});

/** A connection from `from` that sends nothing; resolves once it is open. */
function idleConnection(from: string): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(Date.now() - opened)),
    );
    socket.once('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('close', () => reject(new Error('closed before it opened')));
  });
}

/** GET /health from a client address: its status, or the error that ended it. */
function health(from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { port, host: '127.0.0.1', path: '/health', localAddress: from, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('connections per client address', () => {
  it('one address holding the cap is refused more, while another address is answered', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => idleConnection('127.0.0.1')));
    // One more from the same address is closed as it arrives, before any answer.
    const refused = await health('127.0.0.1');
    expect(refused).not.toBe(200);
    expect(['ECONNRESET', 'socket hang up', 'EPIPE']).toContain(refused);
    // Everyone else is served as before.
    expect(await health('127.0.0.2')).toBe(200);
    // The held connections are idle: closed by the server within the idle timeout, after
    // which the address is served again.
    const lifetimes = await Promise.all(held.map((connection) => connection.closed));
    for (const lifetime of lifetimes) expect(lifetime).toBeLessThan(10_000);
    await vi.waitFor(async () => expect(await health('127.0.0.1')).toBe(200), { timeout: 5000 });
  });

  it('a kept-alive connection is closed soon after its last answer', async () => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
    sockets.push(socket);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answered = Date.now();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toLowerCase()).toContain('keep-alive');
    expect(Date.now() - answered).toBeLessThan(10_000);
  });
});
