/**
 * The purchase state machine: created → pending → paid | failed | cancelled | expired; a cancelled
 * checkout may still turn paid (or expire), an expired one paid; paid → refunded. Any other report changes nothing, so
 * late, replayed and out-of-order provider reports are harmless.
 */
import type { TransactionStatus } from '../../src/shared/contract/payments';

/** A provider's report (provider.ts PaymentOutcome): any state but created. */
type PaymentOutcome = Exclude<TransactionStatus, 'created'>;

/** For each reported outcome, the states it may move a transaction from. */
const ALLOWED_FROM: Record<PaymentOutcome, readonly TransactionStatus[]> = {
  pending: ['created'],
  // Money taken is granted: a checkout left (cancelled) or closed by our own clock (expired, see
  // payment-events.ts expireIfDue) may still have been paid just before at the provider.
  paid: ['created', 'pending', 'cancelled', 'expired'],
  failed: ['created', 'pending'],
  cancelled: ['created', 'pending'],
  expired: ['created', 'pending', 'cancelled'],
  refunded: ['paid'],
};

/** States an `outcome` may move a transaction from (the `where status in (…)` of the update). */
export function allowedFrom(outcome: PaymentOutcome): readonly TransactionStatus[] {
  return ALLOWED_FROM[outcome];
}

/** The state after `outcome` is reported on a `from` transaction, or null when nothing changes. */
export function nextStatus(
  from: TransactionStatus,
  outcome: PaymentOutcome,
): TransactionStatus | null {
  return ALLOWED_FROM[outcome].includes(from) ? outcome : null;
}

/** Not yet decided: the receipt page keeps asking and a read past expiry closes it. */
export function isOpen(status: TransactionStatus): boolean {
  return status === 'created' || status === 'pending';
}
