/** PUT /api/password.php: change the password while logged in, confirmed with the current one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordBody, UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { memberLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import { changePassword } from '../services/password-change';
import { loadUser } from '../services/user-loader';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;

  app.put(
    '/api/password.php',
    {
      schema: {
        summary: 'Change the password',
        description:
          'Logged in. A wrong current_password is a 400 with key account_errors.wrong_password; ' +
          'a new password equal to the current one a 400 account_errors.password_same; one of ' +
          'the commonest passwords a 400 account_errors.password_too_common. Otherwise the new ' +
          'password is stored, every other session of the member ends (this one stays, its ' +
          'cookie unchanged), open reset links stop working and the member’s open apps get a ' +
          'user event. Answers the user. Rate limited per member.',
        tags: ['account'],
        body: ChangePasswordBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError, 429: ApiError },
      },
      config: memberLimit(
        rateLimits.passwordChange ?? DEFAULT_RATE_LIMITS.passwordChange,
        rateLimits.windowMs,
      ),
    },
    async (request) => {
      const member = requireMember(request);
      await changePassword(app, member, request.body);
      return { user: await loadUser(app, member.id) };
    },
  );
};

export default passwordRoutes;
