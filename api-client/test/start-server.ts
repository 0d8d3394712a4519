/**
 * Starts the real api-server as a child process on a free port with a fresh data directory
 * (no DATABASE_URL: embedded PGlite, seeded with the demo data on this first start).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../api-server/', import.meta.url));
const START_TIMEOUT_MS = 90_000;

export interface RunningServer {
  baseUrl: string;
  /** Everything the server printed, for a failure message. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'puja-contract-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const baseUrl = `http://127.0.0.1:${port}/`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`api-server exited with ${child.exitCode} before it was healthy:\n${output}`);
    }
    if (await isHealthy(baseUrl)) return { baseUrl, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`api-server was not healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('health', baseUrl));
    const body = (await response.json()) as { status?: unknown };
    return response.ok && body.status === 'ok';
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
