import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(60),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(3600),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
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
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  VERIFY_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(2),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().positive().default(8),
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().positive().default(15),
  STAGED_UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
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
  /** Mails to clubs: the wait before the first retry, doubling per failure up to the maximum. */
  mailRetryMs: number;
  mailRetryMaxMs: number;
  /** How often the outbox worker looks for mails due. */
  mailPollMs: number;
  maxFileBytes: number;
  fileUrlTtlSeconds: number;
  sessionTtlSeconds: number;
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
  /**
   * Fastify's trustProxy: false (default: the socket address is the client), a hop count or
   * the proxies' addresses; the client is the right-most X-Forwarded-For entry that is not a
   * trusted proxy. Only behind a load balancer: the login limits key on the client address.
   */
  trustProxy: false | number | string[];
  logLevel: string;
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
    mailRetryMs: e.MAIL_RETRY_SECONDS * 1000,
    mailRetryMaxMs: Math.max(e.MAIL_RETRY_MAX_SECONDS, e.MAIL_RETRY_SECONDS) * 1000,
    mailPollMs: e.MAIL_POLL_MS,
    maxFileBytes: e.MAX_FILE_BYTES,
    fileUrlTtlSeconds: e.FILE_URL_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    rateLimit: e.RATE_LIMIT,
    verifyRateLimit: e.VERIFY_RATE_LIMIT,
    uploadsPerAccount: e.UPLOADS_PER_ACCOUNT,
    uploadsPerAddress: e.UPLOADS_PER_ADDRESS,
    uploadIdleSeconds: e.UPLOAD_IDLE_SECONDS,
    stagedUploadsPerAccount: e.STAGED_UPLOADS_PER_ACCOUNT,
    stagedUploadBytesPerAccount: e.STAGED_UPLOAD_BYTES_PER_ACCOUNT,
    stagedUploadTtlSeconds: e.STAGED_UPLOAD_TTL_SECONDS,
    seedDemo: e.SEED_DEMO === 'true' && !e.DATABASE_URL,
    documentRetentionSeasons: e.DOCUMENT_RETENTION_SEASONS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
  };
}
