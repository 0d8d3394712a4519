import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * IDLE_TIMEOUT_SECONDS counts only while the server waits for the client: for its request's
 * headers or body, or for the next request on a kept-alive connection. Once a request has been
 * read in full, the server's own work on it (a queue of PDF checks, a busy database) never cuts
 * it: the socket's idle timer is stopped when the body's last byte arrives and started again
 * when the answer leaves. Before, a submit queued behind PDF checks for longer than the idle
 * timeout was cut after it committed, and the club never heard that it had.
 *
 * Every cut of a connection whose request was still in flight is logged at `warn` with its
 * cause; an idle kept-alive connection closing is routine and logged at `debug`.
 */
export function keepIdleTimeoutForTheClient(app: FastifyInstance, idleTimeoutMs: number): void {
  /** The request each socket is serving, while it is served. */
  const serving = new WeakMap<Socket, FastifyRequest>();
  /** Requests read in full, whose socket timer is stopped. */
  const read = new WeakSet<FastifyRequest>();

  /** A real connection's socket (app.inject's stand-in has no timer). */
  const socketOf = (request: FastifyRequest): Socket | null => {
    const socket = request.raw.socket as Socket | undefined;
    return typeof socket?.setTimeout === 'function' ? socket : null;
  };
  const stopTimer = (request: FastifyRequest) => {
    read.add(request);
    socketOf(request)?.setTimeout(0);
  };

  app.addHook('onRequest', async (request, reply) => {
    const socket = socketOf(request);
    if (!socket) return;
    serving.set(socket, request);
    // Node stops the timer of a kept-alive connection when its next request starts: its body
    // is waited for like the first one's.
    if (!request.raw.complete) socket.setTimeout(idleTimeoutMs);
    // (A body nobody read is drained after the answer: the kept-alive timer Node set then stays.)
    request.raw.once('end', () => {
      if (!reply.raw.headersSent) stopTimer(request);
    });
  });
  // By now a body Fastify parses has been read, and a request without a body is complete; a
  // body the handler streams (multipart, tus) stops the timer with its 'end' event above.
  app.addHook('preHandler', async (request) => {
    if (request.raw.complete) stopTimer(request);
  });
  // The answer leaves: a client that does not read it is waited for no longer than any other.
  app.addHook('onSend', async (request) => {
    if (read.has(request)) socketOf(request)?.setTimeout(idleTimeoutMs);
  });
  app.addHook('onResponse', async (request) => {
    const socket = socketOf(request);
    if (socket && serving.get(socket) === request) serving.delete(socket);
  });

  // Node destroys a timed-out socket only when nobody listens for 'timeout'; this listener
  // takes that over, to say why.
  app.server.on('timeout', (socket: Socket) => {
    const request = serving.get(socket);
    if (request) {
      request.log.warn(
        {
          cause: read.has(request)
            ? 'the client stopped reading the answer'
            : 'the client stopped sending its request',
          idleSeconds: idleTimeoutMs / 1000,
          method: request.method,
          url: request.routeOptions.url ?? request.url,
        },
        'connection cut: idle client',
      );
      socket.destroy();
      return;
    }
    // A kept-alive connection with nothing to serve is closed, unless its next request already
    // waits unread: under a surge the event loop can be busy past the keep-alive time, and its
    // timers run before it reads the sockets, so the timer fired under a request the client had
    // sent in time, and that call was lost. Its sockets are read before setImmediate runs: bytes
    // that came meanwhile are a request, and the connection stays for it.
    const bytesBefore = socket.bytesRead;
    setImmediate(() => {
      if (socket.destroyed || socket.bytesRead > bytesBefore) return;
      app.log.debug('idle connection closed');
      socket.destroy();
    });
  });
}
