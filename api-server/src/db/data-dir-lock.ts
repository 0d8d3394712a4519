/**
 * The embedded database belongs to one process at a time: two PGlite instances writing one
 * data directory corrupt it. The process that opens it writes its pid to `pgdata.lock`; another
 * process (a second server, a backup or restore run against a live server) is refused with a
 * clear message. A lock left by a process that no longer runs (a crash) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'pgdata.lock';

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${pid} (a running server?). ` +
        'Stop that process first.',
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory for this process; returns the release function.
 * @throws DataDirInUseError when another running process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (holder(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      if (pid !== null && pid !== process.pid && isRunning(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      if (pid === process.pid) throw new DataDirInUseError(dataDir, pid);
      // Left by a process that is gone (or unreadable): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
