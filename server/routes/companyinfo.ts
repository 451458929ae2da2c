/** GET /api/companyinfo.php: the legal entity behind the site, for the footer and legal pages. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyInfoResponse } from '../../src/shared/contract/settings';

const companyInfoRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        summary: 'Company information',
        description: 'Company name, address, chamber of commerce number, trade names, VAT numbers.',
        tags: ['site'],
        response: { 200: CompanyInfoResponse },
      },
    },
    async () => app.site.companyInfo(),
  );
};

export default companyInfoRoute;
