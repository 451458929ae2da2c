/**
 * The demo provider: our own checkout page (routes/demo-checkout.ts) where a tester picks what
 * happens. Its events are signed like a real provider's (HMAC-SHA256 over `t.rawBody`, header
 * `x-demo-signature: t=<unix>,v1=<hex>`) and go through the same webhook route and state machine.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { TransactionStatus } from '../../src/shared/contract/payments';
import {
  WebhookSignatureError,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentReport,
} from './provider';

/** Header carrying the demo event's signature. */
export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';
/** Signatures older (or newer) than this are refused, so a captured event cannot be replayed later. */
export const DEMO_TOLERANCE_S = 5 * 60;
/** Where the demo checkout page lives. */
export const DEMO_CHECKOUT_PATH = '/api/payments/demo.php';

/** A demo event as it travels to the webhook. */
export const DemoEvent = z.object({
  id: z.string().min(1).max(100),
  ref: z.string().min(1).max(100),
  outcome: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded']),
  amount: z.number().int().nonnegative().nullable(),
  currency: z.string().max(3).nullable(),
});
/** One demo event. */
export type DemoEvent = z.infer<typeof DemoEvent>;

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** The signature header for `rawBody` signed at `nowS` (unix seconds). */
export function signDemoPayload(secret: string, rawBody: string, nowS: number): string {
  return `t=${nowS},v1=${hmacHex(secret, `${nowS}.${rawBody}`)}`;
}

/** A fresh demo event for `ref`, serialised and signed: what the demo page posts to the webhook. */
export function buildDemoEvent(
  secret: string,
  event: Omit<DemoEvent, 'id'>,
  nowMs: number,
): { body: string; signature: string } {
  const body = JSON.stringify({ id: `evt_demo_${randomBytes(12).toString('hex')}`, ...event });
  return { body, signature: signDemoPayload(secret, body, Math.floor(nowMs / 1000)) };
}

/** Checks `x-demo-signature` over the raw body; throws WebhookSignatureError when it does not hold. */
export function verifyDemoSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  nowMs: number,
): void {
  if (typeof header !== 'string') throw new WebhookSignatureError('missing signature');
  const parts = new Map(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) {
    throw new WebhookSignatureError('malformed signature');
  }
  if (Math.abs(nowMs / 1000 - Number(t)) > DEMO_TOLERANCE_S) {
    throw new WebhookSignatureError('signature outside the tolerance');
  }
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) {
    throw new WebhookSignatureError('signature mismatch');
  }
}

/** The demo checkout's state is our own row: the demo has no other store. */
export type DemoStateLookup = (
  ref: string,
) => Promise<{ status: TransactionStatus; amount: number; currency: string } | undefined>;

/** Options of the demo provider. */
export interface DemoProviderOptions {
  secret: string;
  stateOf: DemoStateLookup;
  now?: () => number;
}

function readBackOutcome(status: TransactionStatus): PaymentOutcome {
  return status === 'created' ? 'pending' : status;
}

/** The demo provider. */
export function createDemoProvider(opts: DemoProviderOptions): PaymentProvider {
  const now = opts.now ?? Date.now;
  return {
    name: 'demo',
    // The demo page reads every figure from our own row, so the request is not needed here.
    async createCheckout(): Promise<CheckoutSession> {
      const ref = `demo_${randomBytes(16).toString('hex')}`;
      return { ref, url: `${DEMO_CHECKOUT_PATH}?session=${ref}` };
    },
    async parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<PaymentReport> {
      verifyDemoSignature(opts.secret, rawBody, headers[DEMO_SIGNATURE_HEADER], now());
      let parsed: DemoEvent;
      try {
        parsed = DemoEvent.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        // Signed by us but unreadable: treat like a forgery, it cannot be applied.
        throw new WebhookSignatureError('unreadable event');
      }
      return {
        eventId: parsed.id,
        ref: parsed.ref,
        paymentId: parsed.outcome === 'paid' || parsed.outcome === 'refunded' ? parsed.ref : null,
        outcome: parsed.outcome,
        amount: parsed.amount,
        currency: parsed.currency,
      };
    },
    async readBack(ref: string): Promise<PaymentReport> {
      const state = await opts.stateOf(ref);
      return {
        eventId: null,
        ref,
        paymentId: null,
        outcome: state ? readBackOutcome(state.status) : 'pending',
        amount: null,
        currency: null,
      };
    },
    async cancel(ref: string): Promise<PaymentReport> {
      return {
        eventId: null,
        ref,
        paymentId: null,
        outcome: 'cancelled',
        amount: null,
        currency: null,
      };
    },
  };
}
