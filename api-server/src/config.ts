import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOCALES, SMS_TEMPLATES, SMS_VARIABLE_MAX, type MunicipalityContact } from '@puja/domain';

/** The repository root: api-server/src/config.ts is two levels below it. */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const MB = 1024 * 1024;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
  // A libpq-style URL; not z.url(): `postgres://user@/db?host=/socket` is valid here.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_ORIGINS: z.string().default('http://localhost:5173,http://localhost:5174'),
  FILE_URL_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Puja NOC Portal <no-reply@localhost>'),
  PORTAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Who sends the mails to clubs and how clubs reach it (issue 27): named in every mail.
  MUNICIPALITY_NAME: z.string().trim().min(1).max(200).default('the municipality'),
  MUNICIPALITY_OFFICE: z.string().trim().max(200).optional(),
  MUNICIPALITY_PHONE: z.string().trim().max(40).optional(),
  // Empty: no e-mail address given (npm start passes each detail, empty when hidden).
  MUNICIPALITY_EMAIL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.email().optional(),
  ),
  MUNICIPALITY_HOURS: z.string().trim().max(200).optional(),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(60),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(3600),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_LINK: z.url({ protocol: /^https?$/ }).optional(),
  SMS_METHOD: z.enum(['GET', 'POST']).default('POST'),
  SMS_USERNAME: z.string().default(''),
  SMS_KEY: z.string().default(''),
  SMS_SENDER_ID: z.string().default(''),
  SMS_ENTITY_ID: z.string().default(''),
  SMS_TEMPLATE_IDS: z.string().default(''),
  SMS_MOBILE_PREFIX: z.string().regex(/^\d*$/, 'digits only').default('91'),
  SMS_UNICODE_ON: z.string().default('1'),
  SMS_UNICODE_OFF: z.string().default('0'),
  SMS_EXTRA_PARAMS: z.string().default(''),
  SMS_SUCCESS_MATCH: z.string().default(''),
  // Well inside the outbox's own send limit (90 s, src/messages/outbox.ts).
  SMS_PER_NUMBER_HOURLY: z.coerce.number().int().positive().default(5),
  SMS_PER_ADDRESS_HOURLY: z.coerce.number().int().positive().default(20),
  SMS_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(30),
  SMS_PARAM_USERNAME: z.string().default('username'),
  SMS_PARAM_KEY: z.string().default('key'),
  SMS_PARAM_SENDER: z.string().default('senderid'),
  SMS_PARAM_ENTITY: z.string().default('entityid'),
  SMS_PARAM_TEMPLATE: z.string().default('templateid'),
  SMS_PARAM_MOBILE: z.string().default('mobileno'),
  SMS_PARAM_MESSAGE: z.string().default('content'),
  SMS_PARAM_UNICODE: z.string().default('unicode'),
  MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(3 * MB),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  REGISTRATION_CONFIRM_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  REGISTRATION_CONFIRM_BY: z.enum(['auto', 'sms', 'mail']).default('auto'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  VERIFY_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(2),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().positive().default(8),
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().positive().default(15),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(120).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(120).default(5),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(120).default(20),
  PDF_CHECK_SECONDS: z.coerce.number().positive().max(120).default(10),
  SUBMIT_MAX_WAIT_SECONDS: z.coerce.number().int().positive().max(120).default(10),
  // Six documents of ten pages from the camera (issue 31): the five and the acknowledgement.
  STAGED_UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(60),
  STAGED_UPLOAD_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * MB),
  STAGED_UPLOAD_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 3600),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  DOCUMENT_RETENTION_SEASONS: z.coerce.number().int().min(1).max(100).default(3),
  // Issue 30: the days a club has to appeal a refusal, and the Appellate Officer's working days.
  APPEAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  APPEAL_DUE_DAYS: z.coerce.number().int().min(1).max(60).default(15),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Everything the server reads from its environment, checked once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A real PostgreSQL; absent means embedded PGlite under dataDir/pgdata. */
  databaseUrl: string | undefined;
  appOrigins: string[];
  fileUrlSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The club portal's public address, the base of the links in mails to clubs. */
  portalUrl: string;
  /** The municipality and its contact, which every mail to a club names (domain signMail). */
  municipality: MunicipalityContact;
  /**
   * The portal's short link in every SMS that asks the club to act (DLT `{#url#}`, issue 27):
   * SMS_LINK, else PORTAL_URL; at most 30 characters when SMS go to a gateway.
   */
  smsLink: string;
  /** Mails to clubs: the wait before the first retry, doubling per failure up to the maximum. */
  mailRetryMs: number;
  mailRetryMaxMs: number;
  /** How often the outbox worker looks for mails due. */
  mailPollMs: number;
  /** The HTTP SMS gateway (src/messages/sms-sender.ts); null: SMS are written to DATA_DIR/sms-outbox. */
  sms: SmsGatewayConfig | null;
  /**
   * SMS a caller may have sent per hour for each purpose (a temporary password, a registration
   * code): per mobile number and per client address (src/messages/sms-throttle.ts).
   */
  smsHourlyLimits: { mobile: number; address: number };
  maxFileBytes: number;
  fileUrlTtlSeconds: number;
  sessionTtlSeconds: number;
  /** How long a registration's confirmation link works; unconfirmed ones are then swept. */
  registrationConfirmHours: number;
  /**
   * How a registration is confirmed (docs/decisions/0034): 'sms', a 6-digit code sent to the
   * club's phone (through the gateway, or DATA_DIR/sms-outbox without one), or 'mail', the link.
   * REGISTRATION_CONFIRM_BY=auto (the default) is 'sms' when SMS_URL is set, else 'mail'.
   */
  registrationConfirmBy: 'sms' | 'mail';
  /** Failed logins per client address per minute; registrations and resets per minute. */
  loginRateLimit: number;
  /** Requests per client per minute on every other call. */
  rateLimit: number;
  /** Public certificate verifications per client address per minute. */
  verifyRateLimit: number;
  /** Multipart uploads one account may have in flight at once (more: 429 with Retry-After). */
  uploadsPerAccount: number;
  /** Multipart uploads one client address may have in flight at once. */
  uploadsPerAddress: number;
  /** An upload whose body sends nothing for this long is cut off (slow-loris uploads). */
  uploadIdleSeconds: number;
  /**
   * Open connections one client address may hold at once; more are closed as they arrive.
   * Connections from a trusted proxy (TRUST_PROXY) are not counted: the proxy caps per client.
   */
  connectionsPerAddress: number;
  /** A request's headers must arrive within this long (slow-loris headers). */
  headersTimeoutMs: number;
  /** A kept-alive connection with no next request is closed after this long. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (one that never sends). */
  idleTimeoutMs: number;
  /** An uploaded PDF not parsed within this long is refused as unreadable (pdf-inspection.ts). */
  pdfCheckMs: number;
  /**
   * A call carrying documents that would wait longer than this for the PDF checks queued before
   * it is refused before its body is read: 503 with Retry-After (surge.ts).
   */
  submitMaxWaitMs: number;
  /** Resumable uploads (`/uploads/`) an account may hold, not yet used by a call. */
  stagedUploadsPerAccount: number;
  /** Their declared bytes, together, per account. */
  stagedUploadBytesPerAccount: number;
  /** An upload no call has used within this many seconds is deleted by the sweeper. */
  stagedUploadTtlSeconds: number;
  /** Demo data on the first start of the embedded database (never with DATABASE_URL). */
  seedDemo: boolean;
  /**
   * How many seasons (the current one included) keep their uploaded documents; `pnpm
   * purge-documents` deletes older seasons' documents, keeping the facts (issue 20).
   */
  documentRetentionSeasons: number;
  /** Issue 30: the calendar days a club has to appeal, the Appellate Officer's working days. */
  appeals: { windowDays: number; dueDays: number };
  /**
   * Fastify's trustProxy: false (default: the socket address is the client), a hop count or
   * the proxies' addresses; the client is the right-most X-Forwarded-For entry that is not a
   * trusted proxy. Only behind a load balancer: the login limits key on the client address.
   */
  trustProxy: false | number | string[];
  logLevel: string;
}

