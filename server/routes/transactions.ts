/** /api/transactions.php: start a purchase (POST), follow it (GET), leave its checkout (PUT ?cancel=1). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  CancelTransactionBody,
  CancelTransactionQuery,
  CheckoutStarted,
  CreateTransactionBody,
  Transaction,
  TransactionQuery,
} from '../../src/shared/contract/payments';
import { memberLimit } from '../plugins/rate-limit';
import { requireMember } from '../plugins/session';
import { cancelTransaction, readTransaction } from '../services/payment-events';
import { startPurchase } from '../services/purchase';

/** Purchases one member may start per minute: plenty for a person, little for a script. */
export const PURCHASE_LIMIT = 20;

const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/transactions.php',
    {
      schema: {
        summary: 'Start a purchase',
        description:
          'Body {product: credits|premium, package, method, return_to?}. The server prices it ' +
          '(any price, amount, currency or credits in the body are ignored), stores the ' +
          'transaction, opens the checkout of the payment provider and answers the transaction ' +
          '(pending) and checkout_url. 400 payments.unknown_package for a package not offered in ' +
          "the member's currency, 400 payments.method_unavailable for a method the country does " +
          'not offer, 409 payments.provider_unavailable when the provider fails (the transaction ' +
          'is then failed). Open checkouts expire after 1 hour.',
        tags: ['payments'],
        body: CreateTransactionBody,
        response: {
          200: CheckoutStarted,
          400: ApiError,
          403: ApiError,
          409: ApiError,
          429: ApiError,
        },
      },
      config: memberLimit(PURCHASE_LIMIT, app.config.rateLimits.windowMs),
    },
    async (request) =>
      startPurchase(app, requireMember(request).id, request.body, app.siteOrigin(), Date.now()),
  );

  app.get(
    '/api/transactions.php',
    {
      schema: {
        summary: 'One of my transactions',
        description:
          "The session member's transaction (another member's or an unknown id: 404 " +
          'payments.not_found). refresh=1 asks the provider for the state of an undecided ' +
          'checkout first; an open one past its expiry reads as expired.',
        tags: ['payments'],
        querystring: TransactionQuery,
        response: { 200: Transaction, 400: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request) =>
      readTransaction(
        app,
        requireMember(request).id,
        request.query.id,
        request.query.refresh ?? false,
        app.siteOrigin(),
      ),
  );

  app.put(
    '/api/transactions.php',
    {
      schema: {
        summary: 'Leave a checkout',
        description:
          'PUT ?cancel=1 {id}: the member came back without paying. The provider closes the ' +
          'checkout and reports its state (paid when the payment went through first); answers ' +
          'the transaction. 404 payments.not_found for a transaction that is not mine.',
        tags: ['payments'],
        querystring: CancelTransactionQuery,
        body: CancelTransactionBody,
        response: { 200: Transaction, 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
      },
    },
    async (request) =>
      cancelTransaction(app, requireMember(request).id, request.body.id, app.siteOrigin()),
  );
};

export default transactionsRoutes;
