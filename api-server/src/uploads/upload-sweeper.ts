/**
 * The sweeper of resumable uploads (decision 0030): removes the rows of uploads no call used
 * within STAGED_UPLOAD_TTL_SECONDS, the record of used ones as old, and every file in the
 * uploads directory no row names; at start (a restart keeps unexpired uploads, resumable) and
 * then every quarter of the TTL, stopped before the app closes.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { stagedUploads, usedUploads } from '../db/schema';
import { UPLOAD_ID } from './staged-rows';

/** One sweep: the count of files removed. */
export function uploadSweep(db: Db, directory: string, ttlMs: number) {
  return async function sweep(): Promise<number> {
    // Listed before the rows are read: a file listed here whose upload is live had its row
    // committed before the file was created, so it is found below.
    const entries = await readdir(directory).catch(() => [] as string[]);
    const expired = new Date(Date.now() - ttlMs);
    await db.delete(stagedUploads).where(lt(stagedUploads.createdAt, expired));
    await db.delete(usedUploads).where(lt(usedUploads.usedAt, expired));
    const ids = [...new Set(entries.map((entry) => entry.slice(0, 32)))].filter((id) =>
      UPLOAD_ID.test(id),
    );
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .select({ id: stagedUploads.id })
        .from(stagedUploads)
        .where(inArray(stagedUploads.id, ids.slice(i, i + 500)));
      for (const row of rows) live.add(row.id);
    }
    let removed = 0;
    for (const entry of entries) {
      if (live.has(entry.slice(0, 32))) continue;
      await rm(join(directory, entry), { force: true, recursive: false }).catch(() => undefined);
      removed += 1;
    }
    return removed;
  };
}

/** Runs `sweep` at once and then every quarter of the TTL (1 s to 10 min), until the app closes. */
export function startUploadSweeper(
  app: FastifyInstance,
  sweep: () => Promise<number>,
  options: { ttlMs: number; log: FastifyBaseLogger },
): void {
  const { ttlMs, log } = options;
  const everyMs = Math.min(Math.max(ttlMs / 4, 1000), 10 * 60 * 1000);
  const sweepLogged = () =>
    sweep().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'expired or left-over uploads removed');
      },
      (error: unknown) => log.error({ err: error }, 'sweeping staged uploads failed'),
    );
  let running: Promise<void> = sweepLogged();
  const timer = setInterval(() => {
    running = running.then(sweepLogged);
  }, everyMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
