/** GET /api/credits.php: the /credits page's packages, prices, methods, discount and bonus. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { CreditsOffer } from '../../src/shared/contract/payments';
import { requireMember } from '../plugins/session';
import { creditsOffer } from '../services/purchase';

const creditsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credits.php',
    {
      schema: {
        summary: 'Credit packages for me',
        description:
          "Packages priced in the currency of the member's country (else the site's " +
          'default_payment_country), VAT included, with the welcome discount applied while the ' +
          'member has never paid and the time bonus while it runs; balance, debt, what a message ' +
          'costs, the payment methods of the country and the last paid package and method.',
        tags: ['payments'],
        response: { 200: CreditsOffer, 403: ApiError },
      },
    },
    async (request) => creditsOffer(app, requireMember(request).id, Date.now()),
  );
};

export default creditsRoute;
