/**
 * The transactions a connection has open, so they can all be ended at once. Closing a connection
 * lets its open transactions finish first; a page frozen in the back/forward cache never lets
 * them finish, so they must be aborted before it is frozen (lib/page-cache.ts).
 */
import type { DBCore, DBCoreTransaction, Dexie } from 'dexie';

/** What the tracker needs of a transaction: the native IDBTransaction under Dexie. */
type Tracked = DBCoreTransaction & {
  addEventListener(type: 'complete' | 'abort' | 'error', listener: () => void): void;
};

export interface TrackedTransactions {
  /** Ends the unfinished transactions. */
  abortAll(): void;
  /**
   * Ends the unfinished transactions and refuses new ones (they fail with an AbortError) until
   * `ms` have passed, then calls `after`: the page may be leaving, and whatever this connection
   * would start now could be frozen half-done with the page.
   */
  holdFor(ms: number, after: () => void): void;
}

/** Tracks `db`'s transactions from now on. */
export function trackTransactions(db: Dexie): TrackedTransactions {
  const open = new Set<Tracked>();
  let held: ReturnType<typeof setTimeout> | null = null;
  db.use({
    stack: 'dbcore',
    name: 'live-transactions',
    create: (down: DBCore): Partial<DBCore> => ({
      transaction(stores, mode, options) {
        if (held !== null) throw new DOMException('The page is leaving', 'AbortError');
        const transaction = down.transaction(stores, mode, options) as Tracked;
        open.add(transaction);
        const settled = () => open.delete(transaction);
        transaction.addEventListener('complete', settled);
        transaction.addEventListener('abort', settled);
        transaction.addEventListener('error', settled);
        return transaction;
      },
    }),
  });
  const abortAll = () => {
    for (const transaction of open) {
      try {
        transaction.abort();
      } catch {
        // Already finishing: nothing left to end.
      }
    }
    open.clear();
  };
  return {
    abortAll,
    holdFor(ms, after) {
      abortAll();
      if (held !== null) clearTimeout(held);
      held = setTimeout(() => {
        held = null;
        after();
      }, ms);
    },
  };
}
