/** PUT /api/privacy.php: whether the member appears on invitation pages (landers). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { PrivacyBody } from '../../src/shared/contract/landers';
import { requireMember } from '../plugins/session';
import { loadUser } from '../services/user-loader';

const privacyRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/privacy.php',
    {
      schema: {
        summary: 'Appear on invitation pages or not',
        description:
          'lander_opt_out true keeps the member off landers, their own invitation page and the ' +
          'match-finder pictures at once; search and profiles are unchanged. Answers the user ' +
          '(lander_opt_out). 403 when logged out.',
        tags: ['account'],
        body: PrivacyBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      await app.repos.landers.setOptOut(id, request.body.lander_opt_out);
      return { user: await loadUser(app, id) };
    },
  );
};

export default privacyRoute;
