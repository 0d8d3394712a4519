// `npm start`: the real product on this machine. Builds both apps (when their sources changed
// since the last build), starts the API server on the embedded database (demo data on the first
// start; later starts reuse DATA_DIR), serves the production builds with a runtime config.json
// pointing at the API, prints the addresses once everything answers, and stops everything
// cleanly on Ctrl-C. Ports: API_PORT (8080), CLUB_PORT (4173), STAFF_PORT (4174).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from '../api-server/scripts/server-env.mjs';
import { serveApp } from './static-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} name @param {number} fallback */
function port(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`! ${name} must be a port number (1–65535), got "${text}"`);
    process.exit(1);
  }
  return value;
}

const apiPort = port('API_PORT', 8080);
const clubPort = port('CLUB_PORT', 4173);
const staffPort = port('STAFF_PORT', 4174);
const host = process.env.APP_HOST || 'localhost';
const municipality = process.env.MUNICIPALITY_NAME || 'Demo Municipality';
// How clubs reach the municipality (issue 27): the club portal's footer, the "contact the
// municipality" links and every mail. The demo has example values; an empty variable hides one.
const DEMO_CONTACT = {
  office: ['MUNICIPALITY_OFFICE', 'Puja NOC Cell, Town Hall, Ground Floor'],
  phone: ['MUNICIPALITY_PHONE', '033 2654 0000'],
  email: ['MUNICIPALITY_EMAIL', 'puja-noc@demo-municipality.example'],
  hours: ['MUNICIPALITY_HOURS', 'Mon–Fri 10:30–17:00'],
};
const contact = Object.fromEntries(
  Object.entries(DEMO_CONTACT)
    .map(([key, [name, demo]]) => [key, process.env[name] ?? demo])
    .filter(([, value]) => value !== ''),
);
/** The same contact for the API's environment (it signs every mail with it). */
const contactEnv = Object.fromEntries(
  Object.entries(DEMO_CONTACT).map(([key, [name]]) => [name, contact[key] ?? '']),
);
// The puja's first day (YYYY-MM-DD) for the club dashboard's clock; unset: no clock.
const pujaStartDate = process.env.PUJA_START_DATE || undefined;
// The registration panel's tutorial video; unset: no link.
const tutorialVideoUrl = process.env.TUTORIAL_VIDEO_URL || undefined;
const apiUrl = process.env.PUBLIC_API_URL || `http://${host}:${apiPort}`;

const APPS = [
  {
    name: 'club portal',
    pkg: 'club-portal',
    port: clubPort,
    extra: { pujaStartDate, tutorialVideoUrl, contact },
  },
  {
    name: 'staff console',
    pkg: 'staff-console',
    port: staffPort,
    // The staff console's certificate carries a QR code of the club portal's verify page.
    extra: { clubPortalUrl: `http://${host}:${clubPort}` },
  },
];

/** The newest modification time under a path (files and folders), 0 when missing. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Whether an app's build is older than its sources or the packages it bundles. */
function isStale(pkg) {
  const built = join(ROOT, pkg, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = [pkg, 'domain/src', 'api-client/src', 'web-kit/src'].map((dir) =>
    newest(join(ROOT, dir)),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}

/** Whether nothing listens on a port yet (another copy, or another program). */
function isFree(portNumber) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(portNumber, () => probe.close(() => resolve(true)));
  });
}

for (const [name, value] of [
  ['API_PORT', apiPort],
  ['CLUB_PORT', clubPort],
  ['STAFF_PORT', staffPort],
]) {
  if (!(await isFree(value))) {
    console.error(
      `! port ${value} (${name}) is already in use: is the portal already running? ` +
        `Stop it, or choose another port: ${name}=… npm start`,
    );
    process.exit(1);
  }
}

const stale = APPS.filter((app) => isStale(app.pkg));
if (stale.length > 0) {
  console.log(`› building ${stale.map((app) => app.name).join(' and ')} (vite build)`);
  const filters = stale.flatMap((app) => ['--filter', `@puja/${app.pkg}`]);
  const build = spawnSync('pnpm', [...filters, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const origins = APPS.flatMap((app) => [
  `http://${host}:${app.port}`,
  ...(host === 'localhost' ? [`http://127.0.0.1:${app.port}`] : []),
]);
console.log(`› starting the API server on port ${apiPort}`);
const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(ROOT, 'api-server'),
  env: {
    ...serverEnv(process.env),
    PORT: String(apiPort),
    // Request logs would drown the addresses; LOG_LEVEL=info brings them back.
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    APP_ORIGINS: process.env.APP_ORIGINS || origins.join(','),
    // Links in the mails to clubs open the club portal served here.
    PORTAL_URL: process.env.PORTAL_URL || `http://${host}:${clubPort}`,
    MUNICIPALITY_NAME: municipality,
    ...contactEnv,
  },
  stdio: 'inherit',
});

let stopping = false;
const servers = [];

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n› stopping');
  await Promise.all(servers.map((server) => server.close()));
  if (api.exitCode === null && api.signalCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  process.exit(code);
}

api.once('exit', (code) => {
  if (stopping) return;
  console.error(`! the API server stopped (exit ${code ?? 'signal'})`);
  void stop(code || 1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop(0));

async function isHealthy() {
  try {
    const response = await fetch(`http://127.0.0.1:${apiPort}/health`);
    return response.ok;
  } catch {
    return false;
  }
}

const deadline = Date.now() + 120_000;
while (!(await isHealthy())) {
  if (stopping) await new Promise(() => {});
  if (Date.now() > deadline) {
    console.error('! the API server did not answer /health within 2 minutes');
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

try {
  for (const app of APPS) {
    servers.push(
      await serveApp({
        distDir: join(ROOT, app.pkg, 'dist'),
        config: { apiBaseUrl: apiUrl, municipality, ...app.extra },
        port: app.port,
        host: host === 'localhost' ? '127.0.0.1' : host,
      }),
    );
  }
} catch (error) {
  console.error(`! could not serve the apps: ${error instanceof Error ? error.message : error}`);
  await stop(1);
}

console.log(`
  Puja NOC portal is running (Ctrl-C stops it):
    Club portal     http://${host}:${clubPort}
    Staff console   http://${host}:${staffPort}/admin/login
    API             ${apiUrl}
  Demo accounts (password Puja@2025): admin@example.org, store@example.org,
  chairman@example.org, club1@example.org … club14@example.org
`);
