/**
 * Sends one SMS (issue 23, docs/decisions 0031): through the HTTP SMS gateway of SMS_URL, one
 * request per message carrying every parameter under the name the gateway expects; without
 * SMS_URL each message becomes a file in DATA_DIR/sms-outbox, as mails do in DATA_DIR/outbox.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMS_TEMPLATES, countSmsParts, type Locale, type SmsTemplateKey } from '@puja/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsGatewayConfig } from '../config';

/** One rendered SMS: a 10-digit Indian mobile, the text and the template it follows. */
export interface Sms {
  to: string;
  text: string;
  template: SmsTemplateKey;
  locale: Locale;
}

export interface SmsSender {
  /** Resolves once the gateway accepted the message (or the file is written); else throws. */
  send(sms: Sms): Promise<void>;
}

/** The request parameters of one message, under the gateway's names, extras first. */
export function gatewayParams(gateway: SmsGatewayConfig, sms: Sms): URLSearchParams {
  const names = gateway.paramNames;
  const { encoding } = countSmsParts(sms.text);
  const params = new URLSearchParams();
  for (const [name, value] of gateway.extraParams) params.append(name, value);
  const values: Array<readonly [string, string]> = [
    [names.username, gateway.username],
    [names.key, gateway.key],
    [names.sender, gateway.senderId],
    [names.entity, gateway.entityId],
    [names.template, gateway.templateIds[`${sms.template}.${sms.locale}`] ?? ''],
    [names.mobile, `${gateway.mobilePrefix}${sms.to}`],
    [names.message, sms.text],
    [names.unicode, encoding === 'UCS-2' ? gateway.unicodeOn : gateway.unicodeOff],
  ];
  // A parameter the gateway does not take is configured with an empty name.
  for (const [name, value] of values) if (name) params.set(name, value);
  return params;
}

/** How much of a gateway's answer is kept (in the outbox row staff read, and in the log). */
export const GATEWAY_SUMMARY_CHARS = 120;
const REDACTED = '[redacted]';

/**
 * A gateway's answer as it may be stored and logged (issue 26, L2): every parameter of the
 * request (account, key, number, text) and every word of four characters or more of the text
 * (a code, a password) blanked
 * wherever the answer repeats them, plain or URL-encoded; control characters and runs of
 * spaces folded; at most GATEWAY_SUMMARY_CHARS characters.
 */
export function gatewayAnswerSummary(answer: string, params: URLSearchParams): string {
  const secrets = new Set<string>();
  for (const [, value] of params) {
    secrets.add(value);
    // A code or a password inside the text: each of its words.
    for (const word of value.split(/[\s.,;:!?()]+/)) secrets.add(word);
  }
  let text = answer.slice(0, 4096);
  // Longest first: a value is blanked whole before the words inside it.
  const ordered = [...secrets].filter((v) => v.length >= 4).sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ v: secret }).toString().slice(2),
    ])) {
      text = text.split(form).join(REDACTED);
    }
  }
  text = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > GATEWAY_SUMMARY_CHARS
    ? `${text.slice(0, GATEWAY_SUMMARY_CHARS - 1)}…`
    : text;
}

function gatewaySender(gateway: SmsGatewayConfig, log: FastifyBaseLogger): SmsSender {
  return {
    async send(sms) {
      const params = gatewayParams(gateway, sms);
      const url = new URL(gateway.url);
      if (gateway.method === 'GET') {
        for (const [name, value] of params) url.searchParams.append(name, value);
      }
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: gateway.method,
          ...(gateway.method === 'POST' ? { body: params } : {}),
          signal: AbortSignal.timeout(gateway.timeoutMs),
        });
      } catch (error) {
        // The URL of a GET carries the key: the error names the host only.
        const why =
          error instanceof Error && error.name === 'TimeoutError' ? 'no answer' : 'failed';
        throw new Error(`SMS gateway ${url.host}: ${why}`, { cause: error });
      }
      const body = await answer.text();
      // The answer may echo the request (key, code, password): only a redacted summary goes on.
      const summary = () => gatewayAnswerSummary(body, params);
      if (!answer.ok) throw new Error(`SMS gateway answered ${answer.status}: ${summary()}`);
      if (gateway.successMatch && !gateway.successMatch.test(body.slice(0, 300))) {
        throw new Error(`SMS gateway refused the message (${answer.status}): ${summary()}`);
      }
      log.info({ to: sms.to, template: sms.template }, 'sms sent');
    },
  };
}

function fileSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const outbox = join(dataDir, 'sms-outbox');
  let sequence = 0;
  return {
    async send(sms) {
      await mkdir(outbox, { recursive: true });
      // Named so that a sorted listing is the sending order, also within one millisecond.
      sequence += 1;
      const order = `${Date.now()}-${String(sequence).padStart(9, '0')}`;
      const file = join(outbox, `${order}-${randomBytes(4).toString('hex')}.txt`);
      const size = countSmsParts(sms.text);
      const head = [
        `To: ${sms.to}`,
        `Template: ${sms.template}`,
        `DLT-Template-Id: ${SMS_TEMPLATES[sms.template].dltTemplateId[sms.locale]}`,
        `Language: ${sms.locale}`,
        `Encoding: ${size.encoding}`,
        `Parts: ${size.parts}`,
      ];
      // Written whole, then named .txt: a crash never leaves half a message in the outbox.
      await writeFile(`${file}.tmp`, `${head.join('\n')}\n\n${sms.text}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      log.info({ to: sms.to, file }, 'no SMS_URL: sms written to the sms outbox');
    },
  };
}

/** The gateway when SMS_URL is set; otherwise files in DATA_DIR/sms-outbox. */
export function createSmsSender(options: {
  gateway: SmsGatewayConfig | null;
  dataDir: string;
  log: FastifyBaseLogger;
}): SmsSender {
  return options.gateway
    ? gatewaySender(options.gateway, options.log)
    : fileSender(options.dataDir, options.log);
}
