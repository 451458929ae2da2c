/**
 * What one postback request is: the network's address template filled with the conversion's
 * values (each URL-encoded), and with a secret the signature header over the exact address sent.
 */
import { createHmac } from 'node:crypto';
import { majorUnitDecimal } from '../../src/shared/money';
import type { PostbackPlaceholder } from './postback-config';
import type { ClaimedPostback } from '../repositories/postback-outbox.repository';

/** The header a signed postback carries. */
export const SIGNATURE_HEADER = 'x-amora-signature';
/** The header naming the postback, the same on every retry, so a partner can drop repeats. */
export const EVENT_ID_HEADER = 'x-amora-event-id';

/** A conversion as the partner hears of it: the claimed row without its delivery state. */
export type PostbackValues = Omit<ClaimedPostback, 'network' | 'attempts' | 'leaseUntil'>;

function placeholderValues(v: PostbackValues): Record<PostbackPlaceholder, string> {
  return {
    ref: v.ref,
    sub1: v.sub1,
    sub2: v.sub2,
    sub3: v.sub3,
    event: v.event,
    event_id: String(v.id),
    // Sign-ups and activations carry no money: "0" and an empty currency.
    amount: v.currency ? majorUnitDecimal(v.amount, v.currency) : '0',
    currency: v.currency,
    transaction: v.transactionRef,
  };
}

/** The template with every placeholder replaced by its URL-encoded value. */
export function fillTemplate(template: string, values: PostbackValues): string {
  const filled = placeholderValues(values);
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    name in filled ? encodeURIComponent(filled[name as PostbackPlaceholder]) : whole,
  );
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<url>" under the secret>`. */
export function signature(secret: string, url: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${url}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The address and headers of one attempt. */
export function postbackRequest(
  target: { url: string; secret?: string },
  values: PostbackValues,
  now: number,
): { url: string; headers: Record<string, string> } {
  // Serialized as fetch will send it, so the signature covers exactly the address requested.
  const url = new URL(fillTemplate(target.url, values)).href;
  const headers: Record<string, string> = { [EVENT_ID_HEADER]: String(values.id) };
  if (target.secret)
    headers[SIGNATURE_HEADER] = signature(target.secret, url, Math.floor(now / 1000));
  return { url, headers };
}
