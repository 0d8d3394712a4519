// `pnpm deploy:drill`: runs the deployment the README describes, on this machine, and checks it.
// docs/deploy/nginx.conf (the example a municipality copies) in front of two API instances on one
// throwaway PostgreSQL and one shared files folder, both apps' production builds served by nginx
// with their config.json beside them. Then it checks what a deployment must get right: security
// and cache headers, client-side routes, the body limit, sessions and writes across instances,
// and both apps rendering in Chromium under the Content-Security-Policy without a violation.
// Needs nginx and PostgreSQL (installed with apt when missing and we are root). Not part of the
// tests: a drill to run when the deployment files change.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from '../api-server/scripts/server-env.mjs';
import { startThrowawayPostgres } from '../api-server/scripts/throwaway-postgres.mjs';
import { aptInstall, freePort, isRoot, log } from './machine.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEPLOY = join(ROOT, 'docs', 'deploy');
const ADMIN = { email: 'drill-admin@example.org', password: 'Drill-admin-password-1' };

/** @type {Array<() => void | Promise<void>>} */
const cleanups = [];
/** @type {Array<{ check: string, ok: boolean, detail: string }>} */
const results = [];

function ensureNginx() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'nginx is not installed (apt-get install nginx-light) and we cannot install it',
    );
  }
  aptInstall(['nginx-light'], 'nginx-light');
  return '/usr/sbin/nginx';
}

/** @param {string} url @param {number} ms */
async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** @param {string} check @param {boolean} ok @param {string} [detail] */
function record(check, ok, detail = '') {
  results.push({ check, ok, detail });
  console.log(`${ok ? '  ✓' : '  ✗'} ${check}${detail ? `: ${detail}` : ''}`);
}

/** @param {string} template @param {Record<string, string>} values */
function fill(template, values) {
  return template.replace(/\$\{([A-Z_0-9]+)\}/g, (whole, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`docs/deploy/nginx.conf uses \${${name}}: no value`);
    return value;
  });
}

