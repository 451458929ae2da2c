/** POST /api/dev.php: the developer panel's server action (SPEC §1); off in production by default. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DevActionBody } from '../../src/shared/contract/settings';
import { HttpError } from '../lib/http-error';
import { requireMember } from '../plugins/session';
import { loadUser } from '../services/user-loader';

const devRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev.php',
    {
      schema: {
        summary: 'Developer action',
        description:
          'zero-credits sets my credits to 0 through the credit ledger (one row of minus the old ' +
          'balance, reason dev_reset) and answers the fresh user. 403 with key dev.disabled when ' +
          'the server runs without DEV_TOOLS (the default in production).',
        tags: ['dev'],
        body: DevActionBody,
        response: { 200: UserResponse, 400: ApiError, 403: ApiError },
      },
      // Before body validation: a disabled endpoint tells nothing about what it would accept.
      onRequest: async () => {
        if (!app.config.devTools) {
          throw new HttpError(403, 'Developer tools are disabled on this server', 'dev.disabled');
        }
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      switch (request.body.action) {
        case 'zero-credits':
          await app.repos.credits.resetToZero(id, 'dev_reset', Date.now());
          break;
      }
      await app.realtime.publish(id, { type: 'user' });
      return { user: await loadUser(app, id) };
    },
  );
};

export default devRoute;
