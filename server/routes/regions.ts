/** GET /api/regions.php: regions per allowed country (ids are stable, 1-based per country). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegionsResponse } from '../../src/shared/contract/settings';

const regionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/regions.php',
    {
      schema: {
        summary: 'Regions per country',
        description: 'The same region_data as in the settings, keyed by country code.',
        tags: ['site'],
        response: { 200: RegionsResponse },
      },
    },
    async () => app.site.regionData,
  );
};

export default regionsRoute;
