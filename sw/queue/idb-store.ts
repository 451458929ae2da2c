/** The queue's own IndexedDB database: plain IDB (no Dexie) keeps the service worker small. */
import type { NewQueuedAction, QueuedAction, QueueStore } from './types';

/** Separate from the app's Dexie database: only the service worker writes here. */
export const QUEUE_DB_NAME = 'amora-sw';
const VERSION = 1;
const ACTIONS = 'actions';
const META = 'meta';
const SESSION_KEY = 'session';

/** Resolves with a request's result. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once a transaction committed, with what `work` returned. */
async function inTransaction<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const tx = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const result = await work(tx);
  await committed;
  return result;
}

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore(ACTIONS, { keyPath: 'id', autoIncrement: true });
    db.createObjectStore(META);
  };
  return done(request).then((db) => {
    // A newer worker upgrading the schema must not be blocked by this one.
    db.onversionchange = () => db.close();
    return db;
  });
}

/** Opens (lazily) the queue store in `factory`; tests pass fake-indexeddb's. */
export function openQueueStore(factory: IDBFactory, name: string = QUEUE_DB_NAME): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= open(factory, name));

  return {
    async add(action: NewQueuedAction): Promise<QueuedAction> {
      return inTransaction(await database(), [ACTIONS], 'readwrite', async (tx) => {
        const id = await done(tx.objectStore(ACTIONS).add(action));
        return { ...action, id: Number(id) };
      });
    },
    async all(): Promise<QueuedAction[]> {
      return inTransaction(await database(), [ACTIONS], 'readonly', (tx) =>
        done(tx.objectStore(ACTIONS).getAll() as IDBRequest<QueuedAction[]>),
      );
    },
    async update(action: QueuedAction): Promise<boolean> {
      return inTransaction(await database(), [ACTIONS], 'readwrite', async (tx) => {
        const store = tx.objectStore(ACTIONS);
        if ((await done(store.count(action.id))) === 0) return false;
        await done(store.put(action));
        return true;
      });
    },
    async remove(id: number): Promise<void> {
      await inTransaction(await database(), [ACTIONS], 'readwrite', (tx) =>
        done(tx.objectStore(ACTIONS).delete(id)),
      );
    },
    async getSession(): Promise<number | null | undefined> {
      return inTransaction(await database(), [META], 'readonly', (tx) =>
        done(tx.objectStore(META).get(SESSION_KEY) as IDBRequest<number | null | undefined>),
      );
    },
    async setSession(memberId: number | null): Promise<QueuedAction[]> {
      return inTransaction(await database(), [ACTIONS, META], 'readwrite', async (tx) => {
        const actions = tx.objectStore(ACTIONS);
        await done(tx.objectStore(META).put(memberId, SESSION_KEY));
        const all = await done(actions.getAll() as IDBRequest<QueuedAction[]>);
        const dropped = all.filter((a) => a.memberId !== memberId);
        await Promise.all(dropped.map((a) => done(actions.delete(a.id))));
        return dropped;
      });
    },
    close(): void {
      void db?.then((d) => d.close());
      db = null;
    },
  };
}
