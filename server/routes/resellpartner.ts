/** GET /api/resellpartner.php: where a sponsored ad card leads (SPEC §7), opened in a new window. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { ResellPartnerQuery, ResellPartnerResponse } from '../../src/shared/contract/members';
import { fillTemplate } from '../xcams/feed';

const resellPartnerRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/resellpartner.php',
    {
      schema: {
        summary: 'Ad partner address',
        description:
          'redirect=1 answers 302 to the ad partner (RESELL_PARTNER_URL with {flow} filled in, by ' +
          'default the local demo page); without it the address comes back as JSON.',
        tags: ['sponsored'],
        querystring: ResellPartnerQuery,
        response: { 200: ResellPartnerResponse, 400: ApiError },
      },
    },
    async (request, reply) => {
      const url = fillTemplate(app.config.xcams.resellUrl, { flow: request.query.flow });
      void reply.header('cache-control', 'no-store');
      if (request.query.redirect) return reply.redirect(url, 302);
      return { url };
    },
  );
};

export default resellPartnerRoute;
