/**
 * /api/payments/demo.php: the demo provider's checkout. GET shows the test page for the member's
 * own pending transaction; POST turns the chosen outcome into a signed demo event, delivers it to
 * the real webhook route and sends the member back to the transaction page.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { demoCheckoutPage } from '../payments/demo-checkout-page';
import {
  buildDemoEvent,
  DEMO_CHECKOUT_PATH,
  DEMO_SIGNATURE_HEADER,
} from '../payments/demo-provider';
import { formatMoney } from '../../src/shared/money';
import { isOpen } from '../payments/transaction-state';
import { requireMember } from '../plugins/session';
import type { TransactionRow } from '../repositories/transaction-row';
import { itemName, languageOf, transactionReference } from '../services/transaction-view';

const SessionQuery = z.object({ session: z.string().regex(/^demo_[0-9a-f]{32}$/) });
const ChoiceBody = z.object({
  token: z.string().max(100),
  outcome: z.enum(['paid', 'failed', 'cancelled', 'expired']),
});

const demoCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.payments.demoSecret;
  /** Ties the form to this checkout and this member (a CSRF proof the page carries). */
  const formToken = (ref: string, memberId: number) =>
    createHmac('sha256', secret).update(`demo-checkout:${ref}:${memberId}`).digest('base64url');

  // Scoped to this plugin: the page's forms post urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  async function ownDemoRow(memberId: number, ref: string): Promise<TransactionRow> {
    const row = await app.repos.transactions.findByProvider('demo', ref, null);
    if (!row || row.member_id !== memberId) {
      throw new HttpError(404, 'There is no such checkout', 'payments.not_found');
    }
    return row;
  }

  app.get(
    DEMO_CHECKOUT_PATH,
    {
      schema: {
        summary: 'Demo checkout page',
        description:
          'HTML test checkout of the demo provider for my own transaction: Paid, Failed, ' +
          'Cancelled or Expired. 404 payments.not_found for a checkout that is not mine.',
        tags: ['payments'],
        // No response schema: the body is an HTML page (errors are ApiError JSON).
        querystring: SessionQuery,
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      const row = await ownDemoRow(me.id, request.query.session);
      const buyer = await app.repos.transactions.buyer(me.id);
      const language = languageOf(buyer?.language ?? 'en');
      const html = demoCheckoutPage({
        siteName: app.site.config.name,
        item: itemName(row, language),
        amount: formatMoney({ amount: row.amount, currency: row.currency }, language),
        reference: transactionReference(app.site.config.name, row.id),
        action: `${DEMO_CHECKOUT_PATH}?session=${row.provider_ref ?? ''}`,
        token: formToken(request.query.session, me.id),
        closedNote: isOpen(row.status) ? null : `This checkout is closed (${row.status}).`,
      });
      // The page's forms post back here: under helmet's no-referrer a browser sends
      // `Origin: null` with a form post, which the Origin check rightly refuses.
      reply.header('referrer-policy', 'same-origin');
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    DEMO_CHECKOUT_PATH,
    {
      schema: {
        summary: 'Demo checkout choice',
        description:
          'Form post of the demo checkout page (token, outcome). Sends a signed demo event to ' +
          'POST /api/payment_webhook.php?provider=demo and answers 303 to /transactions/ID ' +
          '(?cancelled=1 when cancelled). 403 payments.bad_token for a form not from the page.',
        tags: ['payments'],
        querystring: SessionQuery,
        body: ChoiceBody,
        // No response schema: a 303 to the transaction page (errors are ApiError JSON).
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      const ref = request.query.session;
      const row = await ownDemoRow(me.id, ref);
      const expected = Buffer.from(formToken(ref, me.id));
      const given = Buffer.from(request.body.token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new HttpError(
          403,
          'This form did not come from the checkout page',
          'payments.bad_token',
        );
      }
      const { outcome } = request.body;
      const event = buildDemoEvent(
        secret,
        { ref, outcome, amount: row.amount, currency: row.currency },
        Date.now(),
      );
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/payment_webhook.php?provider=demo',
        headers: {
          'content-type': 'application/json',
          [DEMO_SIGNATURE_HEADER]: event.signature,
          host: new URL(app.siteOrigin()).host,
        },
        payload: event.body,
      });
      if (delivered.statusCode !== 200) {
        request.log.error(
          { status: delivered.statusCode, transaction: row.id },
          'payments: demo event refused',
        );
      }
      const back = `/transactions/${row.id}${outcome === 'cancelled' ? '?cancelled=1' : ''}`;
      return reply.redirect(back, 303);
    },
  );
};

export default demoCheckoutRoutes;
