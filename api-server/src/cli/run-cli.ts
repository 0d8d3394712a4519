/** Runs a command-line task: its error becomes one plain line on stderr and exit code 1. */
export async function runCli(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
