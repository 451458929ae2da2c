/** The purchase state machine: allowed moves only, everything else changes nothing. */
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../src/shared/contract/payments';
import { allowedFrom, isOpen, nextStatus } from '../../server/payments/transaction-state';

type PaymentOutcome = Parameters<typeof nextStatus>[1];

const OUTCOMES: PaymentOutcome[] = [
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
];

const ALLOWED: Array<[TransactionStatus, PaymentOutcome]> = [
  ['created', 'pending'],
  ['created', 'paid'],
  ['created', 'failed'],
  ['created', 'cancelled'],
  ['created', 'expired'],
  ['pending', 'paid'],
  ['pending', 'failed'],
  ['pending', 'cancelled'],
  ['pending', 'expired'],
  ['cancelled', 'paid'],
  ['cancelled', 'expired'],
  ['expired', 'paid'],
  ['paid', 'refunded'],
];

describe('transaction state machine', () => {
  it('allows exactly the listed moves', () => {
    for (const from of TRANSACTION_STATUSES) {
      for (const outcome of OUTCOMES) {
        const allowed = ALLOWED.some(([f, o]) => f === from && o === outcome);
        expect(nextStatus(from, outcome), `${from} + ${outcome}`).toBe(allowed ? outcome : null);
        expect(allowedFrom(outcome).includes(from)).toBe(allowed);
      }
    }
  });

  it('ignores a pending report on a pending row and anything after paid, refunded or failed', () => {
    expect(nextStatus('pending', 'pending')).toBeNull();
    expect(nextStatus('paid', 'pending')).toBeNull();
    expect(nextStatus('paid', 'expired')).toBeNull();
    expect(nextStatus('paid', 'paid')).toBeNull();
    expect(nextStatus('refunded', 'paid')).toBeNull();
    expect(nextStatus('failed', 'paid')).toBeNull();
  });

  it('still grants a payment that lands after our own clock closed the checkout', () => {
    expect(nextStatus('expired', 'paid')).toBe('paid');
    expect(nextStatus('expired', 'failed')).toBeNull();
  });

  it('calls created and pending open', () => {
    expect(TRANSACTION_STATUSES.filter(isOpen)).toEqual(['created', 'pending']);
  });
});
