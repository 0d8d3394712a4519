/**
 * DATA_DIR holds password hashes, e-mails and documents: only the server's own user may read
 * it. Every entry point sets the process umask to OWNER_ONLY_UMASK before it opens a file, and
 * `makeOwnerOnly` takes group and other permissions off what is there already: the embedded
 * PGlite writes its first files (initdb's, the WAL among them) mode 0666 whatever the umask.
 */
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** New files 0600, new folders 0700. */
export const OWNER_ONLY_UMASK = 0o077;

/** Permission bits of the group and of others. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` (0700) and everything below it owner-only; symbolic links are neither followed
 * nor changed. Returns how many entries had to change.
 * @example await makeOwnerOnly('/srv/noc/.data') // 0 when nothing was readable by others
 */
export async function makeOwnerOnly(dir: string): Promise<number> {
  let changed = 0;
  const restrict = async (path: string): Promise<boolean> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return false;
    if ((info.mode & SHARED_BITS) !== 0) {
      await chmod(path, info.mode & 0o7700);
      changed += 1;
    }
    return info.isDirectory();
  };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder).catch(() => [] as string[]);
    for (const entry of entries) {
      const path = join(folder, entry);
      if (await restrict(path)) await walk(path);
    }
  };
  if (await restrict(dir)) await walk(dir);
  return changed;
}