/** The request parameters an SMS gateway is sent, each under the name the gateway expects. */
export const SMS_PARAMS = [
  'username',
  'key',
  'sender',
  'entity',
  'template',
  'mobile',
  'message',
  'unicode',
] as const;
export type SmsParam = (typeof SMS_PARAMS)[number];

/**
 * An HTTP SMS gateway of the kind the government's SMS gateway and the Indian aggregators run:
 * one request per message with the account, the DLT sender and entity ids, the template id, the
 * mobile number, the text and a Unicode flag.
 */
export interface SmsGatewayConfig {
  url: string;
  method: 'GET' | 'POST';
  username: string;
  key: string;
  /** The DLT header (sender id, six letters) and the principal entity id. */
  senderId: string;
  entityId: string;
  /** The DLT id of each template, by `<template key>.<locale>` (domain SMS_TEMPLATES). */
  templateIds: Readonly<Record<string, string>>;
  /** Put before the ten digits of a mobile number ('91': 919830012345). */
  mobilePrefix: string;
  /** The Unicode flag's value for a UCS-2 (Bengali) message and for a GSM-7 one. */
  unicodeOn: string;
  unicodeOff: string;
  /** Fixed parameters every request carries (`route=2&type=T`). */
  extraParams: ReadonlyArray<readonly [string, string]>;
  /** When set, a 2xx answer counts as sent only when its body matches (gateways answer 200 to errors). */
  successMatch: RegExp | null;
  /** A gateway that has not answered by then has failed (the outbox retries). */
  timeoutMs: number;
  /** The gateway's name for each parameter. */
  paramNames: Readonly<Record<SmsParam, string>>;
}

