/**
 * POST /api/payment_webhook.php?provider=stripe|demo: payment providers report here. The raw body
 * is kept (the signature covers its exact bytes), so this plugin has its own body parser. No
 * session and no Origin check: the signature is the proof.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import { HttpError } from '../lib/http-error';
import { WebhookSignatureError } from '../payments/provider';
import { applyReport } from '../services/payment-events';

/** Provider events are larger than our JSON calls. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const WebhookQuery = z.object({ provider: z.string().max(20) });
const WebhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
  ignored: z.boolean().optional(),
});

const paymentWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: every other route keeps the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/payment_webhook.php',
    {
      schema: {
        summary: 'Payment provider callback',
        description:
          'For payment providers, not clients. The signature over the raw body must verify ' +
          '(stripe: Stripe-Signature; demo: x-demo-signature t=<unix>,v1=<hex HMAC-SHA256 of ' +
          '"t.body">, 5 minutes tolerance), else 400 payments.bad_signature and nothing changes. ' +
          'A replayed event answers {received, duplicate: true}; an event for no known ' +
          'transaction {received, ignored: true}.',
        tags: ['payments'],
        querystring: WebhookQuery,
        response: { 200: WebhookAnswer, 400: ApiError },
      },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { originCheck: false },
    },
    async (request) => {
      const provider = app.payments.byName(request.query.provider);
      if (!provider) {
        throw new HttpError(400, 'Unknown payment provider', 'payments.unknown_provider');
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let report;
      try {
        report = await provider.parseWebhook(raw, request.headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          request.log.warn(
            { provider: provider.name, reason: err.message },
            'payments: bad webhook signature',
          );
          throw new HttpError(
            400,
            'The webhook signature does not verify',
            'payments.bad_signature',
          );
        }
        throw err;
      }
      if (!report) return { received: true as const, ignored: true };
      const outcome = await applyReport(app, provider, report, { origin: app.siteOrigin() });
      if (outcome.kind === 'duplicate') return { received: true as const, duplicate: true };
      if (outcome.kind === 'unknown') return { received: true as const, ignored: true };
      return { received: true as const };
    },
  );
};

export default paymentWebhookRoute;
