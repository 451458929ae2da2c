/** Whether the device has the app's database at all (src/db/nothing-stored.ts). */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME } from '../../src/db/db-name';

/** A fresh copy of the module: it keeps the answer in module state. */
async function fresh() {
  vi.resetModules();
  return import('../../src/db/nothing-stored');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = () => resolve();
  });
});

describe('nothing stored', () => {
  it('is true while the device has no database of the app, and known from then on', async () => {
    const module = await fresh();
    expect(module.nothingStoredNow()).toBeUndefined();
    expect(await module.askNothingStored()).toBe(true);
    expect(module.nothingStoredNow()).toBe(true);
  });

  it('is false once the database exists', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error as Error);
    });
    const module = await fresh();
    expect(await module.askNothingStored()).toBe(false);
  });

  it('says "maybe stored" when the browser cannot list its databases', async () => {
    vi.stubGlobal('indexedDB', { open: indexedDB.open.bind(indexedDB) });
    const module = await fresh();
    expect(await module.askNothingStored()).toBe(false);
  });
});
