/**
 * The staged-row store of resumable uploads (decision 0030): one row per upload (its account,
 * declared length, the kind its content check passed for), the bytes beside it on disk, and
 * what a call did with the uploads it used (`used_uploads`, so a repeat answers as the first).
 * The tus adapter (tus-adapter.ts) creates and finishes uploads through it; calls resolve,
 * claim and discard them; the sweeper (upload-sweeper.ts) removes what expired.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_TYPE_OF_KIND, UPLOAD_ID, detectFileKind } from '@puja/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../accounts/auth';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { stagedUploads, usedUploads, users } from '../db/schema';
import { readHead, type UploadedFile } from '../http/multipart';
import { Refused } from '../refused';
import { namesPages, pagesFile, stagedIdsOf, uploadIdsOf } from './staged-pages';

/** An upload's id: 128 random bits as 32 hex characters; nothing else is looked up. */
export { UPLOAD_ID } from '@puja/domain';

/** The form field that names a staged upload in place of a file part: `<file field>_upload`. */
export const uploadFieldOf = (fileField: string) => `${fileField}_upload`;

/** The calls that use staged uploads up (what a repeat of one answers, see `previousUse`). */
export type UploadCall = 'apply' | 'acknowledgement' | 'reupload';

export interface StagedUploads {
  /**
   * The staged uploads a call names (`<field>_upload` = id) for the given file fields, as files
   * beside the multipart ones: each must be the caller's (else not found, as an unknown id) and
   * complete (a conflict). A field with both a file part and an upload id is bad input.
   */
  resolve(
    caller: Caller,
    fields: Record<string, unknown>,
    fileFields: readonly string[],
    files: Map<string, UploadedFile>,
  ): Promise<void>;
  /**
   * Takes the staged uploads of these files inside the call's transaction (their rows go with
   * the change that stores them, which is remembered as their use); not found when another
   * call took one first.
   */
  claim(
    tx: Tx,
    caller: Caller,
    files: Iterable<UploadedFile>,
    use: { call: UploadCall; applicationId: number },
  ): Promise<void>;
  /**
   * The application a call of this kind already changed with exactly the upload ids these
   * fields name (the caller's own, used within the staged-upload TTL), or null: a repeat of a
   * call whose answer was lost (issue 26) is answered with it instead of 404 or 409.
   */
  previousUse(
    caller: Caller,
    fields: Record<string, unknown>,
    fileFields: readonly string[],
    call: UploadCall,
  ): Promise<number | null>;
  /** After the commit: removes the claimed uploads' bytes (the sweeper would, later). */
  discard(files: Iterable<UploadedFile>): Promise<void>;
  /** Removes expired uploads and files no row names; the count removed. */
  sweep(): Promise<number>;
}

/** What the tus adapter asks of the rows as an upload is created, used and finished. */
export interface StagedRows {
  directory: string;
  /** The upload's row, the caller's own, else not found (another account's id reads as unknown). */
  requireOwn(caller: Caller, id: string): Promise<typeof stagedUploads.$inferSelect>;
  /**
   * A new upload's row, within the account's caps (uploads held and their bytes; too many
   * refused), written before its bytes: a file with no row is always left over.
   */
  reserve(caller: Caller, id: string, length: number): Promise<void>;
  /** The kind a finished upload's content check passed for (the call that uses it trusts it). */
  markChecked(id: string, kind: string): Promise<void>;
  /** Removes an upload's row and its bytes (a refused file is not kept). */
  forget(id: string): Promise<void>;
  /** Removes an upload's row (the client ended it). */
  forgetRow(id: string): Promise<void>;
  /**
   * A complete upload's first bytes and kind (null when unknown: the content check refuses it);
   * an image's header too unless `imageHeader` is false (see readHead).
   */
  readKind(
    path: string,
    size: number,
    options?: { imageHeader?: boolean },
  ): Promise<{ head: Buffer; kind: ReturnType<typeof detectFileKind> }>;
}

/** Ids of the staged files of a set of files (a document of photos: its pages'). */
const stagedIds = stagedIdsOf;

