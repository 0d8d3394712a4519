/**
 * A TCP relay in front of the API that counts the bytes each way: what the phone really sent
 * (bodies, headers, tus's HEAD and PATCH calls, retries), not what the page meant to send.
 */
import { connect, createServer, type AddressInfo } from 'node:net';

export interface ByteCounter {
  /** The relay's address, to give the app as its API. */
  url: string;
  /** Bytes from the browser to the API, and back, since the relay started. */
  read(): { sent: number; received: number };
  close(): Promise<void>;
}

export async function byteCounter(target: string): Promise<ByteCounter> {
  const { hostname, port } = new URL(target);
  let sent = 0;
  let received = 0;
  const open = new Set<{ destroy(): void }>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    open.add(client);
    open.add(upstream);
    client.on('data', (chunk: Buffer) => (sent += chunk.length));
    upstream.on('data', (chunk: Buffer) => (received += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      open.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    read: () => ({ sent, received }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser's kept-alive connections would hold the relay open.
        for (const socket of open) socket.destroy();
      }),
  };
}
