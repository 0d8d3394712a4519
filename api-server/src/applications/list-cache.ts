import { constants, crc32, deflateRawSync } from 'node:zlib';
import { summariseApplications, type Application, type DashboardStatsWire } from '@puja/domain';
import { asc, eq } from 'drizzle-orm';
import { readListRows, toWire } from './application-store';
import { readListVersion, type Db } from '../db/client';
import { applications } from '../db/schema';
import type { FileLinks } from './file-links';

/** The serialised application list, ready to send, and the dashboard counters of the same rows. */
export interface ListEntry {
  json: Buffer;
  gzip: Buffer;
  etag: string;
  stats: DashboardStatsWire;
}

/** Rows per block: the unit that is re-serialised and re-compressed when one of its rows changes. */
const BLOCK_ROWS = 64;
/** Above this many changed rows, one full read is cheaper than a read by ids. */
const READ_BY_IDS_MAX = 500;

const HEAD = Buffer.from('{"success":true,"status":true,"message":"","data":[');
const TAIL = Buffer.from(']}');
const COMMA = Buffer.from(',');

/**
 * A piece of the answer compressed on its own: raw deflate ended by a full flush, so it is
 * byte-aligned and needs nothing before it; concatenated pieces are one valid deflate stream.
 */
interface Piece {
  json: Buffer;
  deflated: Buffer;
}

const piece = (json: Buffer, final = false): Piece => ({
  json,
  deflated: deflateRawSync(json, {
    level: 6,
    finishFlush: final ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
  }),
});

const HEAD_PIECE = piece(HEAD);
const TAIL_PIECE = piece(TAIL, true);
const COMMA_PIECE = piece(COMMA);

/** gzip (RFC 1952) around a deflate stream: fixed header, then CRC-32 and length. */
function gzipMember(pieces: readonly Piece[]): { gzip: Buffer; crc: number } {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  let crc = 0;
  let length = 0;
  for (const p of pieces) {
    crc = crc32(p.json, crc);
    length += p.json.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return { gzip: Buffer.concat([header, ...pieces.map((p) => p.deflated), trailer]), crc };
}

interface CachedRow {
  version: number;
  app: Application;
  json: Buffer;
}

interface Block {
  period: number;
  piece: Piece | null;
}

/** Counters of the work done, for tests and the benchmark. */
export interface ListCacheStats {
  builds: number;
  rowsSerialised: number;
  blocksCompressed: number;
}

/**
 * GET /apply-for-noc-list.php of one season (and its dashboard counters), kept serialised and
 * gzipped.
 *
 * Triggers give each application a `list_version` when its row, its club's name or its
 * account's listed details change, and bump one shared `list_version` (migration 0002); writes
 * that change nothing in the list bump nothing. Each request reads that number (one tiny query,
 * so a write on another instance is seen at once): when it moved, the cache reads the ids and
 * versions of all rows, re-reads and re-serialises only the rows whose version changed, and
 * re-compresses only the blocks of 64 rows they fall in; the answer is those blocks' deflate
 * pieces concatenated inside one gzip member, so assembling it costs a CRC over the JSON.
 *
 * Document links are signed per half-TTL period: a new period re-signs every row, built in the
 * background while the previous answer (its links valid for at least one more TTL) is served.
 * A data change is never served stale: requests after a commit wait for the (incremental)
 * build that includes it, and builds run one at a time.
 */
function createSeasonListCache(db: Db, links: FileLinks, year: number) {
  const rows = new Map<number, CachedRow>();
  const blocks = new Map<number, Block>();
  const counters: ListCacheStats = { builds: 0, rowsSerialised: 0, blocksCompressed: 0 };
  let current: { version: number; period: number; entry: ListEntry } | null = null;
  let pending: { key: string; promise: Promise<ListEntry> } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function build(version: number, period: number): Promise<ListEntry> {
    counters.builds += 1;
    const nowMs = Date.now();
    const versions = await db
      .select({ id: applications.id, version: applications.listVersion })
      .from(applications)
      .where(eq(applications.applyYear, year))
      .orderBy(asc(applications.id));
    const live = new Set(versions.map((row) => row.id));
    const seasonVersion = versions.reduce(
      (max, row) => Math.max(max, row.version),
      versions.length,
    );
    const dirtyBlocks = new Set<number>();
    for (const id of rows.keys()) {
      if (!live.has(id)) {
        rows.delete(id);
        dirtyBlocks.add(Math.floor(id / BLOCK_ROWS));
      }
    }
    const changed = versions
      .filter((row) => rows.get(row.id)?.version !== row.version)
      .map((row) => row.id);
    if (changed.length > 0) {
      const fresh = await readListRows(db, year, changed.length > READ_BY_IDS_MAX ? null : changed);
      for (const { app, version: rowVersion } of fresh) {
        rows.set(app.id, { version: rowVersion, app, json: Buffer.alloc(0) });
        dirtyBlocks.add(Math.floor(app.id / BLOCK_ROWS));
      }
    }
    // Serialise and compress the blocks that changed or were signed in another period.
    const blockIds = [...new Set(versions.map((row) => Math.floor(row.id / BLOCK_ROWS)))];
    for (const blockId of blocks.keys()) {
      if (!blockIds.includes(blockId)) blocks.delete(blockId);
    }
    const byBlock = new Map<number, CachedRow[]>();
    for (const { id } of versions) {
      const row = rows.get(id);
      if (!row) continue; // inserted after the read of versions: the next build takes it
      const blockId = Math.floor(id / BLOCK_ROWS);
      const members = byBlock.get(blockId);
      if (members) members.push(row);
      else byBlock.set(blockId, [row]);
    }
    const pieces: Piece[] = [HEAD_PIECE];
    const apps: Application[] = [];
    for (const blockId of blockIds) {
      const members = byBlock.get(blockId) ?? [];
      let block = blocks.get(blockId);
      if (!block || block.period !== period || dirtyBlocks.has(blockId)) {
        const parts = members.map((row) => {
          if (block?.period !== period || row.json.length === 0) {
            row.json = Buffer.from(JSON.stringify(toWire(row.app, links, nowMs)));
            counters.rowsSerialised += 1;
          }
          return row.json;
        });
        const json = Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [COMMA, part])));
        block = { period, piece: members.length > 0 ? piece(json) : null };
        counters.blocksCompressed += 1;
        blocks.set(blockId, block);
      }
      if (block.piece) {
        if (pieces.length > 1) pieces.push(COMMA_PIECE);
        pieces.push(block.piece);
      }
      for (const row of members) apps.push(row.app);
    }
    pieces.push(TAIL_PIECE);
    const { gzip, crc } = gzipMember(pieces);
    // The plain answer (clients without gzip, rare) is assembled on first use only: 8 MB less
    // held per entry.
    let json: Buffer | null = null;
    return {
      get json() {
        json ??= Buffer.concat(pieces.map((p) => p.json));
        return json;
      },
      gzip,
      // The same rows signed in the same period give the same bytes, on every instance; a
      // write to another season leaves this season's tag as it was.
      etag: `"${year}-${seasonVersion.toString(36)}-${period.toString(36)}-${(crc >>> 0).toString(36)}"`,
      stats: summariseApplications(apps),
    };
  }

  /** The build for (version, period), one at a time, the same promise for the same key. */
  function ensure(version: number, period: number): Promise<ListEntry> {
    const key = `${version}:${period}`;
    if (pending?.key === key) return pending.promise;
    const promise = queue
      .catch(() => undefined)
      .then(() => build(version, period))
      .then((entry) => {
        if (!current || version >= current.version) current = { version, period, entry };
        return entry;
      });
    queue = promise;
    pending = { key, promise };
    promise.then(
      () => {
        if (pending?.promise === promise) pending = null;
      },
      () => {
        if (pending?.promise === promise) pending = null;
      },
    );
    return promise;
  }

  return {
    async get(): Promise<ListEntry> {
      const version = await readListVersion(db);
      const period = links.period();
      if (current && current.version === version) {
        if (current.period === period) return current.entry;
        // Same data, links of the previous period (still valid for a TTL): re-sign behind it.
        if (current.period === period - 1) {
          ensure(version, period).catch(() => undefined);
          return current.entry;
        }
      }
      return ensure(version, period);
    },
    /** The work done so far (tests, benchmark). */
    stats: (): ListCacheStats => ({ ...counters }),
  };
}

