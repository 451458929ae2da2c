/**
 * Stripe behind the PaymentProvider interface, with the official SDK: one Checkout Session per
 * transaction, signed webhooks, and read-backs of the session when the member comes back.
 */
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { Language } from '../../src/shared/contract/fields';
import { eventReport, sessionOutcome, sessionReport } from './stripe-events';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type PaymentReport,
} from './provider';

/** Where and how to reach Stripe; apiUrl points the SDK at another host (e.g. a local mock). */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

// Pinned so an SDK upgrade cannot change the shape of what Stripe sends us unnoticed; the SDK's
// types only describe this version, so a new SDK makes this line fail to compile.
const API_VERSION = '2026-10-28.endive';
// Long enough for a slow Stripe answer, short enough that the member's pay tap does not hang
// (with the retry, at most about half a minute).
const REQUEST_TIMEOUT_MS = 15_000;
// Safe to retry: creates carry our idempotency key, the SDK adds one to other POSTs.
const NETWORK_RETRIES = 1;

// Stripe refuses expires_at outside 30 minutes to 24 hours ahead; a minute's margin on each side
// covers the clock difference and the time the request takes.
const MIN_EXPIRY_MS = 31 * 60_000;
const MAX_EXPIRY_MS = 24 * 3_600_000 - 60_000;

/** Checkout's page language for each of ours (Stripe has every one of them). */
const LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  nl: 'nl',
  de: 'de',
  it: 'it',
  fr: 'fr',
  es: 'es',
  pl: 'pl',
};

/** The SDK's connection settings for an apiUrl such as http://127.0.0.1:4242. */
function hostSettings(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** When the session stops taking payment, in seconds, inside the window Stripe accepts. */
export function checkoutExpiry(expiresAt: number, now = Date.now()): number {
  const clamped = Math.min(Math.max(expiresAt, now + MIN_EXPIRY_MS), now + MAX_EXPIRY_MS);
  return Math.floor(clamped / 1000);
}

/** The Checkout Session parameters for one transaction; every figure comes from its row. */
function sessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    // SDK 23 (API 2026-09-30 and later) dropped payment_method_types on sessions; the allowed list
    // narrows Checkout to the one method the member chose on our page.
    allowed_payment_method_types: [request.method],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.amount,
          product_data: { name: request.description },
        },
      },
    ],
    client_reference_id: String(request.transactionId),
    metadata: { transaction_id: String(request.transactionId), reference: request.reference },
    customer_email: request.customerEmail,
    locale: LOCALES[request.locale],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: checkoutExpiry(request.expiresAt),
  };
}

/** The one signature header Stripe sends; anything else cannot be verified. */
function signatureHeader(headers: IncomingHttpHeaders): string {
  const header = headers['stripe-signature'];
  if (typeof header !== 'string' || header === '') {
    throw new WebhookSignatureError('Missing Stripe-Signature header');
  }
  return header;
}

/** The Stripe provider the payments plugin uses when a secret key is configured. */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    apiVersion: API_VERSION,
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    ...(opts.apiUrl ? hostSettings(opts.apiUrl) : {}),
  });

  async function readBack(ref: string): Promise<PaymentReport> {
    const session = await stripe.checkout.sessions.retrieve(ref);
    return sessionReport(session, sessionOutcome(session), null);
  }

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      // One key per transaction, so a retried request gets the same session back. The row's expiry
      // is in it because ids restart with a fresh database and Stripe keeps keys for 24 hours.
      const session = await stripe.checkout.sessions.create(sessionParams(request), {
        idempotencyKey: `checkout-${request.transactionId}-${request.expiresAt}`,
      });
      if (!session.url) throw new Error(`Stripe session ${session.id} has no checkout URL`);
      return { ref: session.id, url: session.url };
    },

    async parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders) {
      const header = signatureHeader(headers);
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, header, opts.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message);
        }
        throw error;
      }
      return eventReport(event);
    },

    readBack,

    async cancel(ref: string): Promise<PaymentReport> {
      const session = await stripe.checkout.sessions.retrieve(ref);
      if (session.status !== 'open') return sessionReport(session, sessionOutcome(session), null);
      try {
        const expired = await stripe.checkout.sessions.expire(ref);
        return sessionReport(expired, 'cancelled', null);
      } catch (error) {
        // The member paid between our read and the expire: Stripe refuses, and the payment stands.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return readBack(ref);
        throw error;
      }
    },
  };
}
