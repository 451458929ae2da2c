/** Starting a checkout: the worker creates the purchase, the page goes to the provider's page. */
import { useState } from 'react';
import type { CreateTransactionBody } from '../../shared/contract/payments';
import { getSync, isSyncError } from '../../bridges/worker-bridge';

/** Why a checkout did not start, as the message key the page shows. */
export type PayErrorKey =
  'credits.error_network' | 'credits.error_unavailable' | 'credits.error_failed';

/** Sorts a rejected createTransaction into what the member can do about it. */
export function payErrorKey(error: unknown): PayErrorKey {
  if (!isSyncError(error)) return 'credits.error_failed';
  if (error.kind === 'network') return 'credits.error_network';
  if (error.status === 400 || error.status === 404 || error.status === 422) {
    return 'credits.error_unavailable';
  }
  return 'credits.error_failed';
}

/** Goes to the checkout; a test replaces `window.location.assign`. */
function goTo(url: string): void {
  window.location.assign(url);
}

/** `pay(body)` starts the purchase; `busy` stays true while the browser leaves for the checkout. */
export function usePay() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PayErrorKey | null>(null);
  const pay = (body: CreateTransactionBody) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    getSync()
      .createTransaction(body)
      .then(({ checkout_url }) => goTo(checkout_url))
      .catch((caught: unknown) => {
        console.warn('Starting the checkout failed', caught);
        setError(payErrorKey(caught));
        setBusy(false);
      });
  };
  return { pay, busy, error };
}
