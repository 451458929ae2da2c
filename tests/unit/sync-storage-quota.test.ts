/**
 * A write refused for lack of space: the worker frees server data and writes again, up to
 * ROOM_RETRIES times; a write still refused then rejects with a plain 'storage' error and a
 * message key, and the member is told.
 */
import { describe, expect, it } from 'vitest';
import { isQuotaError, ROOM_RETRIES, STORAGE_FULL_KEY } from '../../workers/quota-guard';
import { refuseWrites } from './helpers/full-disk';
import { createHarness, newDb } from './helpers/sync-harness';
import { demoUser } from './helpers/fixtures';
import { queuedLike, seedStorage } from './helpers/storage-rows';

async function fullDiskHarness(times: number) {
  const db = newDb();
  const refused = refuseWrites(db, 'searchPages');
  await seedStorage(db);
  await db.kv.delete('currentSearch'); // the member starts a new search
  refused.left = times;
  const h = createHarness({ db });
  h.backend.user = demoUser();
  return { ...h, refused };
}

/** The demo member logged in on a device that refuses writes to `table` once armed. */
async function memberWithFull(table: string) {
  const db = newDb();
  const refused = refuseWrites(db, table);
  const h = createHarness({ db });
  h.backend.user = demoUser();
  await h.api.refreshUser();
  return { ...h, refused };
}

