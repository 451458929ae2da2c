/**
 * The Stripe provider with the real SDK against a loopback stand-in of the Stripe API: what a
 * Checkout Session is created with, how session states and signed webhook events are read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type CheckoutRequest } from '../../server/payments/provider';
import { checkoutExpiry, createStripeProvider } from '../../server/payments/stripe-provider';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';
import {
  chargeRefundedEvent,
  disputeCreatedEvent,
  sessionEvent,
  signWebhook,
  stripeEvent,
} from './support/stripe-webhooks';

const SECRET_KEY = 'sk_test_stand_in_key';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(async () => {
  await standIn.close();
});

const provider = () =>
  createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
  });

let nextTransaction = 1000;
function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const transactionId = nextTransaction++;
  return {
    transactionId,
    reference: `AM-${String(transactionId).padStart(6, '0')}`,
    description: '50 credits',
    amount: 1495,
    currency: 'EUR',
    method: 'ideal',
    customerEmail: 'member@example.com',
    locale: 'nl',
    successUrl: `https://amora.test/transactions/${transactionId}`,
    cancelUrl: `https://amora.test/transactions/${transactionId}?cancelled=1`,
    expiresAt: Date.now() + 60 * 60_000,
    ...overrides,
  };
}

/** The signed request as the webhook route hands it to the provider. */
function asReceived(signed: { body: string; headers: Record<string, string> }) {
  return [Buffer.from(signed.body), signed.headers] as const;
}