/** A season's cache not asked for this long is dropped (past seasons are read now and then). */
export const SEASON_CACHE_IDLE_MS = 60_000;

/**
 * The list cache of every season asked for (see above), one per year: `get(year)` answers that
 * season's list, `stats()` adds up the work of all of them. A season not asked for in
 * `idleMs` is dropped at the next request (the current season is asked all day and stays), so
 * the memory held does not grow with every past season a clerk has looked at; asked again, it
 * is built afresh (about a second for 5,000 rows).
 */
export function createListCache(
  db: Db,
  links: FileLinks,
  { idleMs = SEASON_CACHE_IDLE_MS, now = Date.now }: { idleMs?: number; now?: () => number } = {},
) {
  const caches = new Map<
    number,
    { cache: ReturnType<typeof createSeasonListCache>; lastAsked: number }
  >();
  // The work of dropped caches, so that stats() keeps counting it.
  const dropped: ListCacheStats = { builds: 0, rowsSerialised: 0, blocksCompressed: 0 };
  const add = (total: ListCacheStats, s: ListCacheStats) => {
    total.builds += s.builds;
    total.rowsSerialised += s.rowsSerialised;
    total.blocksCompressed += s.blocksCompressed;
  };
  const of = (year: number) => {
    const at = now();
    for (const [other, held] of caches) {
      if (other !== year && at - held.lastAsked > idleMs) {
        add(dropped, held.cache.stats());
        caches.delete(other);
      }
    }
    const held = caches.get(year) ?? {
      cache: createSeasonListCache(db, links, year),
      lastAsked: at,
    };
    held.lastAsked = at;
    caches.set(year, held);
    return held.cache;
  };
  return {
    get: (year: number): Promise<ListEntry> => of(year).get(),
    stats: (): ListCacheStats => {
      const total: ListCacheStats = { ...dropped };
      for (const { cache } of caches.values()) add(total, cache.stats());
      return total;
    },
    /** The seasons held now (tests). */
    heldSeasons: (): number[] => [...caches.keys()],
  };
}

export type ListCache = ReturnType<typeof createListCache>;
