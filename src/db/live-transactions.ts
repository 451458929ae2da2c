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

/** Tracks `db`'s transactions from now on; `abortAll` ends the unfinished ones. */
export function trackTransactions(db: Dexie): { abortAll(): void } {
  const open = new Set<Tracked>();
  db.use({
    stack: 'dbcore',
    name: 'live-transactions',
    create: (down: DBCore): Partial<DBCore> => ({
      transaction(stores, mode, options) {
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
  return {
    abortAll() {
      for (const transaction of open) {
        try {
          transaction.abort();
        } catch {
          // Already finishing: nothing left to end.
        }
      }
      open.clear();
    },
  };
}
