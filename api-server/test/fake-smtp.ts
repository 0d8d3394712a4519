import { createServer, type Server, type Socket } from 'node:net';

/** One message an SMTP client handed over (after its DATA's final dot). */
export interface ReceivedMail {
  text: string;
  /** When its last line arrived (ms since the epoch). */
  at: number;
}

/**
 * How the server answers a complete message: accept it (it is kept), refuse it with a
 * temporary failure (not kept), or never answer (kept: the client has handed it over, as a
 * relay that got the bytes before the sender died).
 */
export type SmtpVerdict = 'accept' | 'refuse' | 'hold';

export interface FakeSmtp {
  server: Server;
  port: number;
  url: string;
  /** Messages accepted or held, in arrival order. */
  messages: ReceivedMail[];
  /** Every complete message seen, refused ones included (one per sending attempt). */
  attempts: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server for tests. `verdict` decides each complete message's fate (its index
 * counts every attempt); `onMessage` runs when a message's last line arrived, before answering.
 */
export function startFakeSmtp(
  options: {
    verdict?: (mail: ReceivedMail, index: number) => SmtpVerdict;
    onMessage?: (mail: ReceivedMail) => void;
  } = {},
): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const attempts: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {
      // a client killed mid-conversation: expected in crash tests
    });
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
            const mail = { text: message, at: Date.now() };
            message = null;
            const verdict = options.verdict?.(mail, attempts.length) ?? 'accept';
            attempts.push(mail);
            if (verdict !== 'refuse') messages.push(mail);
            options.onMessage?.(mail);
            if (verdict === 'accept') socket.write('250 queued\r\n');
            if (verdict === 'refuse') socket.write('451 4.3.0 try again later\r\n');
          } else {
            message += `${line.startsWith('..') ? line.slice(1) : line}\n`;
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
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        server,
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
        attempts,
        close: () =>
          new Promise((closed) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => closed());
          }),
      });
    }),
  );
}

/** A header of a received or written mail (`Subject`, `Message-ID`, …), unfolded. */
export function headerOf(mail: string, name: string): string | undefined {
  const head = mail.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
