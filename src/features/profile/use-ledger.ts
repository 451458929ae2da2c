/** The member's credit history, page by page from the worker (not stored: it is only read here). */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LedgerResponse } from '../../shared/contract/payments';
import { getSync } from '../../bridges/worker-bridge';
import { mergeLedger, type LedgerView } from './ledger-view';

export interface LedgerState {
  view: LedgerView | null;
  /** `failed`: page 1 did not load; `more-failed`: a later page did not (what is shown stays). */
  status: 'loading' | 'ready' | 'failed' | 'more-failed';
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The pages loaded for one member and attempt. */
interface Loaded {
  key: string;
  pages: LedgerResponse[];
  failed: 'first' | 'more' | null;
}

/** Loads page 1 for `memberId`, and the next page on each loadMore while there are more. */
export function useLedger(memberId: number): LedgerState {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = `${memberId}:${attempt}`;

  useEffect(() => {
    let live = true;
    getSync()
      .loadLedger(1)
      .then((page) => live && setLoaded({ key, pages: [page], failed: null }))
      .catch((error: unknown) => {
        console.warn('Loading the credit history failed', error);
        if (live) setLoaded({ key, pages: [], failed: 'first' });
      });
    return () => {
      live = false;
    };
  }, [key]);

  const own = loaded?.key === key ? loaded : null;
  const pages = useMemo(() => own?.pages ?? [], [own]);
  const view = useMemo(() => mergeLedger(pages), [pages]);
  const next = (pages.at(-1)?.page ?? 0) + 1;

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setLoadingMore(true);
    const add = (change: (current: Loaded) => Loaded) =>
      setLoaded((current) => (current?.key === key ? change(current) : current));
    getSync()
      .loadLedger(next)
      .then((page) =>
        add((current) => ({ ...current, pages: [...current.pages, page], failed: null })),
      )
      .catch((error: unknown) => {
        console.warn('Loading more of the credit history failed', error);
        add((current) => ({ ...current, failed: 'more' }));
      })
      .finally(() => setLoadingMore(false));
  }, [loadingMore, next, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status = !own
    ? 'loading'
    : own.failed === 'first'
      ? 'failed'
      : own.failed === 'more'
        ? 'more-failed'
        : 'ready';
  return { view, status, loadingMore, loadMore, retry };
}
