import { join } from 'node:path';
import { lt } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { isLocale, isSmsTemplateKey, loadAllCatalogues, signMail } from '@puja/domain';
import { referencedFileNames } from './applications/application-store';
import type { Config } from './config';
import { capConnectionsPerAddress, trustedPeer } from './http/connection-cap';
import type { AppContext, ServicesContext } from './context';
import { openDatabase, type Database } from './db/client';
import { sessions } from './db/schema';
import { createFileLinks } from './applications/file-links';
import { keepIdleTimeoutForTheClient } from './http/idle-timeout';
import { createListCache, type ListCache } from './applications/list-cache';
import { registerLoginThrottle } from './accounts/login-throttle';
import { createMailer, type Mail } from './messages/mailer';
import { registerUploadGuards } from './http/multipart';
import { normaliseStoredValues } from './applications/normalise-stored';
import {
  messageIdOf,
  startOutboxWorker,
  type OutboxChannel,
  type OutboxRow,
} from './messages/outbox';
import { makeOwnerOnly } from './http/owner-only';
import { loggerOptions, registerErrorHandlers, registerPlugins } from './http/plugins';
import { registerApplicationRoutes } from './applications/application-routes';
import { registerAccountRoutes } from './accounts/account-routes';
import { registerAuthRoutes } from './accounts/auth-routes';
import { registerClubRoutes } from './accounts/club-routes';
import { registerHolidayRoutes } from './seasons/holiday-routes';
import { registerAppealRoutes } from './appeals/appeal-routes';
import { registerServiceStandardRoutes } from './clock/service-standard-routes';
import { registerFileRoutes } from './applications/file-routes';
import { registerHealthRoutes } from './http/health-routes';
import { registerReviewRoutes } from './applications/review-routes';
import { registerSeasonRoutes } from './seasons/season-routes';
import { registerSmsRoutes } from './messages/sms-routes';
import { registerUserRoutes } from './accounts/user-routes';
import { registerVerificationRoutes } from './applications/verification-routes';
import { seedDemoData, type SeedReport } from './ops/seed';
import { registerStagedUploads } from './uploads/staged-uploads';
import { shedDocumentCallsWhenBusy } from './http/surge';
import { accountsWithDemoPassword } from './ops/seed/demo-warning';
import { createSmsSender } from './messages/sms-sender';
import { createDiskStorage } from './uploads/storage';
import { issueMissingVerificationCodes } from './applications/verification';
import { registerDepartmentRoutes } from './departments/department-routes';
import { startReferralSweep } from './departments/sweep';

/** JSON and form bodies; uploads have their own per-file limit. */
const BODY_LIMIT = 64 * 1024;

/** Older than any request (requestTimeout) and its transaction: safe to call an orphan. */
const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the first start seeded (null when nothing was), for the start log. */
    seedReport: SeedReport | null;
    /** The open database (closed with the app). */
    database: Database;
    /** The cached application list (its work counters are read by tests and the benchmark). */
    listCache: ListCache;
    /** Demo accounts that still accept the demo password (for the start warning). */
    accountsWithDemoPassword(): Promise<string[]>;
  }
}

/** Fastify's trustProxy for TRUST_PROXY: false, a function of the hop index, or addresses. */
function trustFunction(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Opens and migrates the database and builds what every route needs; closed with the app. */
async function openContext(
  app: FastifyInstance,
  config: Config,
  now: () => number,
  mailSent?: (mail: Mail) => void,
): Promise<ServicesContext> {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onConnectionError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
  });
  app.addHook('onClose', () => database.close());
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const db = database.db;
  const storage = await createDiskStorage(join(config.dataDir, 'files'));
  const links = createFileLinks(config.fileUrlSecret, config.fileUrlTtlSeconds);
  return {
    config,
    database,
    db,
    storage,
    links,
    listCache: createListCache(db, links),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      onSent: mailSent,
    }),
    now,
    sms: createSmsSender({ gateway: config.sms, dataDir: config.dataDir, log: app.log }),
  };
}

/** Starts the outbox worker of each channel (src/messages/outbox.ts); stopped before the database closes. */
async function startOutbox(app: FastifyInstance, ctx: ServicesContext): Promise<void> {
  const { config } = ctx;
  const senders: Record<OutboxChannel, (row: OutboxRow) => Promise<void>> = {
    mail: (row) =>
      ctx.mailer.send({
        to: row.recipient,
        subject: row.subject,
        // Signed as it goes out: the municipality by name and how to reach it (issue 27).
        text: signMail(
          row.body,
          config.municipality,
          isLocale(row.locale) ? row.locale : undefined,
        ),
        messageId: messageIdOf(row, config.portalUrl),
      }),
    sms: (row) => {
      if (!isSmsTemplateKey(row.kind) || !isLocale(row.locale)) {
        return Promise.reject(new Error(`no SMS template ${row.kind}.${row.locale}`));
      }
      return ctx.sms.send({
        to: row.recipient,
        text: row.body,
        template: row.kind,
        locale: row.locale,
      });
    },
  };
  for (const [channel, send] of Object.entries(senders)) {
    const worker = await startOutboxWorker({
      db: ctx.db,
      channel: channel as OutboxChannel,
      send,
      retryMs: config.mailRetryMs,
      retryMaxMs: config.mailRetryMaxMs,
      pollMs: config.mailPollMs,
      exclusive: ctx.database.kind === 'pglite',
      log: app.log,
    });
    app.addHook('preClose', () => worker.stop());
  }
}

