import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { SMS_TEMPLATES } from '@puja/domain';

/** One request the gateway received: its method, path and parameters (query and form body). */
export interface GatewayRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * How the gateway answers a request: accept it (200 and kept), refuse it (503, not kept),
 * answer 200 with an error text (not kept: gateways do that), refuse it with a 400 that echoes
 * every parameter it received, plain and URL-encoded (not kept: some gateways do that), or
 * never answer (kept: it got the message before the sender died).
 */
export type GatewayVerdict = 'accept' | 'refuse' | 'error-text' | 'echo' | 'hold';

export interface FakeSmsGateway {
  url: string;
  /** Messages accepted or held, in arrival order. */
  messages: GatewayRequest[];
  /** Every request, refused ones included (one per sending attempt). */
  attempts: GatewayRequest[];
  close(): Promise<void>;
}

async function paramsOf(request: IncomingMessage): Promise<Record<string, string>> {
  const url = new URL(request.url ?? '/', 'http://gateway.test');
  const params = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const type = request.headers['content-type'] ?? '';
  if (body && type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  }
  return params;
}

/**
 * A local HTTP SMS gateway for tests, speaking the form of the government SMS gateway and the
 * Indian aggregators: one request per message, its parameters in the query or a form body.
 * `verdict` decides each request's fate (its index counts every attempt); `onRequest` runs
 * when a request arrived, before answering.
 */
export function startFakeSmsGateway(
  options: {
    verdict?: (request: GatewayRequest, index: number) => GatewayVerdict;
    onRequest?: (request: GatewayRequest) => void;
  } = {},
): Promise<FakeSmsGateway> {
  const messages: GatewayRequest[] = [];
  const attempts: GatewayRequest[] = [];
  const sockets = new Set<Socket>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    void paramsOf(request).then((params) => {
      const received = {
        method: request.method ?? '',
        path: new URL(request.url ?? '/', 'http://gateway.test').pathname,
        params,
        at: Date.now(),
      };
      const verdict = options.verdict?.(received, attempts.length) ?? 'accept';
      attempts.push(received);
      if (verdict === 'accept' || verdict === 'hold') messages.push(received);
      options.onRequest?.(received);
      if (verdict === 'hold') {
        held.push(response);
        return;
      }
      const echo = () =>
        `ERROR invalid request ${JSON.stringify(params)} ${new URLSearchParams(params).toString()}`;
      const [status, text] =
        verdict === 'accept'
          ? [200, `OK ${attempts.length}`]
          : verdict === 'refuse'
            ? [503, 'gateway busy']
            : verdict === 'echo'
              ? [400, echo()]
              : [200, 'ERROR 1003 template mismatch'];
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        url: `http://127.0.0.1:${port}/api/send`,
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

/** The DLT configuration every gateway test gives: ids for every template and language. */
export function smsGatewayEnv(url: string, extra: Record<string, string> = {}) {
  return {
    SMS_URL: url,
    SMS_USERNAME: 'municipality',
    SMS_KEY: 'secret-key',
    SMS_SENDER_ID: 'WBPUJA',
    SMS_ENTITY_ID: '1101234567890123456',
    SMS_TEMPLATE_IDS: TEMPLATE_IDS,
    ...extra,
  };
}

/** `<key>.<locale>=<id>` for every template of the registry: 1107… and a running number. */
export const TEMPLATE_IDS = Object.keys(SMS_TEMPLATES)
  .flatMap((key, n) => [
    `${key}.en=11070000000000000${String(2 * n).padStart(2, '0')}`,
    `${key}.bn=11070000000000000${String(2 * n + 1).padStart(2, '0')}`,
  ])
  .join(',');

/** The id TEMPLATE_IDS gives a template in a language. */
export function templateIdOf(key: string, locale: 'en' | 'bn'): string {
  const entry = TEMPLATE_IDS.split(',').find((e) => e.startsWith(`${key}.${locale}=`));
  return entry?.split('=')[1] ?? '';
}
