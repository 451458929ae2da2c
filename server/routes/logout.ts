/** GET /api/logout.php: ends the session and answers the text `done` (SPEC §4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LogoutResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { endSession } from '../plugins/session';

const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/logout.php',
    {
      schema: {
        summary: 'Log out',
        description:
          'Deletes the session and clears the cookie; answers text/plain "done", also when no ' +
          'session was open.',
        tags: ['account'],
        response: { 200: LogoutResponse, 403: ApiError },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      // A string without a content type goes out as text/plain, unserialised.
      return reply.send('done');
    },
  );
};

export default logoutRoute;
