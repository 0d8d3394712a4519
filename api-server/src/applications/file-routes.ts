import { CONTENT_TYPE_OF_KIND, type FileKind } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { applicationFileOfLink, applicationHasFile } from './application-store';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { isStoredName } from '../uploads/storage';

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  pdf: 'pdf',
};

/** A stored name or its short form in a link (file-links.ts shortNames). */
const LINKED_NAME = /^[0-9a-f]{4,32}\.(jpg|png|webp|pdf)$/;

type FileRequest = {
  Params: { applicationId: string; name: string };
  Querystring: { expires?: unknown; sig?: unknown };
};

/**
 * GET /files/<application id>/<name>?expires=&sig=: a document of that application, inline,
 * only with a valid unexpired signature (see file-links.ts).
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Chrome's PDF viewer breaks under default-src/object-src 'none' (crbug.com/271452): a
  // document gets `sandbox` (no script, no form, no same-origin access, whatever it carries)
  // and frame-ancestors, so the apps may frame it and nobody else; nosniff and the content
  // checked at upload (uploads.ts) keep it a document.
  const documentPolicy = `sandbox; ${["frame-ancestors 'self'", ...ctx.config.appOrigins].join(' ')}`;
  const helmet = { contentSecurityPolicy: false } as const;
  app.get<FileRequest>(
    '/files/:applicationId/:name',
    { helmet },
    async function serveFile(request, reply) {
      const { applicationId, name: linked } = request.params;
      // Only our own opaque names (or their short forms) are ever looked up: no path can leave
      // the files directory.
      if (!/^\d{1,9}$/.test(applicationId) || !LINKED_NAME.test(linked)) {
        throw new ApiError(404, 'server.notFound');
      }
      const id = Number(applicationId);
      if (!ctx.links.verify(id, request.query.expires, request.query.sig)) {
        throw new ApiError(403, 'server.fileLinkInvalid');
      }
      const name = isStoredName(linked)
        ? (await applicationHasFile(ctx.db, id, linked))
          ? linked
          : null
        : await applicationFileOfLink(ctx.db, id, linked);
      if (!name) throw new ApiError(404, 'server.notFound');
      const file = await ctx.storage.open(name);
      if (!file) throw new ApiError(404, 'server.notFound');
      const kind = KIND_OF_EXTENSION[name.split('.')[1] ?? ''] ?? 'pdf';
      return reply
        .type(CONTENT_TYPE_OF_KIND[kind])
        .header('Content-Length', file.size)
        .header('Content-Disposition', `inline; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', documentPolicy)
        .header('Cache-Control', 'private, max-age=300')
        .send(file.stream);
    },
  );
}
