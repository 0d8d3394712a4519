/**
 * Serves one app's production build the way a static host should: hashed assets cached for a
 * year, index.html and config.json never cached, every unknown path answered with index.html
 * (client-side routes), the runtime config.json given by the caller, and a
 * Content-Security-Policy that lets the app reach only its own origin and the API.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

export interface StaticApp {
  /** Where it listens, without a trailing slash: `http://127.0.0.1:4173`. */
  url: string;
  close(): Promise<void>;
}

export interface StaticAppOptions {
  /** The app's `dist/` directory. */
  distDir: string;
  /** What `/config.json` answers (the app's runtime configuration). */
  config: Readonly<Record<string, unknown>>;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
}

/** The policy for an app talking to `apiOrigin` (documents open from there too). */
export function contentSecurityPolicy(apiOrigin: string): string {
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

/** Starts serving `distDir`; resolves once it listens. */
export async function serveApp(options: StaticAppOptions): Promise<StaticApp> {
  const root = normalize(options.distDir);
  const configBody = JSON.stringify(options.config);
  const apiBase = options.config.apiBaseUrl;
  const csp = contentSecurityPolicy(typeof apiBase === 'string' ? new URL(apiBase).origin : '');

  const server: Server = createServer((request, response) => {
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
      response.writeHead(200, {
        ...common,
        'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
        'Cache-Control': path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
        ...(isHtml ? { 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' } : {}),
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(target).pipe(response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The file a path names inside root, or null (never a path outside root). */
async function existingFile(root: string, path: string): Promise<string | null> {
  const target = normalize(join(root, path));
  if (target !== root && !target.startsWith(root + sep)) return null;
  try {
    const info = await stat(target);
    return info.isFile() ? target : null;
  } catch {
    return null;
  }
}
