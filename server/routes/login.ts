/** POST /api/login.php: email and password to a session; one generic answer for every failure. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, LoginBody, UserResponse } from '../../src/api/contract';
import { HttpError } from '../lib/http-error';
import { verifyPassword } from '../lib/passwords';
import { routeLimit } from '../plugins/rate-limit';
import { startSession } from '../plugins/session';
import { loadUser } from '../services/user-loader';

const loginRoute: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    '/api/login.php',
    {
      schema: {
        summary: 'Log in',
        description:
          'Sets the session cookie and returns the user. Wrong email, wrong password and closed ' +
          'accounts all give the same 401, in the same time. Rate limited per IP.',
        tags: ['account'],
        body: LoginBody,
        response: { 200: UserResponse, 400: ApiError, 401: ApiError, 429: ApiError },
      },
      config: routeLimit(limits.login, limits.windowMs),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const credentials = await app.repos.members.findCredentials(email);
      // Always verify, against a dummy hash for unknown emails, so timing reveals nothing.
      const ok = await verifyPassword(credentials?.passwordHash ?? null, password);
      if (!credentials || !ok || !credentials.canLogIn) {
        throw new HttpError(401, 'Wrong email address or password', 'login.invalid_credentials');
      }
      await startSession(request, reply, credentials.id);
      await app.repos.members.touch(credentials.id, Date.now());
      return { user: await loadUser(app, credentials.id) };
    },
  );
};

export default loginRoute;