/** The staged-row store over the database and the uploads directory. */
export function createStagedRows(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  sweep: () => Promise<number>;
}): StagedRows & StagedUploads {
  const { config, db, log, sweep } = options;
  const directory = join(config.dataDir, 'uploads');

  const removeBytes = async (id: string) => {
    await Promise.all([
      rm(join(directory, id), { force: true }),
      rm(join(directory, `${id}.json`), { force: true }),
    ]);
  };

  async function requireOwn(caller: Caller, id: string) {
    if (!UPLOAD_ID.test(id)) throw new Refused('upload.notFound', 'notFound');
    const [row] = await db
      .select()
      .from(stagedUploads)
      .where(and(eq(stagedUploads.id, id), eq(stagedUploads.userId, caller.userId)));
    if (!row) throw new Refused('upload.notFound', 'notFound');
    return row;
  }

  async function readKind(path: string, size: number, options?: { imageHeader?: boolean }) {
    const head = await readHead(path, size, options);
    return { head, kind: detectFileKind(head) };
  }

  async function reserve(caller: Caller, id: string, length: number) {
    await db.transaction(async (tx) => {
      // One account's creations queue here, so two at once cannot both pass the caps.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, caller.userId))
        .for('update');
      const [held] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${stagedUploads.length}), 0)::bigint`,
        })
        .from(stagedUploads)
        .where(eq(stagedUploads.userId, caller.userId));
      if (
        Number(held?.count ?? 0) + 1 > config.stagedUploadsPerAccount ||
        Number(held?.bytes ?? 0) + length > config.stagedUploadBytesPerAccount
      ) {
        throw new Refused('upload.limitReached', 'tooMany');
      }
      // The row exists before the bytes do: a file with no row is always left over.
      await tx.insert(stagedUploads).values({ id, userId: caller.userId, length });
    });
  }

  return {
    directory,
    requireOwn,
    readKind,
    reserve,
    async markChecked(id, kind) {
      await db.update(stagedUploads).set({ checkedKind: kind }).where(eq(stagedUploads.id, id));
    },
    async forget(id) {
      await db.delete(stagedUploads).where(eq(stagedUploads.id, id));
      await removeBytes(id);
    },
    async forgetRow(id) {
      await db.delete(stagedUploads).where(eq(stagedUploads.id, id));
    },
    async resolve(caller, fields, fileFields, files) {
      /** One staged upload of the caller's, complete, as a file. */
      const readStaged = async (id: string, name: string): Promise<UploadedFile> => {
        const row = await requireOwn(caller, id);
        const path = join(directory, row.id);
        const size = await stat(path).then(
          (info) => info.size,
          () => -1,
        );
        if (size < 0) throw new Refused('upload.notFound', 'notFound');
        if (size !== row.length) throw new Refused('upload.incomplete', 'conflict');
        // An upload checked as it finished needs its kind only, not its image header again.
        const { head, kind } = await readKind(path, size, { imageHeader: !row.checkedKind });
        return {
          name,
          type: kind ? CONTENT_TYPE_OF_KIND[kind] : 'application/octet-stream',
          size,
          path,
          head,
          kind,
          stagedId: row.id,
          checked: kind !== null && row.checkedKind === kind,
        };
      };
      for (const field of fileFields) {
        const value = fields[uploadFieldOf(field)];
        if (value === undefined || value === '') continue;
        if (files.has(field) || typeof value !== 'string') {
          throw new Refused('validation.invalidRequest', 'input');
        }
        // Several ids: the pages of a document of photos, in order (issue 31).
        files.set(
          field,
          namesPages(value)
            ? await pagesFile(field, value, (id) => readStaged(id, field))
            : await readStaged(value, field),
        );
      }
    },
    async claim(tx, caller, files, use) {
      const ids = stagedIds(files);
      if (ids.length === 0) return;
      const taken = await tx
        .delete(stagedUploads)
        .where(and(inArray(stagedUploads.id, ids), eq(stagedUploads.userId, caller.userId)))
        .returning({ id: stagedUploads.id });
      if (taken.length !== new Set(ids).size) throw new Refused('upload.notFound', 'notFound');
      await tx
        .insert(usedUploads)
        .values(taken.map(({ id }) => ({ id, userId: caller.userId, ...use })));
    },
    async previousUse(caller, fields, fileFields, call) {
      const ids = uploadIdsOf(fields, fileFields);
      if (ids.length === 0) return null;
      const rows = await db
        .select({ call: usedUploads.call, applicationId: usedUploads.applicationId })
        .from(usedUploads)
        .where(and(inArray(usedUploads.id, ids), eq(usedUploads.userId, caller.userId)));
      const first = rows[0];
      const same = rows.every(
        (row) => row.call === call && row.applicationId === first?.applicationId,
      );
      return first && same && rows.length === new Set(ids).size ? first.applicationId : null;
    },
    async discard(files) {
      await Promise.all(stagedIds(files).map(removeBytes)).catch((error: unknown) =>
        log.warn({ err: error }, 'a used upload stays until the sweeper removes it'),
      );
    },
    sweep,
  };
}
