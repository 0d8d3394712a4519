import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FileLinks } from './applications/file-links';
import type { ListCache } from './applications/list-cache';
import type { Mailer } from './messages/mailer';
import type { SmsSender } from './messages/sms-sender';
import type { StagedUploads } from './uploads/staged-uploads';
import type { FileStorage } from './uploads/storage';

/** What every route needs, built once by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: FileStorage;
  links: FileLinks;
  listCache: ListCache;
  mailer: Mailer;
  /** The time (ms since the epoch): Date.now, or a test's clock (season windows, purges). */
  now: () => number;
  sms: SmsSender;
  /** Resumable uploads waiting to be used by a call (uploads/staged-uploads.ts, decision 0043). */
  stagedUploads: StagedUploads;
}

/** The context before the routes: everything but what registering the uploads adds. */
export type ServicesContext = Omit<AppContext, 'stagedUploads'>;
