/**
 * The receipt page's data: the purchase as the worker stored it, kept fresh by asking the worker
 * every 2 s until the purchase reaches a final state (the provider is asked every ~10 s).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { FINAL_TRANSACTION_STATUSES, type Transaction } from '../../shared/contract/payments';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';

/** Between two reads while the purchase is not final. */
export const POLL_MS = 2000;
/** Every this many reads the server asks the provider (refresh=1); the first read always does. */
export const REFRESH_EVERY = 5;

/** Where asking stands; a shown purchase stays on screen while offline or failing. */
export type PollStatus = 'loading' | 'ready' | 'not-found' | 'offline' | 'failed';

/** True once a purchase can no longer change by itself. */
export function isFinal(status: Transaction['status']): boolean {
  return FINAL_TRANSACTION_STATUSES.includes(status);
}

/** Whether a rejected read means "no such purchase of yours" (the server answers 404). */
function notFound(error: unknown): boolean {
  return isSyncError(error) && (error.status === 404 || error.status === 400);
}

/**
 * Purchase `id` for a logged-in member (`enabled`). With `cancelled` (back from the checkout
 * without paying) it first cancels, unless the stored state is final already.
 */
export function useTransactionPoll(id: number, cancelled: boolean, enabled: boolean) {
  const key = `transaction:${id}` as const;
  const transaction = useLiveQuery(async () => (await kvGet(getDb(), key)) ?? null, [key]);
  const [status, setStatus] = useState<PollStatus>('loading');

  useEffect(() => {
    if (!enabled) return;
    const sync = getSync();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reads = 0;

    const read = async () => {
      try {
        const current = await sync.loadTransaction(id, reads++ % REFRESH_EVERY === 0);
        if (!live) return;
        setStatus('ready');
        if (isFinal(current.status)) return;
      } catch (error) {
        if (!live) return;
        if (notFound(error)) return setStatus('not-found');
        console.warn('Reading the purchase failed', error);
        setStatus(isSyncError(error) && error.kind === 'network' ? 'offline' : 'failed');
      }
      timer = setTimeout(() => void read(), POLL_MS);
    };

    const start = async () => {
      if (cancelled) {
        const known = await kvGet(getDb(), key);
        if (!known || !isFinal(known.status)) {
          // A purchase already paid or closed answers with its state; nothing else to do.
          await sync.cancelTransaction(id).catch((error: unknown) => {
            console.warn('Cancelling the purchase failed', error);
          });
        }
      }
      if (live) await read();
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, key, cancelled, enabled]);

  return { transaction, status };
}
