/**
 * GET /api/activate.php: with `token` it is the activation mail's link (activates, then redirects
 * to the client's /activate/done or /activate/error); without, step 6 of the sign-up wizard polls
 * whether the SMTP server has accepted the member's activation mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivateQuery, ActivateResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { sha256Hex } from '../lib/tokens';
import { ACTIVATION_TOKEN } from '../repositories/mail.repository';
import { requireMember } from '../plugins/session';

/** Client pages the link lands on (SPEC §1 routes). */
const DONE_PAGE = '/activate/done';
const ERROR_PAGE = '/activate/error';

const activateRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activate.php',
    {
      schema: {
        summary: 'Activation link, or whether the activation mail was delivered',
        description:
          'With ?token= (the link in the activation mail): a valid, unused, unexpired token makes ' +
          'the not yet confirmed member active and redirects (302) to /activate/done; any other ' +
          'token redirects to /activate/error. Tokens work once and expire after 3 days. Without ' +
          'a token (logged in, polled by the wizard): {delivered} is true once an SMTP server ' +
          'accepted the activation mail; it stays false while the mail waits in the outbox.',
        tags: ['account'],
        querystring: ActivateQuery,
        response: {
          200: ActivateResponse,
          302: z.null().describe('Redirect to /activate/done or /activate/error'),
          400: ApiError,
          403: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (token !== undefined) {
        const result = await app.repos.mail.activate(sha256Hex(token), Date.now());
        // An activation may have written a partner's postback.
        if (result === 'activated') app.postbacks.wake();
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(result === 'activated' ? DONE_PAGE : ERROR_PAGE);
      }
      const { id } = requireMember(request);
      return { delivered: await app.repos.mail.wasSent(id, ACTIVATION_TOKEN) };
    },
  );
};

export default activateRoute;
