/**
 * POST /api/login.php: email and password to a session; one generic answer for every failure,
 * except that a banned member who knows their password is told of the ban (and gets no session).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginBody, UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { bannedError, HttpError } from '../lib/http-error';
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
          'accounts all give the same 401, in the same time. A banned member with the right ' +
          'password gets 403 with key banned and the ban (reason, since), and no session. Rate ' +
          'limited per IP.',
        tags: ['account'],
        body: LoginBody,
        response: { 200: UserResponse, 400: ApiError, 401: ApiError, 403: ApiError, 429: ApiError },
      },
      config: routeLimit(limits.login, limits.windowMs),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const credentials = await app.repos.members.findCredentials(email);
      // Always verify, against a dummy hash for unknown emails, so timing reveals nothing.
      const ok = await verifyPassword(credentials?.passwordHash ?? null, password);
      if (credentials && ok && !credentials.canLogIn) {
        // Only someone who knows the password learns of the ban, and why.
        const ban = await app.repos.bans.activeBan(credentials.id);
        if (ban) throw bannedError(ban);
      }
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