async function main() {
  const nginx = ensureNginx();
  const chromium = spawnSync(
    process.execPath,
    [join(ROOT, 'e2e', 'scripts', 'ensure-chromium.mjs')],
    {
      stdio: 'inherit',
    },
  );
  if (chromium.status !== 0) throw new Error('Chromium is missing');
  for (const app of ['club-portal', 'staff-console']) {
    if (!existsSync(join(ROOT, app, 'dist', 'index.html'))) {
      log(`building ${app}`);
      const build = spawnSync('pnpm', ['--filter', `@puja/${app}`, 'run', 'build'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (build.status !== 0) throw new Error(`${app} did not build`);
    }
  }

  const work = mkdtempSync(join(tmpdir(), 'puja-drill-'));
  // nginx's workers run as an unprivileged user: they read the config files from here.
  chmodSync(work, 0o755);
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const pg = await startThrowawayPostgres();
  if ('skipped' in pg) throw new Error(`PostgreSQL unavailable: ${pg.skipped}`);
  cleanups.push(() => pg.stop());

  const [apiPort, clubPort, staffPort, api1, api2] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const clubOrigin = `http://127.0.0.1:${clubPort}`;
  const staffOrigin = `http://127.0.0.1:${staffPort}`;
  const apiEnv = {
    ...process.env,
    DATABASE_URL: pg.url,
    DATA_DIR: join(work, 'shared-data'),
    FILE_URL_SECRET: 'drill-secret-drill-secret-drill-secret-0123',
    APP_ORIGINS: `${clubOrigin},${staffOrigin}`,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };

  log('creating the first admin (create-admin CLI)');
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/ops/cli/create-admin.ts',
      '--email',
      ADMIN.email,
      '--name',
      'Drill Admin',
    ],
    {
      cwd: join(ROOT, 'api-server'),
      env: { ...apiEnv, ADMIN_PASSWORD: ADMIN.password },
      stdio: 'inherit',
    },
  );
  if (created.status !== 0) throw new Error('create-admin failed');

  log(`starting two API instances (${api1}, ${api2}) on one PostgreSQL`);
  for (const port of [api1, api2]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(ROOT, 'api-server'),
      env: { ...serverEnv(apiEnv), PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => {
      child.kill('SIGTERM');
    });
  }
  await Promise.all([api1, api2].map((port) => waitFor(`http://127.0.0.1:${port}/health`, 60_000)));

  const clubConfig = join(work, 'club-config.json');
  const staffConfig = join(work, 'staff-config.json');
  const config = { apiBaseUrl: apiOrigin, municipality: 'Drill Municipality' };
  writeFileSync(clubConfig, JSON.stringify(config));
  writeFileSync(staffConfig, JSON.stringify({ ...config, clubPortalUrl: clubOrigin }));
  const site = fill(readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8'), {
    API_LISTEN: `127.0.0.1:${apiPort}`,
    API_1: `127.0.0.1:${api1}`,
    API_2: `127.0.0.1:${api2}`,
    API_ORIGIN: apiOrigin,
    CLUB_LISTEN: `127.0.0.1:${clubPort}`,
    CLUB_ROOT: join(ROOT, 'club-portal', 'dist'),
    CLUB_CONFIG: clubConfig,
    STAFF_LISTEN: `127.0.0.1:${staffPort}`,
    STAFF_ROOT: join(ROOT, 'staff-console', 'dist'),
    STAFF_CONFIG: staffConfig,
    SNIPPETS: DEPLOY,
  });
  writeFileSync(join(work, 'puja.conf'), site);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) {
    mkdirSync(join(work, dir), { recursive: true });
  }
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(work, 'nginx.pid')};`,
      `error_log ${join(work, 'logs', 'error.log')} warn;`,
      'daemon off;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  client_body_temp_path ${join(work, 'body')};`,
      `  proxy_temp_path ${join(work, 'proxy')};`,
      `  fastcgi_temp_path ${join(work, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(work, 'uwsgi')};`,
      `  scgi_temp_path ${join(work, 'scgi')};`,
      `  include ${join(work, 'puja.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(nginx, ['-t', '-p', work, '-c', join(work, 'nginx.conf')], {
    encoding: 'utf8',
  });
  record('nginx -t accepts docs/deploy/nginx.conf', test.status === 0, test.stderr.trim());
  if (test.status !== 0) return;
  checkConnectionLimits(site);
  log('starting nginx with docs/deploy/nginx.conf');
  const proxy = spawn(nginx, ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: 'inherit' });
  cleanups.push(() => {
    proxy.kill('SIGQUIT');
  });
  await waitFor(`${apiOrigin}/health`, 20_000);
  // Connections that never send a byte, to nginx and to an API instance: both must close them
  // (client_header_timeout 10 s; the API's IDLE_TIMEOUT_SECONDS, 20 s). Awaited at the end.
  const idleAtProxy = idleLifetime(apiPort);
  const idleAtApi = idleLifetime(api1);

  for (const [name, origin, deepLink] of [
    ['club portal', clubOrigin, '/club/dashboard'],
    ['staff console', staffOrigin, '/admin/noc-applications'],
  ]) {
    const index = await fetch(`${origin}/`);
    const html = await index.text();
    const csp = index.headers.get('content-security-policy') ?? '';
    record(
      `${name}: index.html has a CSP naming the API`,
      index.ok && csp.includes(`connect-src 'self' ${apiOrigin}`),
      csp.slice(0, 60),
    );
    record(
      `${name}: index.html is revalidated (no-cache), nosniff, DENY framing`,
      index.headers.get('cache-control') === 'no-cache' &&
        index.headers.get('x-content-type-options') === 'nosniff' &&
        index.headers.get('x-frame-options') === 'DENY',
      `${index.headers.get('cache-control')}`,
    );
    const route = await fetch(`${origin}${deepLink}`);
    record(
      `${name}: ${deepLink} answers index.html (client-side route)`,
      route.ok && (await route.text()) === html,
    );
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (asset === undefined) {
      record(`${name}: index.html loads a hashed /assets/ script`, false);
    } else {
      const response = await fetch(`${origin}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } });
      await response.arrayBuffer();
      record(
        `${name}: ${asset} cached a year, immutable, gzipped`,
        response.ok &&
          response.headers.get('cache-control') === 'public, max-age=31536000, immutable' &&
          response.headers.get('content-encoding') === 'gzip',
        `${response.headers.get('cache-control')}; ${response.headers.get('content-encoding')}`,
      );
    }
    const missing = await fetch(`${origin}/assets/no-such-file.js`);
    record(`${name}: a missing asset is a 404, not index.html`, missing.status === 404);
    const runtime = await fetch(`${origin}/config.json`);
    const body = runtime.ok ? await runtime.json() : null;
    record(
      `${name}: config.json (outside the build) is never cached`,
      runtime.headers.get('cache-control') === 'no-store' && body?.apiBaseUrl === apiOrigin,
    );
  }

  // The API through the load balancer: a session made on one instance works on the other, and a
  // write through one is seen by the next read through the other.
  const login = await fetch(`${apiOrigin}/admin-login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = (await login.json())?.data?.token;
  record('API via nginx: the admin logs in', login.ok && typeof token === 'string');
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const clubname = `Drill Sangha ${Date.now()}`;
  const added = await fetch(`http://127.0.0.1:${api1}/add-club.php`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ clubname }),
  });
  record('API instance 1: the admin adds a club with the shared session', added.ok);
  const listed = await fetch(`http://127.0.0.1:${api2}/list-club.php`, { headers: auth });
  const clubs = JSON.stringify(await listed.json());
  record('API instance 2: lists the club at once', listed.ok && clubs.includes(clubname));
  let balanced = true;
  for (let i = 0; i < 6; i += 1) {
    const response = await fetch(`${apiOrigin}/list-club.php`, { headers: auth });
    balanced &&= response.ok && (await response.text()).includes(clubname);
  }
  record('API via nginx: six reads across both instances all see the write', balanced);
  const oversized = await fetch(`${apiOrigin}/update-images.php`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    body: new Uint8Array(19 * 1024 * 1024),
  });
  record('API via nginx: a 19 MB body is refused (413)', oversized.status === 413);
  const [proxyIdle, apiIdle] = await Promise.all([idleAtProxy, idleAtApi]);
  record(
    'nginx closes a connection that sends nothing within client_header_timeout',
    proxyIdle !== null && proxyIdle < 15_000,
    `${proxyIdle} ms`,
  );
  record(
    'an API instance closes a connection that sends nothing within IDLE_TIMEOUT_SECONDS',
    apiIdle !== null && apiIdle < 25_000,
    `${apiIdle} ms`,
  );

  await checkInBrowser([
    [`${clubOrigin}/login`, 'club portal /login'],
    [`${staffOrigin}/admin/login`, 'staff console /admin/login'],
  ]);
}

