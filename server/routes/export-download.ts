/** GET /api/export_download.php?token=: the ZIP of a data export from its mailed link. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataExportTokenQuery } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { downloadByToken } from '../services/data-export';
import { sendZip } from './export';

const exportDownloadRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/export_download.php',
    {
      schema: {
        summary: 'Download my data by the mailed link',
        description:
          'The link of the "your data is ready" mail; the token is the only credential (no ' +
          'session needed) and works any number of times until the export expires. Answers the ' +
          'ZIP (application/zip, attachment, no-store). A token that matches nothing: 404 ' +
          'data_export.errors.unknown_link; an expired export: 410 data_export.errors.expired.',
        tags: ['account'],
        querystring: DataExportTokenQuery,
        response: { 400: ApiError, 404: ApiError, 409: ApiError, 410: ApiError },
      },
    },
    async (request, reply) => sendZip(reply, await downloadByToken(app, request.query.token)),
  );
};

export default exportDownloadRoute;
