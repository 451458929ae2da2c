/**
 * Stripe objects in our terms: which Checkout Session and payment states and which webhook events
 * say something about a payment, and what. Pure functions, so they are tested without a network.
 */
import type Stripe from 'stripe';
import type { PaymentOutcome, PaymentReport } from './provider';

/** The id of an expandable reference (Stripe sends either the id or the expanded object). */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A completed session is paid only when the money arrived; async methods complete unpaid first. */
function completedOutcome(session: Stripe.Checkout.Session): PaymentOutcome {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
    ? 'paid'
    : 'pending';
}

/** A session's state as it is now (readBack): open is still pending, complete may still wait. */
export function sessionOutcome(session: Stripe.Checkout.Session): PaymentOutcome {
  if (session.status === 'complete') return completedOutcome(session);
  if (session.status === 'expired') return 'expired';
  return 'pending';
}

/** A report about one Checkout Session; the amount is what Stripe will charge or charged. */
export function sessionReport(
  session: Stripe.Checkout.Session,
  outcome: PaymentOutcome,
  eventId: string | null,
): PaymentReport {
  return {
    eventId,
    ref: session.id,
    paymentId: idOf(session.payment_intent),
    outcome,
    amount: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
}

/** A report that names only the payment (refunds and disputes do not name the session). */
function paymentReport(
  eventId: string,
  paymentId: string | null,
  amount: number,
  currency: string,
): PaymentReport | null {
  // Without a PaymentIntent the charge did not come from one of our Checkout Sessions.
  if (paymentId === null) return null;
  return {
    eventId,
    ref: null,
    paymentId,
    outcome: 'refunded',
    amount,
    currency: currency.toUpperCase(),
  };
}

/** What a verified webhook event means for a payment; null for events that change nothing. */
export function eventReport(event: Stripe.Event): PaymentReport | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return sessionReport(event.data.object, completedOutcome(event.data.object), event.id);
    case 'checkout.session.async_payment_succeeded':
      return sessionReport(event.data.object, 'paid', event.id);
    case 'checkout.session.async_payment_failed':
      return sessionReport(event.data.object, 'failed', event.id);
    case 'checkout.session.expired':
      return sessionReport(event.data.object, 'expired', event.id);
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund leaves the purchase standing; only a full refund takes credits back.
      if (!charge.refunded) return null;
      return paymentReport(event.id, idOf(charge.payment_intent), charge.amount, charge.currency);
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const charge = typeof dispute.charge === 'string' ? null : dispute.charge;
      const paymentId = idOf(dispute.payment_intent) ?? idOf(charge?.payment_intent);
      // A chargeback takes the money back at once, so it counts as a refund.
      return paymentReport(event.id, paymentId, dispute.amount, dispute.currency);
    }
    default:
      return null;
  }
}