/** `applicationReceived.en=1107…,applicationReceived.bn=1107…`: template ids by key and language. */
function parseTemplateIds(value: string): Record<string, string> {
  const entries = value
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name = '', id = ''] = entry.split('=').map((part) => part.trim());
      // The season-opened template was `seasonOpen` until issue 28 (one name per event).
      return [name.replace(/^seasonOpen\./, 'seasonOpened.'), id] as const;
    });
  const bad = entries.filter(([name, id]) => !/^\w+\.\w+$/.test(name) || id === '');
  if (bad.length > 0) {
    throw new Error(
      `Invalid configuration:\n  SMS_TEMPLATE_IDS: not <template>.<language>=<id>: ${bad
        .map(([name]) => name || '(empty)')
        .join(', ')}`,
    );
  }
  return Object.fromEntries(entries);
}

/**
 * The link SMS carry: SMS_LINK, else the portal's address. A gateway sends only registered
 * texts whose URL variable holds at most 30 characters, so a longer link refuses the start.
 */
function smsLinkOf(e: z.infer<typeof envSchema>, portalUrl: string): string {
  const link = (e.SMS_LINK ?? portalUrl).replace(/\/+$/, '');
  if (e.SMS_URL && link.length > SMS_VARIABLE_MAX) {
    throw new Error(
      `Invalid configuration:\n  SMS_LINK: the portal's link in SMS has at most ${SMS_VARIABLE_MAX} characters (${link} has ${link.length}): set SMS_LINK to a short address of the club portal`,
    );
  }
  return link;
}

/** The SMS gateway of the environment, or null without SMS_URL. */
function smsGatewayOf(e: z.infer<typeof envSchema>): SmsGatewayConfig | null {
  if (!e.SMS_URL) return null;
  let successMatch: RegExp | null = null;
  try {
    successMatch = e.SMS_SUCCESS_MATCH ? new RegExp(e.SMS_SUCCESS_MATCH) : null;
  } catch {
    throw new Error('Invalid configuration:\n  SMS_SUCCESS_MATCH: not a regular expression');
  }
  const templateIds = parseTemplateIds(e.SMS_TEMPLATE_IDS);
  const wanted = Object.keys(SMS_TEMPLATES).flatMap((key) =>
    LOCALES.map((locale) => `${key}.${locale}`),
  );
  const problems = [
    ...(e.SMS_SENDER_ID ? [] : ['SMS_SENDER_ID: required with SMS_URL (the DLT header)']),
    ...(e.SMS_ENTITY_ID ? [] : ['SMS_ENTITY_ID: required with SMS_URL (the DLT entity id)']),
    ...wanted
      .filter((name) => !templateIds[name])
      .map((name) => `SMS_TEMPLATE_IDS: no DLT template id for ${name}`),
    ...Object.keys(templateIds)
      .filter((name) => !wanted.includes(name))
      .map((name) => `SMS_TEMPLATE_IDS: no template ${name}`),
  ];
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    url: e.SMS_URL,
    method: e.SMS_METHOD,
    username: e.SMS_USERNAME,
    key: e.SMS_KEY,
    senderId: e.SMS_SENDER_ID,
    entityId: e.SMS_ENTITY_ID,
    templateIds,
    mobilePrefix: e.SMS_MOBILE_PREFIX,
    unicodeOn: e.SMS_UNICODE_ON,
    unicodeOff: e.SMS_UNICODE_OFF,
    extraParams: [...new URLSearchParams(e.SMS_EXTRA_PARAMS)],
    successMatch,
    timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
    paramNames: {
      username: e.SMS_PARAM_USERNAME,
      key: e.SMS_PARAM_KEY,
      sender: e.SMS_PARAM_SENDER,
      entity: e.SMS_PARAM_ENTITY,
      template: e.SMS_PARAM_TEMPLATE,
      mobile: e.SMS_PARAM_MOBILE,
      message: e.SMS_PARAM_MESSAGE,
      unicode: e.SMS_PARAM_UNICODE,
    },
  };
}

