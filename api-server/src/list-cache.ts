import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { summariseApplications, type DashboardStatsWire } from '@puja/domain';
import { listApplications, toWire } from './application-store';
import { readDataVersion, type Db } from './db/client';
import type { FileLinks } from './file-links';

const gzipAsync = promisify(gzip);

/** The serialised application list, ready to send, and the dashboard counters of the same rows. */
export interface ListEntry {
  json: Buffer;
  gzip: Buffer;
  etag: string;
  stats: DashboardStatsWire;
}

/**
 * Keeps GET /apply-for-noc-list.php (and the dashboard counters) serialised and gzipped until the data changes. Keyed on the
 * shared `data_version` row (one cheap read per request, so a write on another instance is seen
 * at once) and on the file-link period (links inside are signed with an expiry; a new period
 * re-signs them before half their lifetime has gone).
 */
export function createListCache(db: Db, links: FileLinks) {
  let current: { key: string; entry: Promise<ListEntry> } | null = null;

  async function build(): Promise<ListEntry> {
    const nowMs = Date.now();
    const applications = await listApplications(db);
    const data = applications.map((app) => toWire(app, links, nowMs));
    const json = Buffer.from(JSON.stringify({ success: true, status: true, message: '', data }));
    const digest = createHash('sha256').update(json).digest('base64url').slice(0, 32);
    return {
      json,
      gzip: await gzipAsync(json, { level: 6 }),
      etag: `"${digest}"`,
      stats: summariseApplications(applications),
    };
  }

  return {
    async get(): Promise<ListEntry> {
      // The version is read before the rows, so an entry is never labelled newer than its data.
      const key = `${await readDataVersion(db)}:${links.period()}`;
      if (current?.key !== key) {
        const entry = build();
        current = { key, entry };
        entry.catch(() => {
          if (current?.entry === entry) current = null;
        });
      }
      return current.entry;
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
