import { CONTENT_TYPE_OF_KIND, type FileKind } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { isStoredName } from '../storage';

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  pdf: 'pdf',
};

/** GET /files/<name>?expires=&sig=: a document, inline, only with a valid unexpired signature. */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { name: string }; Querystring: { expires?: unknown; sig?: unknown } }>(
    '/files/:name',
    async function serveFile(request, reply) {
      const { name } = request.params;
      // Only our own opaque names are ever looked up: no path can leave the files directory.
      if (!isStoredName(name)) throw new ApiError(404, 'server.notFound');
      if (!ctx.links.verify(name, request.query.expires, request.query.sig)) {
        throw new ApiError(403, 'server.fileLinkInvalid');
      }
      const file = await ctx.storage.open(name);
      if (!file) throw new ApiError(404, 'server.notFound');
      const kind = KIND_OF_EXTENSION[name.split('.')[1] ?? ''] ?? 'pdf';
      return reply
        .type(CONTENT_TYPE_OF_KIND[kind])
        .header('Content-Length', file.size)
        .header('Content-Disposition', `inline; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=300')
        .send(file.stream);
    },
  );
}