/**
 * TRUST_PROXY: 'false', the number of proxies in front (hops), or their addresses / CIDR ranges
 * (comma-separated). 'true' is refused: it would take the left-most X-Forwarded-For entry,
 * which any client can write, as the client address the login limits key on.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim();
  if (text === 'false' || text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: true would trust a forged X-Forwarded-For; give the ' +
        'number of proxies in front (e.g. 1) or their addresses',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    return !/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}`,
    );
  }
  return entries;
}

/** The HMAC secret for file links: from the environment, else generated once and kept. */
function readOrCreateSecret(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'file-url-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Reads and checks the environment once; throws with every problem listed.
 * @example loadConfig({ PORT: '9000', DATA_DIR: '/tmp/puja' }).port // 9000
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appOrigins = e.APP_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appOrigins,
    fileUrlSecret: readOrCreateSecret(dataDir, e.FILE_URL_SECRET),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // The club portal is the first allowed origin unless told otherwise.
    portalUrl: (e.PORTAL_URL ?? appOrigins[0] ?? 'http://localhost:5173').replace(/\/+$/, ''),
    municipality: {
      name: e.MUNICIPALITY_NAME,
      office: e.MUNICIPALITY_OFFICE,
      phone: e.MUNICIPALITY_PHONE,
      email: e.MUNICIPALITY_EMAIL,
      hours: e.MUNICIPALITY_HOURS,
    },
    smsLink: smsLinkOf(
      e,
      (e.PORTAL_URL ?? appOrigins[0] ?? 'http://localhost:5173').replace(/\/+$/, ''),
    ),
    mailRetryMs: e.MAIL_RETRY_SECONDS * 1000,
    mailRetryMaxMs: Math.max(e.MAIL_RETRY_MAX_SECONDS, e.MAIL_RETRY_SECONDS) * 1000,
    mailPollMs: e.MAIL_POLL_MS,
    sms: smsGatewayOf(e),
    smsHourlyLimits: { mobile: e.SMS_PER_NUMBER_HOURLY, address: e.SMS_PER_ADDRESS_HOURLY },
    maxFileBytes: e.MAX_FILE_BYTES,
    fileUrlTtlSeconds: e.FILE_URL_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    registrationConfirmHours: e.REGISTRATION_CONFIRM_HOURS,
    registrationConfirmBy:
      e.REGISTRATION_CONFIRM_BY === 'auto'
        ? e.SMS_URL
          ? 'sms'
          : 'mail'
        : e.REGISTRATION_CONFIRM_BY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    rateLimit: e.RATE_LIMIT,
    verifyRateLimit: e.VERIFY_RATE_LIMIT,
    uploadsPerAccount: e.UPLOADS_PER_ACCOUNT,
    uploadsPerAddress: e.UPLOADS_PER_ADDRESS,
    uploadIdleSeconds: e.UPLOAD_IDLE_SECONDS,
    connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    pdfCheckMs: e.PDF_CHECK_SECONDS * 1000,
    submitMaxWaitMs: e.SUBMIT_MAX_WAIT_SECONDS * 1000,
    stagedUploadsPerAccount: e.STAGED_UPLOADS_PER_ACCOUNT,
    stagedUploadBytesPerAccount: e.STAGED_UPLOAD_BYTES_PER_ACCOUNT,
    stagedUploadTtlSeconds: e.STAGED_UPLOAD_TTL_SECONDS,
    seedDemo: e.SEED_DEMO === 'true' && !e.DATABASE_URL,
    documentRetentionSeasons: e.DOCUMENT_RETENTION_SEASONS,
    appeals: { windowDays: e.APPEAL_WINDOW_DAYS, dueDays: e.APPEAL_DUE_DAYS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
  };
}
