/** POST /api/complaints.php: report a member to the moderators (DESIGN §4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComplaintBody, ComplaintResult } from '../../src/shared/contract/chat';
import {
  ApiError,
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_REASONS,
} from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { memberLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import { fileComplaint } from '../services/chat-block';

const complaintsRoute: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  app.post(
    '/api/complaints.php',
    {
      schema: {
        summary: 'Report a member',
        description:
          `reason: one of ${COMPLAINT_REASONS.join(', ')}; message: optional, up to ` +
          `${COMPLAINT_MESSAGE_MAX} characters. Answers {id} of the stored complaint. Logged in ` +
          'only; yourself 400 block.self, an unknown id 404 block.unknown_profile. Reporting does ' +
          'not block: block the member too to stop seeing them.',
        tags: ['block'],
        body: ComplaintBody,
        response: {
          200: ComplaintResult,
          400: ApiError,
          403: ApiError,
          404: ApiError,
          429: ApiError,
        },
      },
      config: memberLimit(limits.complaints ?? DEFAULT_RATE_LIMITS.complaints, limits.windowMs),
    },
    async (request) => fileComplaint(app, requireMember(request).id, request.body),
  );
};

export default complaintsRoute;
