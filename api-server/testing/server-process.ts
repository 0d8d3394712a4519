/**
 * The real server as its own process (`src/main.ts`, as in production) on a free port, for
 * suites that need one: the api-client contract suite, the crash test, the benchmark, and the
 * end-to-end journeys. Exported as `@puja/api-server/testing`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverEnv } from '../scripts/server-env.mjs';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServerProcess {
  /** Where it listens, without a trailing slash: `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** Its process id (tests read its memory from /proc). */
  pid: number;
  /** Everything it printed so far (for a failure message). */
  output(): string;
  /** A graceful stop (SIGTERM; SIGKILL if it has not exited within 15 s). */
  stop(): Promise<void>;
  /** A crash: SIGKILL, no chance to finish anything. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Its DATA_DIR; the caller creates and removes it (a restart may reuse it). */
  dataDir: string;
  /**
   * Extra environment. DATABASE_URL is never inherited (the embedded default unless given
   * here); LOG_LEVEL defaults to warn.
   */
  env?: Readonly<Record<string, string>>;
  /** The port to listen on (a restart keeps its address); a free one when absent. */
  port?: number;
}

/** Starts the server on a free port and resolves once GET /health answers ok. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const {
    DATABASE_URL: _url,
    TEST_DATABASE_URL: _testUrl,
    DATABASE_URL_TEST: _urlTest,
    ...inherited
  } = process.env;
  // SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (benchmarks).
  const profile = process.env.SERVER_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...serverEnv(inherited),
      LOG_LEVEL: 'warn',
      ...options.env,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(forced);
    },
    async kill() {
      if (!running()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running()) {
      throw new Error(`api-server exited (${child.exitCode}) before it was healthy:\n${output}`);
    }
    if (await isHealthy(server.baseUrl)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`api-server was not healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/health`);
    const body = (await response.json()) as { status?: unknown };
    return response.ok && body.status === 'ok';
  } catch {
    return false;
  }
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Tiny but valid documents (a one-page PDF, a 1×1 PNG) for suites that upload files. */
export { DEMO_PDF, DEMO_PNG } from '../src/ops/seed/demo-files';
export { prepareBenchDataDir } from './bench-seed';
/** The server's own signer of document links, for tests that need a link as the server signs it. */
export { createFileLinks } from '../src/applications/file-links';
