/** The service worker's queue as the page can read it: what a failed flap run prints to explain itself. */
import type { Page } from '@playwright/test';

/** One queued entry, trimmed to what explains a stall. */
export interface QueuedEntry {
  member: number;
  url: string;
  attempts: number;
  lastStatus: number | null;
  /** Milliseconds until its next try (negative: due). */
  dueIn: number;
}

/** Reads the `amora-sw` database (sw/queue/idb-store.ts) from a page of the same origin. */
export function queueDump(page: Page): Promise<{ session: unknown; entries: QueuedEntry[] }> {
  return page.evaluate(async () => {
    type Req<T> = { result: T; onsuccess: (() => void) | null; onerror: (() => void) | null };
    type Db = {
      transaction(store: string): { objectStore(name: string): { getAll(): Req<unknown[]> } };
    };
    const idb = (globalThis as unknown as { indexedDB: { open(name: string): Req<Db> } }).indexedDB;
    const settle = <T>(request: Req<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('IndexedDB request failed'));
      });
    const db = await settle(idb.open('amora-sw'));
    const all = (store: string) => settle(db.transaction(store).objectStore(store).getAll());
    const raw = (await all('actions')) as {
      memberId: number;
      url: string;
      attempts: number;
      lastStatus: number | null;
      nextAttemptAt: number;
    }[];
    return {
      session: await all('meta'),
      entries: raw.map((a) => ({
        member: a.memberId,
        url: a.url,
        attempts: a.attempts,
        lastStatus: a.lastStatus,
        dueIn: a.nextAttemptAt - Date.now(),
      })),
    };
  });
}
