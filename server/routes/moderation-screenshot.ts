/** GET /api/moderation_screenshot.php?complaint=ID: a complaint's screenshot, for moderators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ModerationScreenshotQuery } from '../../src/shared/contract/moderation';
import { complaintScreenshot } from '../services/moderation';
import { moderatorsOnly, NO_STORE } from './moderation';

const moderationScreenshotRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/moderation_screenshot.php',
    {
      schema: {
        summary: "A complaint's screenshot (moderators only)",
        description:
          'The screenshot sent with a /complaints form entry, as the JPEG stored at the time ' +
          '(re-encoded, without metadata); never cached. A complaint without a screenshot or an ' +
          'unknown one: 404 moderation.errors.not_found. Anyone but a moderator: the 404 of an ' +
          'unknown path. File storage unreachable: 503 storage.unavailable.',
        tags: ['moderation'],
        querystring: ModerationScreenshotQuery,
        produces: ['image/jpeg'],
        // No response schema: the body is JPEG bytes; errors are ApiError JSON like everywhere.
      },
      onRequest: moderatorsOnly,
    },
    async (request, reply) => {
      const bytes = await complaintScreenshot(app, request.query.complaint);
      return reply
        .header('cache-control', NO_STORE)
        .header('content-disposition', 'inline')
        .type('image/jpeg')
        .send(bytes);
    },
  );
};

export default moderationScreenshotRoute;
