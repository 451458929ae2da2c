/**
 * /api/export.php: a member's copy of their data. POST starts one (made in the background),
 * GET answers the newest with its progress, GET ?download=ID streams the member's own ready ZIP.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATA_EXPORT_TTL_MS,
  DataExportDownloadQuery,
  DataExportResponse,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { requireMember } from '../plugins/session';
import {
  DATA_EXPORTS_PER_DAY,
  downloadOwn,
  ExportLimitError,
  newestExport,
  startExport,
  type ExportDownload,
} from '../services/data-export';

/** Sends a ZIP as a download that no cache keeps. */
export function sendZip(reply: FastifyReply, zip: ExportDownload) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zip.attachmentName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(zip.stream);
}

const hours = DATA_EXPORT_TTL_MS / 3_600_000;

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/export.php',
    {
      schema: {
        summary: 'My data export: where it stands, or its ZIP',
        description:
          'Without a query: {export} = my newest export (status queued, running, ready, failed ' +
          'or expired; progress 0–100; expires_at and size once ready) or null. ?download=ID: ' +
          'the ZIP of my own ready export (application/zip, attachment amora-data-<date>.zip, ' +
          'no-store); another member’s id or an unknown one 404 data_export.errors.unknown, ' +
          'not ready yet 409 data_export.errors.not_ready, expired 410 data_export.errors.expired.',
        tags: ['account'],
        querystring: DataExportDownloadQuery.partial(),
        response: {
          200: DataExportResponse,
          400: ApiError,
          403: ApiError,
          404: ApiError,
          409: ApiError,
          410: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { id } = requireMember(request);
      const { download } = request.query;
      if (download !== undefined) return sendZip(reply, await downloadOwn(app, id, download));
      void reply.header('cache-control', 'no-store');
      return { export: await newestExport(app, id) };
    },
  );

  app.post(
    '/api/export.php',
    {
      schema: {
        summary: 'Start a copy of my data',
        description:
          'Queues an export of my profile, photos, likes, messages, payments, ledger, logins and ' +
          'complaints as a ZIP of JSON and image files, made in the background; answers {export}. ' +
          'One already queued or running comes back instead of a second. When it is ready a mail ' +
          `brings a download link that works for ${hours} hours. At most ${DATA_EXPORTS_PER_DAY} ` +
          'a day: 429 data_export.errors.too_many with Retry-After.',
        tags: ['account'],
        response: { 200: DataExportResponse, 403: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const { id } = requireMember(request);
      try {
        return { export: await startExport(app, id) };
      } catch (err) {
        if (err instanceof ExportLimitError) {
          void reply.header('retry-after', String(err.retryAfterS));
        }
        throw err;
      }
    },
  );
};

export default exportRoutes;
