/**
 * The /credits data: the offer the worker stored last (drawn at once, also offline) while the
 * worker fetches the current one and writes it there.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { CreditsOffer, PaymentMethod } from '../../shared/contract/payments';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';

/** Where the fetch stands; `offline` and `failed` still show a stored offer when there is one. */
export type OfferStatus = 'loading' | 'ready' | 'offline' | 'failed';

export interface CreditsOfferState {
  offer: CreditsOffer | null;
  /** When the shown offer was fetched (ms), null without one. */
  fetchedAt: number | null;
  /** False until IndexedDB has answered. */
  loaded: boolean;
  status: OfferStatus;
  reload: () => void;
}

/** The stored offer, then the fetched one; `reload` fetches again (a time bonus ran out). */
export function useCreditsOffer(): CreditsOfferState {
  const stored = useLiveQuery(async () => (await kvGet(getDb(), 'creditsOffer')) ?? null, []);
  const [status, setStatus] = useState<OfferStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    getSync()
      .loadCreditsOffer()
      .then(() => live && setStatus('ready'))
      .catch((error: unknown) => {
        if (!live) return;
        console.warn('Loading the credits offer failed', error);
        setStatus(isSyncError(error) && error.kind === 'network' ? 'offline' : 'failed');
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    offer: stored?.offer ?? null,
    fetchedAt: stored?.fetchedAt ?? null,
    loaded: stored !== undefined,
    status,
    reload,
  };
}

/** The method to suggest: the last order's when the country still offers it, else the first. */
export function defaultMethod(offer: CreditsOffer): PaymentMethod | null {
  const last = offer.last_order?.method;
  if (last && offer.methods.includes(last)) return last;
  return offer.methods[0] ?? null;
}
