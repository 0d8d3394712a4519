import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { EXTENSION_OF_KIND, type FileKind } from '@puja/domain';

/**
 * A stored name: 16 random hex characters (64 bits: unique, and secrecy comes from the signed
 * links, not the name) and the extension of its kind; 32 characters in data written before.
 * Nothing else is ever opened or served.
 */
const STORED_NAME = /^[0-9a-f]{16}(?:[0-9a-f]{16})?\.(jpg|png|webp|pdf)$/;
const TEMP_SUFFIX = '.tmp';

/** Document storage behind a small interface, so an object store can replace the disk later. */
export interface FileStorage {
  /** Stores the bytes under a new random name, atomically; returns the name. */
  put(bytes: Uint8Array, kind: FileKind): Promise<string>;
  /**
   * A new temporary path inside the store (same file system, so `adopt` is a link). An upload
   * streams into it; a crash leaves a temp file, which `removeOrphans` removes.
   */
  tempPath(): string;
  /** Makes a completely written temp file a stored file (fsync, link, remove the temp). */
  adopt(tempPath: string, kind: FileKind): Promise<string>;
  /**
   * Makes a complete file outside the store (a finished resumable upload) a stored file: linked
   * (or copied across file systems) into a temp file, then adopted. The source stays.
   */
  importFile(sourcePath: string, kind: FileKind): Promise<string>;
  /** A stream of a stored file, or null when the name is not one of ours or is missing. */
  open(name: string): Promise<{ stream: ReadStream; size: number } | null>;
  remove(name: string): Promise<void>;
  /**
   * Start-up cleanup: removes temp files left by an interrupted write and stored files that no
   * row references (a crash between writing a file and committing its row), if at least
   * `minAgeMs` old (another instance's upload in flight is younger). Returns the count.
   */
  removeOrphans(referenced: ReadonlySet<string>, minAgeMs?: number): Promise<number>;
}

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/**
 * Makes a new directory entry durable: without it, a power cut (not a process kill) after the
 * row commits could lose the file's name even though its bytes were synced.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files under `dir`, written as temp file + fsync + link so a crash never leaves half a file. */
export async function createDiskStorage(dir: string): Promise<FileStorage> {
  await mkdir(dir, { recursive: true });
  const tempPath = () => join(dir, `${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`);
  async function adopt(temp: string, kind: FileKind): Promise<string> {
    if (resolve(dirname(temp)) !== resolve(dir) || !temp.endsWith(TEMP_SUFFIX)) {
      throw new Error('not a temp file of this store');
    }
    try {
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      // link() never replaces an existing file: on the rare name collision, draw again.
      for (;;) {
        const name = `${randomBytes(8).toString('hex')}.${EXTENSION_OF_KIND[kind]}`;
        try {
          await link(temp, join(dir, name));
          await syncDirectory(dir);
          return name;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
    } finally {
      await rm(temp, { force: true });
    }
  }
  return {
    tempPath,
    adopt,
    async importFile(source, kind) {
      const temp = tempPath();
      try {
        await link(source, temp);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(source, temp);
      }
      return adopt(temp, kind);
    },
    async put(bytes, kind) {
      const temp = tempPath();
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      return adopt(temp, kind);
    },
    async open(name) {
      if (!isStoredName(name)) return null;
      const path = join(dir, name);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(name) {
      if (isStoredName(name)) await rm(join(dir, name), { force: true });
    },
    async removeOrphans(referenced, minAgeMs = 0) {
      let removed = 0;
      const cutoff = Date.now() - minAgeMs;
      for (const entry of await readdir(dir)) {
        if (!entry.endsWith(TEMP_SUFFIX) && !(isStoredName(entry) && !referenced.has(entry))) {
          continue;
        }
        const path = join(dir, entry);
        if (minAgeMs > 0 && (await stat(path)).mtimeMs > cutoff) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
