/** The premium offer: the stored copy at once (also offline), then the server's, per member. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { PremiumOffer } from '../../shared/contract/payments';
import { getSync } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';

export interface PremiumOfferView {
  /** Null until a stored or fetched offer is there. */
  offer: PremiumOffer | null;
  /** `failed`: the last fetch did not work (the stored offer, if any, is still shown). */
  status: 'loading' | 'ready' | 'failed';
  retry: () => void;
}

/** One fetch's outcome, tagged with the member and attempt it was made for. */
interface Fetched {
  key: string;
  offer: PremiumOffer | null;
}

/** Loads the offer for `memberId` (null: a visitor) and reloads it when the member changes. */
export function usePremiumOffer(memberId: number | null): PremiumOfferView {
  const stored = useLiveQuery(async () => (await kvGet(getDb(), 'premiumOffer')) ?? null, []);
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const key = `${memberId}:${attempt}`;

  useEffect(() => {
    let live = true;
    getSync()
      .loadPremiumOffer()
      .then((offer) => live && setFetched({ key, offer }))
      .catch((error: unknown) => {
        console.warn('Loading the premium offer failed', error);
        if (live) setFetched({ key, offer: null });
      });
    return () => {
      live = false;
    };
  }, [key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // An answer fetched for another member (a login in between) is not this member's offer.
  const own = fetched?.key === key ? fetched : null;
  const status = own ? (own.offer ? 'ready' : 'failed') : 'loading';
  return { offer: own?.offer ?? stored ?? null, status, retry };
}
