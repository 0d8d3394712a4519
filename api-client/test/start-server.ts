/**
 * Our api-server for the contract suite: its own process on a free port with a fresh data
 * directory (no DATABASE_URL: embedded PGlite, seeded with the demo data on this first start).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@puja/api-server/testing';

export interface RunningServer {
  /** The API base address, with the trailing slash the client's prefix expects. */
  baseUrl: string;
  /** Where the server writes its mails (no SMTP_URL): the confirmation links are read there. */
  outboxDir: string;
  /** Everything the server printed, for a failure message. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServer(
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'puja-contract-'));
  try {
    const server = await startServerProcess({ dataDir, env });
    return {
      baseUrl: `${server.baseUrl}/`,
      outboxDir: join(dataDir, 'outbox'),
      output: server.output,
      async stop() {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
