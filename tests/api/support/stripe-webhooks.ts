/**
 * Stripe webhook events for tests, signed the way Stripe signs them (the SDK's own test header), so
 * the provider verifies them exactly as it verifies real ones.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { StandInSession } from './stripe-stand-in';

/** A webhook request ready to send: the raw body and its headers. */
export interface SignedWebhook {
  body: string;
  headers: { 'content-type': string; 'stripe-signature': string };
}

/** An event envelope as Stripe sends it; `id` may be fixed to replay the same event. */
export function stripeEvent(
  type: string,
  object: unknown,
  id = `evt_${randomBytes(12).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A checkout.session.* event carrying a snapshot of the session. */
export function sessionEvent(type: string, session: StandInSession, id?: string) {
  return stripeEvent(type, { ...session }, id);
}

/** A charge.refunded event for the charge of a PaymentIntent; full unless `amountRefunded` is less. */
export function chargeRefundedEvent(
  paymentIntent: string,
  amount: number,
  currency: string,
  amountRefunded = amount,
) {
  return stripeEvent('charge.refunded', {
    id: `ch_${randomBytes(12).toString('hex')}`,
    object: 'charge',
    amount,
    amount_refunded: amountRefunded,
    currency,
    payment_intent: paymentIntent,
    refunded: amountRefunded >= amount,
    status: 'succeeded',
  });
}

/** A charge.dispute.created event (a chargeback) for a PaymentIntent's charge. */
export function disputeCreatedEvent(paymentIntent: string, amount: number, currency: string) {
  return stripeEvent('charge.dispute.created', {
    id: `dp_${randomBytes(12).toString('hex')}`,
    object: 'dispute',
    amount,
    currency,
    charge: `ch_${randomBytes(12).toString('hex')}`,
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  });
}

/** Signs `event` with `secret` as Stripe would; `timestamp` (seconds) to test stale headers. */
export function signWebhook(event: unknown, secret: string, timestamp?: number): SignedWebhook {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
