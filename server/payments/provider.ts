/**
 * What the payment code needs from a payment service. Two implementations: `stripe-provider.ts`
 * (the official SDK, Checkout Sessions) and `demo-provider.ts` (our own checkout page, the default
 * without STRIPE_SECRET_KEY). Both report through the same webhook route and state machine.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '../../src/shared/contract/fields';
import type { PaymentMethod } from '../../src/shared/contract/payments';

/** Which provider a transaction went through (transactions.provider). */
export type ProviderName = 'demo' | 'stripe';

/** A checkout to open for one transaction; every figure comes from the server's own row. */
export interface CheckoutRequest {
  transactionId: number;
  /** Human reference, e.g. AM-000042; the provider shows it and sends it back in metadata. */
  reference: string;
  /** Line item text in the member's language, e.g. "50 credits". */
  description: string;
  /** Total in minor units, VAT included. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  customerEmail: string;
  locale: Language;
  /** Absolute addresses the provider sends the member back to. */
  successUrl: string;
  cancelUrl: string;
  /** When the checkout stops taking payment (ms since epoch). */
  expiresAt: number;
}

/** An opened checkout: the provider's id for it and where the member pays. */
export interface CheckoutSession {
  ref: string;
  url: string;
}

/** What a provider says happened to a payment. */
export type PaymentOutcome = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

/** One webhook event or status read-back, in our terms. */
export interface PaymentReport {
  /** The provider's event id (webhooks), so a replay is recognised; null for read-backs. */
  eventId: string | null;
  /** The checkout's id (CheckoutSession.ref); null when the event names only the payment. */
  ref: string | null;
  /** The provider's payment id (refunds and chargebacks name only this). */
  paymentId: string | null;
  outcome: PaymentOutcome;
  /** Amount and currency the provider says were paid, checked against the row before granting. */
  amount: number | null;
  currency: string | null;
}

/** A webhook whose signature does not verify; the route answers 400 and changes nothing. */
export class WebhookSignatureError extends Error {}

/** One payment service. */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the raw body (throws WebhookSignatureError) and reads the event;
   * null for an event type that says nothing about a payment.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<PaymentReport | null>;
  /** The checkout's state now, asked of the provider (the member came back, or a poll). */
  readBack(ref: string): Promise<PaymentReport>;
  /**
   * The member left the checkout: close it where the provider can, and report the state after
   * (paid when the payment went through first).
   */
  cancel(ref: string): Promise<PaymentReport>;
}
