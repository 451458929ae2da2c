/**
 * The one place where a full disk is handled: every read-write transaction the worker starts on
 * its database (explicit `db.transaction` or a single table write) that fails for lack of quota
 * frees server data and runs again (ROOM_RETRIES times); a write still refused then becomes a
 * plain 'storage' SyncError the page can show. Guarding the database object itself keeps every
 * module's writes covered, including ones added later, without each module wrapping its own.
 */
import Dexie, { type Table } from 'dexie';
import type { AmoraDb } from '../src/db/db';
import { isQuotaError, retryWithRoom } from '../src/shared/room-retry';
import { isSyncError, syncError } from './errors';

export { isQuotaError, ROOM_RETRIES } from '../src/shared/room-retry';

/** i18n key of the message the member sees when the device refused to store even after a trim. */
export const STORAGE_FULL_KEY = 'errors.storage_full';

/** Table methods that write; each opens its own transaction when called outside one. */
const WRITES = [
  'add',
  'bulkAdd',
  'put',
  'bulkPut',
  'update',
  'bulkUpdate',
  'upsert',
  'delete',
  'bulkDelete',
  'clear',
] as const;

/** A read-write transaction over `tables` that the guard does not retry (for the eviction itself). */
export type RawTransaction = <T>(tables: Table[], scope: () => Promise<T>) => Promise<T>;

/** What the guard does around a refused write. */
export interface QuotaHooks {
  /** Frees server data through `transact`, which is not guarded: a trim never waits on itself. */
  evict(transact: RawTransaction): Promise<unknown>;
  /** The retry was refused too: the member should hear about it once. */
  onFull(error: unknown): void;
}

/** Wraps `db` in place, so every top-level write survives ROOM_RETRIES quota refusals. */
export function guardQuota(db: AmoraDb, hooks: QuotaHooks): void {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => PromiseLike<unknown>;
  const raw: RawTransaction = (tables, scope) =>
    Promise.resolve(transaction('rw', tables, scope)) as Promise<never>;
  let evicting: Promise<unknown> | null = null;

  /** Concurrent refusals share one eviction. */
  const evictOnce = () => {
    evicting ??= hooks.evict(raw).finally(() => (evicting = null));
    return evicting;
  };

  async function guarded<T>(write: () => PromiseLike<T>): Promise<T> {
    try {
      return await retryWithRoom(write, evictOnce);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      hooks.onFull(error);
      throw syncError('storage', 'This device has no room left to store data', {
        key: STORAGE_FULL_KEY,
      });
    }
  }

  /** Only the outermost write is retried: an inner one fails with (and is retried by) its parent. */
  const outermost = () => Dexie.currentTransaction === null;

  (db as { transaction: unknown }).transaction = (...args: unknown[]) => {
    const mode = args[0];
    const writes = typeof mode === 'string' && /^(rw|readwrite)/.test(mode);
    return writes && outermost() ? guarded(() => transaction(...args)) : transaction(...args);
  };

  // Dexie re-creates its table objects when the database opens, all from this connection's own
  // Table class: patching that class's prototype covers every table of `db` and no other database.
  const tablePrototype = db.Table.prototype as unknown as Record<string, unknown>;
  for (const name of WRITES) {
    const original = tablePrototype[name];
    if (typeof original !== 'function') continue;
    const write = original as (this: Table, ...args: unknown[]) => PromiseLike<unknown>;
    tablePrototype[name] = function (this: Table & { _tx?: unknown }, ...args: unknown[]) {
      // A table bound to a transaction (`_tx`) writes inside it; its transaction is the unit.
      return outermost() && !this._tx
        ? guarded(() => write.apply(this, args))
        : write.apply(this, args);
    };
  }
}

/**
 * For copies kept only for offline revisits of an answer the page gets anyway (offers, landers):
 * a disk still full after the trim must not cost the member the answer online. The guard has
 * already told the page; the copy is simply not kept.
 */
export async function keepIfRoom(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isStorageFull(error)) throw error;
  }
}

/** The guard's final refusal: the device had no room even after the trim, and the page was told. */
export function isStorageFull(error: unknown): boolean {
  return isSyncError(error) && error.key === STORAGE_FULL_KEY;
}
