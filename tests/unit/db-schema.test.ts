import { indexedDB } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { newDb, flush } from './helpers/sync-harness';
import { kvGet, kvPut } from '../../src/db/kv';
import { PERSONAL_TABLES, wipePersonalData } from '../../src/db/wipe';
import { demoSettings, demoUser, profile } from './helpers/fixtures';
import { chat } from './helpers/fake-backend';
import { statsAnswer } from './helpers/stats-fixtures';

function openRaw(name: string, version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

describe('schema', () => {
  it('declares every table with its primary key', async () => {
    const db = newDb();
    await db.open();
    const keys = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.primKey.keyPath]));
    expect(keys).toEqual({
      kv: 'key',
      searches: 'filterKey',
      searchPages: ['filterKey', 'kind', 'pageNumber'],
      profiles: 'id',
      likes: 'profileId',
      likedBy: 'id',
      chats: 'id',
      messages: 'key',
      prefs: 'key',
      actions: 'clientId',
      profileDetails: 'id',
      signupDraft: 'key',
      statsAnswers: 'key',
    });
    db.close();
  });

  it('closes itself and asks for a reload when a newer tab upgrades', async () => {
    const onReloadNeeded = vi.fn();
    const db = newDb({ onReloadNeeded }, 'upgrade-test');
    await db.open();
    const newer = await openRaw('upgrade-test', 1000); // would stay blocked if we kept it open
    expect(onReloadNeeded).toHaveBeenCalledOnce();
    expect(db.isOpen()).toBe(false);
    newer.close();
  });

  it('reports when older tabs block its own upgrade, then opens once they close', async () => {
    const older = await openRaw('blocked-test', 1);
    older.onversionchange = () => undefined; // an old tab that does not close by itself
    const onBlocked = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined); // Dexie logs it
    const db = newDb({ onBlocked }, 'blocked-test');
    const opening = db.open();
    await flush();
    expect(onBlocked).toHaveBeenCalled();
    older.close();
    await opening;
    expect(db.isOpen()).toBe(true);
    db.close();
    warn.mockRestore();
  });
});

describe('wipePersonalData', () => {
  it('empties personal tables and keys but keeps settings, prefs and sequence counters', async () => {
    const db = newDb();
    await kvPut(db, 'user', demoUser());
    await kvPut(db, 'session', { memberId: 7, changedAt: 1 });
    await kvPut(db, 'settings', demoSettings());
    await kvPut(db, 'pushSubscribed', true);
    await kvPut(db, 'seq:7', 12);
    await kvPut(db, 'etag:likes', '"x"');
    await kvPut(db, 'currentSearch', 'k');
    await db.prefs.put({ key: 'theme', value: 'dark' });
    await db.profiles.put(profile(1));
    await db.chats.put({ ...chat(1, 2), id: 1, updatedAt: 1, seenUpdatedAt: null });
    await db.likedBy.put({ id: 1, like_new: true, order: 0 });
    // The operator's figures are not for the next person at this device either.
    await db.statsAnswers.put({ key: 'range=7d', answer: statsAnswer(), fetchedAt: 1 });

    await wipePersonalData(db);

    for (const name of PERSONAL_TABLES) expect(await db.table(name).count()).toBe(0);
    expect((await db.kv.toArray()).map((r) => r.key).sort()).toEqual(
      ['pushSubscribed', 'seq:7', 'settings'].sort(),
    );
    expect(await kvGet(db, 'user')).toBeUndefined();
    expect(await db.prefs.get('theme')).toEqual({ key: 'theme', value: 'dark' });
  });
});