/**
 * Every server block of the example caps connections per client address (limit_conn, at most
 * the API's CONNECTIONS_PER_ADDRESS default of 100, refused with 429) and keeps headers and
 * idle kept-alive connections short (client_header_timeout <= 10 s, keepalive_timeout <= 5 s);
 * the upstream's idle connections close before the API's own keep-alive (5 s) does.
 * @param {string} site the filled docs/deploy/nginx.conf
 */
function checkConnectionLimits(site) {
  const seconds = (block, directive) => {
    const value = new RegExp(`^\\s*${directive}\\s+(\\d+)s?;`, 'm').exec(block)?.[1];
    return value === undefined ? Infinity : Number(value);
  };
  const servers = site.split(/^server \{/m).slice(1);
  const capped = servers.filter((block) => {
    const limit = /^\s*limit_conn\s+puja_per_address\s+(\d+);/m.exec(block)?.[1];
    return (
      limit !== undefined &&
      Number(limit) <= 100 &&
      /^\s*limit_conn_status\s+429;/m.test(block) &&
      seconds(block, 'client_header_timeout') <= 10 &&
      seconds(block, 'keepalive_timeout') <= 5
    );
  });
  record(
    'nginx.conf: every server caps connections per address and keeps header and idle timeouts short',
    /limit_conn_zone\s+\$binary_remote_addr\s+zone=puja_per_address:/.test(site) &&
      servers.length === 3 &&
      capped.length === servers.length,
    `${capped.length} of ${servers.length} server blocks`,
  );
  const upstream = /upstream puja_api \{[^}]*\}/.exec(site)?.[0] ?? '';
  record(
    'nginx.conf: the upstream drops idle connections before the API does (keepalive_timeout < 5 s)',
    seconds(upstream, 'keepalive_timeout') < 5,
  );
}

/**
 * How long a connection that sends nothing stays open (ms), or null when still open after 40 s.
 * @param {number} port
 * @returns {Promise<number | null>}
 */
function idleLifetime(port) {
  return new Promise((resolve) => {
    const opened = Date.now();
    const socket = connect({ port, host: '127.0.0.1' });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, 40_000);
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve(Date.now() - opened);
    });
  });
}

/** Both apps render in Chromium with the CSP in force and no violation reported. */
async function checkInBrowser(pages) {
  const require = createRequire(join(ROOT, 'e2e', 'package.json'));
  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    for (const [url, name] of pages) {
      const page = await browser.newPage();
      const violations = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const text = (await page.locator('body').innerText()).trim();
      record(
        `${name}: renders in Chromium with no CSP violation`,
        text.length > 0 && violations.length === 0,
        violations[0] ?? text.split('\n')[0],
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`! ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // keep cleaning up
    }
  }
}
const bad = results.filter((result) => !result.ok);
console.log(
  `\n${results.length - bad.length}/${results.length} deployment checks passed` +
    (bad.length > 0 ? `; failed: ${bad.map((result) => result.check).join('; ')}` : ''),
);
process.exit(failed || bad.length > 0 || results.length === 0 ? 1 : 0);
