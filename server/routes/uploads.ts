/**
 * GET /uploads/<name>: uploaded photos from the file storage (disk or S3), at the address the
 * settings' default cdn_prefix names, so clients build the same URLs whatever the storage is.
 */
import type { FastifyPluginAsync } from 'fastify';
import { noneMatchHits } from '../plugins/conditional-get';
import { apiError } from '../plugins/errors';
import { isObjectKey } from '../storage/object-store';

/** Upload names are made by the server and never reused, so a copy may be kept for good. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const uploadsRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>(
    '/uploads/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = `uploads/${request.params['*']}`;
      const object = isObjectKey(key) ? await app.storage.get(key) : null;
      if (!object) {
        const path = request.url.split('?')[0] ?? '/';
        return reply.code(404).send(apiError(404, `Not found: ${request.method} ${path}`));
      }
      reply
        .header('cache-control', UPLOAD_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff');
      if (object.etag) reply.header('etag', object.etag);
      if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
      if (object.etag && noneMatchHits(request.headers['if-none-match'], object.etag)) {
        object.body.destroy();
        return reply.code(304).send();
      }
      return reply.type(object.contentType).header('content-length', object.size).send(object.body);
    },
  );
};

export default uploadsRoute;
