/**
 * A purchase through the app with the Stripe provider against the loopback Stripe stand-in: the
 * session Stripe gets, signed webhooks granting exactly once (repeated and concurrent), a bad
 * signature changing nothing, refunds and chargebacks, and the read-back when the member returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted, Transaction } from '../../src/shared/contract/payments';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  startStripeStandIn,
  type StandInSession,
  type StripeStandIn,
} from './support/stripe-stand-in';
import {
  chargeRefundedEvent,
  disputeCreatedEvent,
  sessionEvent,
  signWebhook,
  type SignedWebhook,
} from './support/stripe-webhooks';

const SECRET_KEY = 'sk_test_app_stand_in';
const WEBHOOK_SECRET = 'whsec_app_stand_in';
/** Package 3 in the site config: 50 credits for EUR 39.99 (NL). */
const PACKAGE = { id: 3, credits: 50, amount: 3999 };

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(async () => {
  await standIn.close();
});

let members = 0;

for (const engine of ENGINES) {
  describe(`Stripe purchases through the app (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        payments: {
          demoSecret: 'demo-secret-for-stripe-tests',
          stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
        },
        // No welcome discount or time bonus, so the amount and the credits are the package's.
        site: { welcome_discount: null, time_bonus: null },
      });
    });
    afterAll(() => t.close());

    /** A logged-in Dutch member with no credits. */
    const member = async (country = 'NL') => {
      members += 1;
      const email = `stripe-${engine}-${members}@example.com`;
      const id = await insertMember(t.app, { email, country, language: 'nl' });
      return { id, cookie: await login(t.app, email) };
    };

    /** Starts a purchase of PACKAGE and returns it with the session the stand-in holds. */
    const buy = async (cookie: string, method = 'ideal') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transactions.php',
        payload: { product: 'credits', package: PACKAGE.id, method },
        ...as(cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json<CheckoutStarted>();
      const session = [...standIn.sessions.values()].find((s) => s.url === started.checkout_url);
      if (!session) throw new Error(`no stand-in session for ${started.checkout_url}`);
      return { transaction: started.transaction, session };
    };

    const deliver = (signed: SignedWebhook) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment_webhook.php?provider=stripe',
        headers: signed.headers,
        payload: signed.body,
      });

    const completed = (session: StandInSession, id?: string) =>
      signWebhook(sessionEvent('checkout.session.completed', session, id), WEBHOOK_SECRET);

    const read = async (cookie: string, id: number, refresh = false) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/transactions.php?id=${id}${refresh ? '&refresh=1' : ''}`,
        ...as(cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Transaction>();
    };

    /** The member's balance, debt and the credits the ledger granted them. */
    const account = async (memberId: number) => {
      const [row, ledger] = await Promise.all([
        t.app.db
          .selectFrom('members')
          .select(['credits', 'credit_debt'])
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow(),
        t.app.db
          .selectFrom('credit_ledger')
          .select(['delta', 'reason'])
          .where('member_id', '=', memberId)
          .execute(),
      ]);
      return {
        credits: row.credits,
        debt: row.credit_debt,
        purchases: ledger.filter((e) => e.reason === 'purchase').length,
      };
    };

    it('opens a Stripe Checkout Session with the server’s figures', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      expect(transaction.status).toBe('pending');
      expect(session).toMatchObject({
        status: 'open',
        amount_total: PACKAGE.amount,
        currency: 'eur',
        allowed_payment_method_types: ['ideal'],
        client_reference_id: String(transaction.id),
        locale: 'nl',
        metadata: { transaction_id: String(transaction.id), reference: transaction.reference },
      });
      expect(session.customer_email).toBe(`stripe-${engine}-${members}@example.com`);
      expect(session.success_url).toMatch(new RegExp(`/transactions/${transaction.id}$`));
      expect(await account(id)).toEqual({ credits: 0, debt: 0, purchases: 0 });
    });

    it('grants the credits once on a signed completion, however often it arrives', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      const event = completed(standIn.complete(session.id));

      const first = await deliver(event);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true });
      for (let i = 0; i < 2; i++) {
        expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
      }
      const paid = await read(cookie, transaction.id);
      expect(paid.status).toBe('paid');
      expect(await account(id)).toEqual({ credits: PACKAGE.credits, debt: 0, purchases: 1 });
    });

    it('grants once when the same event and other events for the session arrive together', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      standIn.complete(session.id);
      const same = completed(session);
      const others = [
        completed(session),
        signWebhook(
          sessionEvent('checkout.session.async_payment_succeeded', session),
          WEBHOOK_SECRET,
        ),
      ];
      const answers = await Promise.all(
        [...Array.from({ length: 10 }, () => same), ...others].map(deliver),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
      expect((await read(cookie, transaction.id)).status).toBe('paid');
      expect(await account(id)).toEqual({ credits: PACKAGE.credits, debt: 0, purchases: 1 });
    });

    it('waits for an async payment to settle, and grants nothing when it fails', async () => {
      for (const settles of [true, false]) {
        const { id, cookie } = await member('DE');
        const { transaction, session } = await buy(cookie, 'sepa_debit');
        await deliver(completed(standIn.complete(session.id, 'unpaid')));
        expect((await read(cookie, transaction.id)).status).toBe('pending');
        const type = settles
          ? 'checkout.session.async_payment_succeeded'
          : 'checkout.session.async_payment_failed';
        await deliver(signWebhook(sessionEvent(type, session), WEBHOOK_SECRET));
        expect((await read(cookie, transaction.id)).status).toBe(settles ? 'paid' : 'failed');
        expect((await account(id)).credits).toBe(settles ? PACKAGE.credits : 0);
      }
    });

    it('grants nothing when Stripe reports another amount than the transaction’s', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      const cheaper = { ...standIn.complete(session.id), amount_total: 1 };
      expect((await deliver(completed(cheaper))).statusCode).toBe(200);
      expect((await read(cookie, transaction.id)).status).not.toBe('paid');
      expect(await account(id)).toEqual({ credits: 0, debt: 0, purchases: 0 });
    });

    it('answers 400 to a bad signature and changes nothing', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      const good = completed(standIn.complete(session.id));
      const forged = signWebhook(JSON.parse(good.body), 'whsec_not_ours');
      const tampered = { ...good, body: good.body.replace('"paid"', '"paid" ') };
      for (const bad of [
        forged,
        tampered,
        { ...good, headers: { ...good.headers, 'stripe-signature': '' } },
      ]) {
        const res = await deliver(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ key: 'payments.bad_signature' });
      }
      expect((await read(cookie, transaction.id)).status).toBe('pending');
      expect(await account(id)).toEqual({ credits: 0, debt: 0, purchases: 0 });
    });

    it('takes the credits back on a full refund, and on a chargeback', async () => {
      for (const kind of ['refund', 'dispute'] as const) {
        const { id, cookie } = await member();
        const { transaction, session } = await buy(cookie);
        await deliver(completed(standIn.complete(session.id)));
        expect((await account(id)).credits).toBe(PACKAGE.credits);

        const paymentIntent = session.payment_intent!;
        const event =
          kind === 'refund'
            ? chargeRefundedEvent(paymentIntent, PACKAGE.amount, 'eur')
            : disputeCreatedEvent(paymentIntent, PACKAGE.amount, 'eur');
        const res = await deliver(signWebhook(event, WEBHOOK_SECRET));
        expect(res.statusCode, res.body).toBe(200);
        expect((await read(cookie, transaction.id)).status).toBe('refunded');
        expect(await account(id)).toMatchObject({ credits: 0, debt: 0 });
      }
    });

    it('reads the session back from Stripe when the member returns before the webhook', async () => {
      const { id, cookie } = await member();
      const { transaction, session } = await buy(cookie);
      expect((await read(cookie, transaction.id, true)).status).toBe('pending');

      standIn.complete(session.id);
      const before = standIn.requests.length;
      expect((await read(cookie, transaction.id, true)).status).toBe('paid');
      expect(standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toContain(
        `GET /v1/checkout/sessions/${session.id}`,
      );
      expect(await account(id)).toEqual({ credits: PACKAGE.credits, debt: 0, purchases: 1 });
      // The webhook that follows changes nothing.
      expect((await deliver(completed(session))).statusCode).toBe(200);
      expect(await account(id)).toEqual({ credits: PACKAGE.credits, debt: 0, purchases: 1 });
    });

    it('closes the session when the member leaves, but keeps a payment that went through', async () => {
      const { id, cookie } = await member();
      const cancel = (txId: number) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/transactions.php?cancel=1',
          payload: { id: txId },
          ...as(cookie),
        });
      const left = await buy(cookie);
      const res = await cancel(left.transaction.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Transaction>().status).toBe('cancelled');
      expect(standIn.sessions.get(left.session.id)?.status).toBe('expired');

      const paidFirst = await buy(cookie);
      standIn.complete(paidFirst.session.id);
      expect((await cancel(paidFirst.transaction.id)).json<Transaction>().status).toBe('paid');
      expect(await account(id)).toEqual({ credits: PACKAGE.credits, debt: 0, purchases: 1 });
    });
  });
}
