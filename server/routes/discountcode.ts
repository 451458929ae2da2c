/** GET /api/discountcode.php: the welcome discount while it applies to the session member. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { DiscountCodeQuery, DiscountCodeResponse } from '../../src/shared/contract/payments';
import { welcomeDiscount } from '../payments/offer-rules';
import { sessionMember } from '../plugins/session';

const NONE = { code: null, percentage: null };

const discountCodeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/discountcode.php',
    {
      schema: {
        summary: 'Welcome discount',
        description:
          'welcome=true answers {code, percentage} of the welcome discount while it applies to ' +
          'the session member (no paid purchase yet); code=X answers the same only when X is that ' +
          'code. Otherwise, and for visitors, {code: null, percentage: null}. Other query ' +
          'parameters are ignored. A session a ban ended gets 403 with key banned.',
        tags: ['payments'],
        querystring: DiscountCodeQuery,
        response: { 200: DiscountCodeResponse, 403: ApiError },
      },
    },
    async (request) => {
      const me = sessionMember(request);
      const { welcome, code } = request.query;
      if (!me || (!welcome && code === undefined)) return NONE;
      const buyer = await app.repos.transactions.buyer(me.id);
      if (!buyer) return NONE;
      const hasPaid = await app.repos.transactions.hasPaid(me.id);
      const discount = welcomeDiscount(app.site.config, { signupDate: buyer.signupDate, hasPaid });
      if (!discount) return NONE;
      if (code !== undefined && code.trim().toUpperCase() !== discount.code.toUpperCase()) {
        return NONE;
      }
      return discount;
    },
  );
};

export default discountCodeRoute;
