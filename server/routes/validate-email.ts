/** GET /api/validate_email.php: whether an email may sign up (SPEC §4 "Email check status"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidateEmailQuery, ValidateEmailResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { randomToken } from '../lib/tokens';
import { routeLimit } from '../plugins/rate-limit';

const validEmail = z.email();

const validateEmailRoute: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.get(
    '/api/validate_email.php',
    {
      schema: {
        summary: 'Check an email address',
        description:
          'status is new (may sign up), active or not_confirmed (suggest logging in), deleted ' +
          '(points to the service page) or invalid. email is the normalised address, request_email ' +
          'echoes the query; token is a fresh random value. Rate limited per IP.',
        tags: ['account'],
        querystring: ValidateEmailQuery,
        response: { 200: ValidateEmailResponse, 400: ApiError, 429: ApiError },
      },
      config: routeLimit(limits.validateEmail, limits.windowMs),
    },
    async (request) => {
      const requested = request.query.email;
      const email = requested.trim().toLowerCase();
      const status = validEmail.safeParse(email).success
        ? await app.repos.members.emailStatus(email)
        : 'invalid';
      return { status, token: randomToken(16), email, request_email: requested };
    },
  );
};

export default validateEmailRoute;