/**
 * Seeds demo data on the first embedded start, ends expired sessions, rewrites stored e-mails
 * and club names to their normal form and removes files no row names.
 */
async function prepareData(app: FastifyInstance, ctx: ServicesContext): Promise<void> {
  const { config, database, db, storage } = ctx;
  app.decorate(
    'seedReport',
    config.seedDemo && database.kind === 'pglite' ? await seedDemoData(db, storage) : null,
  );
  app.decorate('database', database);
  app.decorate('listCache', ctx.listCache);
  app.decorate('accountsWithDemoPassword', () => accountsWithDemoPassword(db));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const coded = await issueMissingVerificationCodes(db);
  if (coded > 0) app.log.info({ coded }, 'verification codes brought in line with approvals');
  const collisions = await normaliseStoredValues(db);
  if (collisions > 0) {
    app.log.warn(
      { collisions },
      'e-mails or club names left as stored: their normal form is taken',
    );
  }
  // A crash between writing a file and committing its row leaves a file no row names. PGlite
  // holds its data directory alone, so every such file is an orphan; on PostgreSQL other
  // instances may be mid-upload, so only files older than any request can be are removed.
  const removed = await storage.removeOrphans(
    await referencedFileNames(db),
    database.kind === 'pglite' ? 0 : ORPHAN_MIN_AGE_MS,
  );
  if (removed > 0)
    app.log.warn({ removed }, 'removed unreferenced files left by an interrupted upload');
}

/**
 * Builds the server (no listen): opens and migrates the database, cleans the file store, seeds
 * demo data on the first embedded start, and registers every call of SPEC §7.
 * Closing the app closes the database.
 */
export async function buildApp(
  config: Config,
  options: {
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
    /** The clock season windows are read by (tests inject one); Date.now otherwise. */
    now?: () => number;
    /**
     * Told of every mail its transport accepted (tests read confirmation links from it: the
     * outbox keeps no account mail's text once sent).
     */
    mailSent?: (mail: Mail) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // A request (uploads included) must arrive within two minutes, its headers within
    // HEADERS_TIMEOUT_SECONDS; a connection idle for IDLE_TIMEOUT_SECONDS while the server waits
    // for the client (src/http/idle-timeout.ts: never while it works on a request it has read) or
    // kept alive KEEP_ALIVE_TIMEOUT_SECONDS past its last answer is closed. Node checks the
    // header deadline every connectionsCheckingInterval.
    requestTimeout: 120_000,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    // False, a hop count or the proxies' addresses: the client is the right-most address of
    // X-Forwarded-For that is not a trusted proxy. Fastify refuses bare hop counts (a client
    // reaching the server directly could forge them), so the count is a trust function here:
    // set it only when every request comes through that many proxies.
    trustProxy: trustFunction(config.trustProxy),
    logger: loggerOptions(config, options.logStream),
  });
  keepIdleTimeoutForTheClient(app, config.idleTimeoutMs);
  capConnectionsPerAddress(
    app.server,
    config.connectionsPerAddress,
    trustedPeer(config.trustProxy),
  );
  // Every language's texts are there before the first request (mails, answers): the apps load
  // Bengali on demand, the server once at start.
  await loadAllCatalogues();
  const shared = await makeOwnerOnly(config.dataDir);
  if (shared > 0) {
    app.log.warn(
      { dataDir: config.dataDir, entries: shared },
      'DATA_DIR held files or folders others could read: made them owner-only',
    );
  }
  const services = await openContext(app, config, options.now ?? Date.now, options.mailSent);
  await prepareData(app, services);
  // Mails and SMS to clubs leave after their change committed (src/messages/outbox.ts); a close lets
  // the ones being sent be marked before the database closes.
  await startOutbox(app, services);
  // Issue 29: referrals past due at agencies whose silence counts as approval, now and every 10 minutes.
  const sweep = startReferralSweep({
    db: services.db,
    mail: config,
    now: services.now,
    log: app.log,
  });
  app.addHook('preClose', () => sweep.stop());
  await registerPlugins(app, config);
  registerErrorHandlers(app);

  // Before the upload guards take a slot: a shed call holds nothing.
  shedDocumentCallsWhenBusy(app, config, services.db);
  registerUploadGuards(app, config, services.storage);
  // Routes are handed their dependencies in `ctx` (decision 0043), the staged uploads included.
  const stagedUploads = registerStagedUploads(app, { config, db: services.db, log: app.log });
  const ctx: AppContext = { ...services, stagedUploads };
  registerLoginThrottle(app, config, ctx.db);
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerClubRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerSeasonRoutes(app, ctx);
  registerHolidayRoutes(app, ctx);
  registerServiceStandardRoutes(app, ctx);
  registerApplicationRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
  registerSmsRoutes(app, ctx);
  registerDepartmentRoutes(app, ctx);
  registerAppealRoutes(app, ctx);
  return app;
}
