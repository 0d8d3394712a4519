import { loadAllCatalogues } from '@puja/domain';
import { OWNER_ONLY_UMASK } from '../../http/owner-only';

/**
 * Runs a command-line task (what it writes is its user's alone): its error becomes one plain
 * line on stderr and exit code 1. Every language's texts are loaded first, as the server loads
 * them at start: a mail the task writes (the sweep's digest) is never its message key.
 */
export async function runCli(task: () => Promise<void>): Promise<void> {
  process.umask(OWNER_ONLY_UMASK);
  try {
    await loadAllCatalogues();
    await task();
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