describe('quota errors', () => {
  it('recognises the browser error, also inside Dexie’s wrapper', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaError(new DOMException('gone', 'AbortError'))).toBe(false);
    expect(isQuotaError({ kind: 'network', message: 'offline' })).toBe(false);
  });

  it('evicts old server data and writes again', async () => {
    const h = await fullDiskHarness(1);
    const summary = await h.api.search();
    expect(summary.loaded).toBe(12);
    expect(h.refused.refused).toBe(1);
    // The eviction ran with the tight limits: another search's pages and old landers are gone...
    expect(await h.db.searches.get('old')).toBeUndefined();
    expect(await h.db.kv.get('lander:slug-0')).toBeUndefined();
    // ...and what the member queued is all still there.
    expect(await h.db.actions.count()).toBe(1);
    expect(await h.db.messages.filter((m) => m.status !== 'sent').count()).toBe(2);
    expect(await h.db.kv.get('complaint:c1')).toBeDefined();
    expect(await h.db.signupDraft.get('current')).toBeDefined();
    expect(h.notices).not.toContainEqual({ type: 'storage-full' });
  });

  it('keeps making room while the photo cache refills between trim and retry', async () => {
    const h = await fullDiskHarness(ROOM_RETRIES);
    expect((await h.api.search()).loaded).toBe(12);
    expect(h.refused.refused).toBe(ROOM_RETRIES);
    expect(h.notices).not.toContainEqual({ type: 'storage-full' });
  });

  it('holds a search it has no room for in memory, hands it to the pages, and pages on', async () => {
    const h = await fullDiskHarness(ROOM_RETRIES + 1);
    await h.api.refreshUser();
    const first = await h.api.search();
    expect(first.loaded).toBe(12);
    expect(h.refused.refused).toBe(ROOM_RETRIES + 1);
    expect(h.notices).toContainEqual({ type: 'storage-full' });
    expect(await h.db.searchPages.where('filterKey').equals(first.filterKey).count()).toBe(0);
    expect(h.heldSearches).toHaveLength(1);
    expect(h.heldSearches[0]).toMatchObject({
      memberId: 7,
      search: { filterKey: first.filterKey, highestPage: 1 },
      similar: [],
    });
    expect(h.heldSearches[0]!.results).toHaveLength(12);

    // The next page joins the held search in memory, though the disk has room again.
    const second = await h.api.search();
    expect(second).toMatchObject({ filterKey: first.filterKey, highestPage: 2 });
    expect(second.loaded).toBeGreaterThan(12);
    expect(h.heldSearches.at(-1)!.results).toHaveLength(second.loaded);
    expect(await h.db.searchPages.where('filterKey').equals(first.filterKey).count()).toBe(0);

    // New filters are a new search: stored again, and the pages read the database again.
    const other = await h.api.setFilters({ min_age: 30 });
    expect(other.filterKey).not.toBe(first.filterKey);
    expect(h.heldSearches.at(-1)).toMatchObject({ search: null });
    expect(await h.db.searchPages.where('filterKey').equals(other.filterKey).count()).toBe(1);
  });

  it('drops a held search when another member logs in on this device', async () => {
    const h = await fullDiskHarness(ROOM_RETRIES + 1);
    await h.api.refreshUser();
    await h.api.search();
    expect(h.heldSearches).toHaveLength(1);

    h.backend.user = demoUser({ id: 8, email: 'other@example.com' });
    await h.api.refreshUser();
    // Their own search from its first page, stored (the disk has room again), not the next
    // page of the search held for member 7.
    const theirs = await h.api.search();
    expect(theirs.highestPage).toBe(1);
    expect(await h.db.searchPages.where('filterKey').equals(theirs.filterKey).count()).toBe(1);
  });

  it('rejects a write still refused after every trim with an error the page can show', async () => {
    const db = newDb();
    const refused = refuseWrites(db, 'actions', ROOM_RETRIES + 1);
    const h = createHarness({ db });
    await expect(h.db.actions.put(queuedLike('like-2', 5))).rejects.toEqual({
      kind: 'storage',
      key: STORAGE_FULL_KEY,
      message: 'This device has no room left to store data',
    });
    expect(refused.refused).toBe(ROOM_RETRIES + 1);
    expect(h.notices).toContainEqual({ type: 'storage-full' });
  });

  it('retries a single table write made outside a transaction', async () => {
    const db = newDb();
    const refused = refuseWrites(db, 'actions', 1);
    const h = createHarness({ db });
    await h.db.actions.put(queuedLike('like-2', 5));
    expect(refused.refused).toBe(1);
    expect(await h.db.actions.get('like-2')).toBeDefined();
  });

  it('sends a message the device has no room to keep, once, and does not hand the text back', async () => {
    const { refused, ...h } = await memberWithFull('messages');
    const clientId = '00000000-0000-4000-8000-000000000001';
    h.backend.override('POST /api/chat.php', {
      body: {
        id: 9,
        conversation: 1,
        sender: 7,
        msg: 'Hello',
        client_id: clientId,
        created_at: '2026-01-01T00:00:00Z',
        read_at: null,
      },
    });
    refused.left = ROOM_RETRIES + 1;
    // Sent, not an error: an error would give the composer its text back to send a second time.
    expect(await h.api.sendMessage(1, 'Hello')).toEqual({ status: 'sent', clientId });
    expect(h.backend.count('POST /api/chat.php')).toBe(1);
    expect(h.notices).toContainEqual({ type: 'storage-full' });
    expect(await h.db.actions.count()).toBe(0);
  });

  it('sends a like the device has no room to store, hands it to the pages, and keeps sequences rising', async () => {
    const { refused, ...h } = await memberWithFull('likes');

    refused.left = 2 * (ROOM_RETRIES + 1);
    expect(await h.api.like(5)).toEqual({ status: 'sent', liked: true });
    expect(await h.api.unlike(5)).toEqual({ status: 'sent', liked: false });
    expect(h.notices).toContainEqual({ type: 'storage-full' });
    expect(h.backend.count('POST /api/likes.php')).toBe(1);
    expect(h.backend.count('DELETE /api/likes.php')).toBe(1);
    expect(await h.db.actions.count()).toBe(0);
    expect(await h.db.likes.count()).toBe(0);
    expect(h.likes).toMatchObject([
      { type: 'like', memberId: 7, profileId: 5, liked: true, queued: false },
      { type: 'like', memberId: 7, profileId: 5, liked: false, queued: false },
    ]);
    const seqOf = (route: string) =>
      (h.backend.last(route)?.body as { client_seq: number }).client_seq;
    const unliked = seqOf('DELETE /api/likes.php');
    expect(unliked).toBeGreaterThan(seqOf('POST /api/likes.php'));

    // Room again: the stored like comes after the ones sent without a trace on disk.
    expect(await h.api.like(5)).toEqual({ status: 'sent', liked: true });
    expect(seqOf('POST /api/likes.php')).toBeGreaterThan(unliked);
    expect(await h.db.likes.get(5)).toMatchObject({ liked: true, status: 'sent' });
  });

  it('does not answer a like as sent when neither the device nor the network took it', async () => {
    const { refused, ...h } = await memberWithFull('likes');
    h.backend.override('POST /api/likes.php', 'network-error');
    refused.left = ROOM_RETRIES + 1;
    await expect(h.api.like(5)).rejects.toMatchObject({ kind: 'network' });
    expect(h.likes).toEqual([]);
    expect(await h.db.likes.count()).toBe(0);
  });
});
