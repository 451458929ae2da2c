/** GET /api/premium.php: the premium plans for a member or a visitor. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { PremiumOffer } from '../../src/shared/contract/payments';
import { sessionMember } from '../plugins/session';
import { premiumOffer } from '../services/purchase';

const premiumRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/premium.php',
    {
      schema: {
        summary: 'Premium plans',
        description:
          "Login optional. Plans priced in the currency of the member's country (visitors: the " +
          "site's default_payment_country), with the price per month, the saving against the " +
          'shortest plan, the monthly credits, the payment methods and, for a member, until when ' +
          'premium runs. A session a ban ended gets 403 with key banned.',
        tags: ['payments'],
        response: { 200: PremiumOffer, 403: ApiError },
      },
    },
    async (request) => premiumOffer(app, sessionMember(request)?.id ?? null),
  );
};

export default premiumRoute;
