/** DELETE /api/account.php: delete the account for good, confirmed with the password. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountDeleted, DeleteAccountBody } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { memberLimit } from '../plugins/rate-limit';
import { endSession, requireMember } from '../plugins/session';
import { deleteAccount } from '../services/account-deletion';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;

  app.delete(
    '/api/account.php',
    {
      schema: {
        summary: 'Delete the account',
        description:
          'Logged in; the password confirms (wrong: 400 account_errors.wrong_password, rate ' +
          'limited per member). Removes the profile, photos (files included), likes, blocks, ' +
          'conversations and their messages, push subscriptions, tokens, mails and every session, ' +
          'and clears the session cookie. Complaints the member filed stay without their name; ' +
          'credit records stay under the bare member id. The address is kept only as a hash, so ' +
          'validate_email answers deleted and it cannot sign up again. The member disappears from ' +
          'everyone’s search, likes and chats at once.',
        tags: ['account'],
        body: DeleteAccountBody,
        response: { 200: AccountDeleted, 400: ApiError, 403: ApiError, 429: ApiError },
      },
      config: memberLimit(
        rateLimits.accountDelete ?? DEFAULT_RATE_LIMITS.accountDelete,
        rateLimits.windowMs,
      ),
    },
    async (request, reply) => {
      const { id } = requireMember(request);
      await deleteAccount(app, id, request.body.password);
      await endSession(request, reply);
      return { deleted: true as const };
    },
  );
};

export default accountRoutes;
