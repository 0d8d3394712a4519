/**
 * Serves one app's production build the way a static host should: hashed assets cached for a
 * year, index.html and config.json never cached, every unknown path answered with index.html
 * (client-side routes), the runtime config.json given by the caller, and a
 * Content-Security-Policy that lets the app reach only its own origin and the API.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';

/** Text files worth compressing on the wire. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);

/** @type {Readonly<Record<string, string>>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * @typedef {object} StaticApp
 * @property {string} url Where it listens, without a trailing slash: `http://127.0.0.1:4173`.
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} StaticAppOptions
 * @property {string} distDir The app's `dist/` directory.
 * @property {Readonly<Record<string, unknown>>} config What `/config.json` answers.
 * @property {number} [port] 0 (the default) picks a free port.
 * @property {string} [host] Default 127.0.0.1.
 */

/**
 * The policy for an app talking to `apiOrigin` (documents open from there too).
 * @param {string} apiOrigin
 * @returns {string}
 */
export function contentSecurityPolicy(apiOrigin) {
  return [
    "default-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    `img-src 'self' data: blob: ${apiOrigin}`,
    `frame-src ${apiOrigin} blob:`,
    `object-src ${apiOrigin}`,
    "worker-src 'self' blob:",
    // Mantine and React set style attributes and inject style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Starts serving `distDir`; resolves once it listens.
 * @param {StaticAppOptions} options
 * @returns {Promise<StaticApp>}
 */
export async function serveApp(options) {
  const root = normalize(options.distDir);
  const configBody = JSON.stringify(options.config);
  const apiBase = options.config.apiBaseUrl;
  const csp = contentSecurityPolicy(typeof apiBase === 'string' ? new URL(apiBase).origin : '');

  const server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      const common = {
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      };
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
        return;
      }
      if (path === '/config.json') {
        response
          .writeHead(200, {
            ...common,
            'Content-Type': CONTENT_TYPES['.json'],
            'Cache-Control': 'no-store',
          })
          .end(request.method === 'HEAD' ? undefined : configBody);
        return;
      }
      const file = await existingFile(root, path);
      // A path with an extension that does not exist is a missing file, not a route.
      if (file === null && extname(path) !== '') {
        response
          .writeHead(404, { ...common, 'Content-Type': CONTENT_TYPES['.txt'] })
          .end('Not found');
        return;
      }
      const target = file ?? join(root, 'index.html');
      const isHtml = target.endsWith('.html');
      // Compressed like the nginx of docs/deploy: a phone on mobile data downloads a third.
      const gzip =
        COMPRESSIBLE.has(extname(target)) &&
        /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(200, {
        ...common,
        ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
        'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
        'Cache-Control': path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
        ...(isHtml ? { 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' } : {}),
      });
      if (request.method === 'HEAD') response.end();
      else if (gzip) createReadStream(target).pipe(createGzip()).pipe(response);
      else createReadStream(target).pipe(response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/**
 * The file a path names inside root, or null (never a path outside root).
 * @param {string} root
 * @param {string} path
 * @returns {Promise<string | null>}
 */
async function existingFile(root, path) {
  const target = normalize(join(root, path));
  if (target !== root && !target.startsWith(root + sep)) return null;
  try {
    const info = await stat(target);
    return info.isFile() ? target : null;
  } catch {
    return null;
  }
}
