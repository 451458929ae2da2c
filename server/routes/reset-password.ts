/** /api/reset_password.php: ask for a reset link (POST), set a new password with it (PUT). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ResetPasswordBody,
  ResetPasswordRequestBody,
  ResetPasswordRequested,
  UserResponse,
} from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../config';
import { routeLimit } from '../plugins/rate-limit';
import { startSession } from '../plugins/session';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { loadUser } from '../services/user-loader';

const resetPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;
  // Per IP: the caller is logged out. It also caps mails one client can send to someone else.
  const limit = routeLimit(
    rateLimits.passwordReset ?? DEFAULT_RATE_LIMITS.passwordReset,
    rateLimits.windowMs,
  );

  app.post(
    '/api/reset_password.php',
    {
      schema: {
        summary: 'Mail a password reset link',
        description:
          'Always answers {sent: true}, whether or not an account uses the address, so the call ' +
          'tells nobody which addresses have accounts. For an active or not yet confirmed account ' +
          'it mails a single-use link to /reset-password/do?token=… in the member’s language, ' +
          'valid for 1 hour. Rate limited per IP.',
        tags: ['account'],
        body: ResetPasswordRequestBody,
        response: { 200: ResetPasswordRequested, 400: ApiError, 429: ApiError },
      },
      config: limit,
    },
    async (request) => {
      await requestPasswordReset(app, request.body.email, app.siteOrigin());
      return { sent: true as const };
    },
  );

  app.put(
    '/api/reset_password.php',
    {
      schema: {
        summary: 'Set a new password with a reset link',
        description:
          'An unknown, used or expired token is a 400 with key account_errors.reset_token_invalid; ' +
          'one of the commonest passwords a 400 with key account_errors.password_too_common (the ' +
          'link stays usable). Otherwise the password changes, the link and every other reset link ' +
          'of the member stop working, every session of the member ends, a not yet confirmed ' +
          'account becomes active (the link proved the mailbox) and a new session starts: the ' +
          'answer is the user, with the session cookie. Rate limited per IP.',
        tags: ['account'],
        body: ResetPasswordBody,
        response: { 200: UserResponse, 400: ApiError, 429: ApiError },
      },
      config: limit,
    },
    async (request, reply) => {
      const memberId = await resetPassword(app, request.body.token, request.body.password);
      // Replaces whatever session the browser held (the member's own is already gone).
      await startSession(request, reply, memberId);
      return { user: await loadUser(app, memberId) };
    },
  );
};

export default resetPasswordRoutes;