describe('Stripe provider: checkout sessions', () => {
  it('creates a session carrying the row’s amount, currency, method, metadata and expiry', async () => {
    const request = checkoutRequest();
    const created = await provider().createCheckout(request);

    const call = standIn.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        r.params.client_reference_id === String(request.transactionId),
    );
    expect(call).toBeDefined();
    const p = call!.params;
    expect(p.mode).toBe('payment');
    expect(p['allowed_payment_method_types[0]']).toBe('ideal');
    expect(p['allowed_payment_method_types[1]']).toBeUndefined();
    expect(p['line_items[0][quantity]']).toBe('1');
    expect(p['line_items[0][price_data][currency]']).toBe('eur');
    expect(p['line_items[0][price_data][unit_amount]']).toBe('1495');
    expect(p['line_items[0][price_data][product_data][name]']).toBe('50 credits');
    expect(p['metadata[transaction_id]']).toBe(String(request.transactionId));
    expect(p['metadata[reference]']).toBe(request.reference);
    expect(p.customer_email).toBe('member@example.com');
    expect(p.locale).toBe('nl');
    expect(p.success_url).toBe(request.successUrl);
    expect(p.cancel_url).toBe(request.cancelUrl);
    expect(Number(p.expires_at)).toBe(Math.floor(request.expiresAt / 1000));
    expect(call!.headers['idempotency-key']).toBe(
      `checkout-${request.transactionId}-${request.expiresAt}`,
    );
    expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call!.headers['stripe-version']).toBe('2026-10-28.endive');

    const session = standIn.sessions.get(created.ref)!;
    expect(session.amount_total).toBe(1495);
    expect(created.url).toBe(session.url);
  });

  it('gives the same session back when the same transaction is opened again', async () => {
    const request = checkoutRequest();
    const first = await provider().createCheckout(request);
    const again = await provider().createCheckout(request);
    expect(again.ref).toBe(first.ref);
  });

  it('keeps the expiry inside the 30 minutes to 24 hours Stripe accepts', async () => {
    const now = Date.now();
    expect(checkoutExpiry(now + 5 * 60_000, now)).toBe(Math.floor((now + 31 * 60_000) / 1000));
    expect(checkoutExpiry(now + 48 * 3_600_000, now)).toBe(
      Math.floor((now + 24 * 3_600_000 - 60_000) / 1000),
    );
    // The stand-in refuses what Stripe refuses, so a clamped short expiry still opens a session.
    const created = await provider().createCheckout(checkoutRequest({ expiresAt: Date.now() }));
    expect(standIn.sessions.get(created.ref)?.status).toBe('open');
  });

  it('opens the checkout in the member’s language with the chosen method', async () => {
    const created = await provider().createCheckout(
      checkoutRequest({ locale: 'pl', method: 'blik' }),
    );
    const session = standIn.sessions.get(created.ref)!;
    expect(session.locale).toBe('pl');
    expect(session.allowed_payment_method_types).toEqual(['blik']);
  });

  it('reads back open, completed, unpaid-completed and expired sessions', async () => {
    const stripe = provider();
    const open = await stripe.createCheckout(checkoutRequest());
    expect(await stripe.readBack(open.ref)).toMatchObject({
      eventId: null,
      ref: open.ref,
      outcome: 'pending',
      paymentId: null,
      amount: 1495,
      currency: 'EUR',
    });

    const paid = await stripe.createCheckout(checkoutRequest());
    const paidSession = standIn.complete(paid.ref);
    expect(await stripe.readBack(paid.ref)).toMatchObject({
      outcome: 'paid',
      paymentId: paidSession.payment_intent,
    });

    const async = await stripe.createCheckout(checkoutRequest({ method: 'sepa_debit' }));
    standIn.complete(async.ref, 'unpaid');
    expect((await stripe.readBack(async.ref)).outcome).toBe('pending');
    standIn.settle(async.ref);
    expect((await stripe.readBack(async.ref)).outcome).toBe('paid');

    const gone = await stripe.createCheckout(checkoutRequest());
    await stripe.cancel(gone.ref);
    expect((await stripe.readBack(gone.ref)).outcome).toBe('expired');
  });

  it('cancels an open session by expiring it, but reports a payment made first', async () => {
    const stripe = provider();
    const open = await stripe.createCheckout(checkoutRequest());
    expect((await stripe.cancel(open.ref)).outcome).toBe('cancelled');
    expect(standIn.sessions.get(open.ref)?.status).toBe('expired');
    expect(
      standIn.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${open.ref}/expire`,
      ),
    ).toBe(true);

    const paid = await stripe.createCheckout(checkoutRequest());
    standIn.complete(paid.ref);
    expect((await stripe.cancel(paid.ref)).outcome).toBe('paid');
    expect(standIn.sessions.get(paid.ref)?.status).toBe('complete');
  });

  it('fails loudly on a session Stripe does not know', async () => {
    await expect(provider().readBack('cs_test_unknown')).rejects.toThrow(
      /No such checkout.session/,
    );
  });

  it('fails loudly with a wrong secret key', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
    });
    await expect(wrong.createCheckout(checkoutRequest())).rejects.toThrow(/Invalid API Key/);
  });
});

describe('Stripe provider: webhooks', () => {
  async function openedSession() {
    const stripe = provider();
    const { ref } = await stripe.createCheckout(checkoutRequest());
    return standIn.sessions.get(ref)!;
  }

  it('reads a signed checkout.session.completed as paid, with amount, currency and payment', async () => {
    const session = await openedSession();
    standIn.complete(session.id);
    const event = sessionEvent('checkout.session.completed', session);
    const report = await provider().parseWebhook(...asReceived(signWebhook(event, WEBHOOK_SECRET)));
    expect(report).toEqual({
      eventId: event.id,
      ref: session.id,
      paymentId: session.payment_intent,
      outcome: 'paid',
      amount: 1495,
      currency: 'EUR',
    });
  });

  it('reads an unpaid completion as pending, then the async outcome', async () => {
    const session = await openedSession();
    standIn.complete(session.id, 'unpaid');
    const parse = (type: string) =>
      provider().parseWebhook(
        ...asReceived(signWebhook(sessionEvent(type, session), WEBHOOK_SECRET)),
      );
    expect((await parse('checkout.session.completed'))?.outcome).toBe('pending');
    expect((await parse('checkout.session.async_payment_succeeded'))?.outcome).toBe('paid');
    expect((await parse('checkout.session.async_payment_failed'))?.outcome).toBe('failed');
    expect((await parse('checkout.session.expired'))?.outcome).toBe('expired');
  });

  it('reads a full refund and a chargeback as refunded by payment, a partial refund as nothing', async () => {
    const parse = (event: unknown) =>
      provider().parseWebhook(...asReceived(signWebhook(event, WEBHOOK_SECRET)));
    const refund = chargeRefundedEvent('pi_full', 1495, 'eur');
    expect(await parse(refund)).toEqual({
      eventId: refund.id,
      ref: null,
      paymentId: 'pi_full',
      outcome: 'refunded',
      amount: 1495,
      currency: 'EUR',
    });
    const dispute = disputeCreatedEvent('pi_disputed', 1495, 'eur');
    expect(await parse(dispute)).toMatchObject({ paymentId: 'pi_disputed', outcome: 'refunded' });
    expect(await parse(chargeRefundedEvent('pi_partial', 1495, 'eur', 500))).toBeNull();
    expect(
      await parse(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' })),
    ).toBeNull();
  });

  it('refuses a bad, missing or stale signature, a tampered body and another secret', async () => {
    const session = await openedSession();
    const event = sessionEvent('checkout.session.completed', standIn.complete(session.id));
    const stripe = provider();
    const signed = signWebhook(event, WEBHOOK_SECRET);

    const tampered = signed.body.replace('"amount_total":1495', '"amount_total":1');
    expect(tampered).not.toBe(signed.body);
    await expect(stripe.parseWebhook(Buffer.from(tampered), signed.headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(
      stripe.parseWebhook(...asReceived(signWebhook(event, 'whsec_someone_else'))),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      stripe.parseWebhook(Buffer.from(signed.body), { 'stripe-signature': 't=1,v1=deadbeef' }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.parseWebhook(Buffer.from(signed.body), {})).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const stale = signWebhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    await expect(stripe.parseWebhook(...asReceived(stale))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    // The untouched request still verifies.
    expect((await stripe.parseWebhook(...asReceived(signed)))?.outcome).toBe('paid');
  });
});
