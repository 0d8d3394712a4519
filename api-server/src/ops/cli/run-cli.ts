import { OWNER_ONLY_UMASK } from '../../http/owner-only';

/**
 * Runs a command-line task (what it writes is its user's alone): its error becomes one plain
 * line on stderr and exit code 1.
 */
export async function runCli(task: () => Promise<void>): Promise<void> {
  process.umask(OWNER_ONLY_UMASK);
  try {
    await task();
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
