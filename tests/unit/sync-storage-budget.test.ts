/** The storage budget: server copies are trimmed oldest first; the member's unsent data stays. */
import { describe, expect, it } from 'vitest';
import { BUDGET, trimToBudget, type StorageBudget } from '../../workers/storage-budget';
import { createStorageWatch, TRIM_INTERVAL_MS } from '../../workers/storage-watch';
import { newDb } from './helpers/sync-harness';
import { seedStorage } from './helpers/storage-rows';
import { statsAnswer } from './helpers/stats-fixtures';

const SMALL: StorageBudget = {
  searchPages: 2,
  messagesPerConversation: 4,
  profileDetails: 1,
  landers: 2,
  statsAnswers: 1,
};

describe('storage budget', () => {
  it('trims old server data and never what waits to be sent', async () => {
    const db = newDb();
    await seedStorage(db);
    await db.statsAnswers.bulkPut([
      { key: 'range=7d', answer: statsAnswer(), fetchedAt: 2 },
      { key: 'range=30d', answer: statsAnswer(), fetchedAt: 1 },
    ]);

    const report = await trimToBudget(db, SMALL);

    expect(report).toEqual({
      searches: 1,
      searchPages: 5,
      messages: 6,
      profileDetails: 2,
      profiles: 5,
      landers: 3,
      statsAnswers: 1,
    });
    // The current search keeps its newest pages; another search goes with its pages.
    expect(await db.searches.toCollection().primaryKeys()).toEqual(['current']);
    const pages = await db.searchPages.toArray();
    expect(pages.map((p) => [p.filterKey, p.pageNumber])).toEqual([
      ['current', 5],
      ['current', 6],
    ]);
    // The newest four of conversation 7 stay, and its queued and failed messages on top.
    const seven = await db.messages.where('conversation').equals(7).toArray();
    expect(seven.filter((m) => m.status === 'sent').map((m) => m.msg)).toEqual([
      'message 6',
      'message 7',
      'message 8',
      'message 9',
    ]);
    expect(seven.filter((m) => m.status !== 'sent').map((m) => m.status)).toEqual([
      'queued',
      'failed',
    ]);
    expect(await db.messages.where('conversation').equals(8).count()).toBe(3);
    // The most recently fetched member page stays; cards nothing shows go.
    expect(await db.profileDetails.toCollection().primaryKeys()).toEqual([400]);
    expect(await db.profiles.toCollection().primaryKeys()).toEqual([104, 105, 300, 400]);
    // Newest landers stay; the queued complaint (kv too) is untouched.
    const kv = await db.kv.toCollection().primaryKeys();
    expect(kv).toEqual(['complaint:c1', 'currentSearch', 'lander:slug-3', 'lander:slug-4']);
    // The stats view loaded last stays for an offline visit.
    expect(await db.statsAnswers.toCollection().primaryKeys()).toEqual(['range=7d']);
    // The member's own data: the queued like, its action and the sign-up draft.
    expect(await db.actions.count()).toBe(1);
    expect((await db.likes.get(300))?.status).toBe('queued');
    expect((await db.signupDraft.get('current'))?.pending).toEqual(['photo']);
  });

  it('within the everyday limits removes only searches that are not shown any more', async () => {
    const db = newDb();
    await seedStorage(db);
    const before = await db.messages.count();
    const report = await trimToBudget(db, BUDGET);
    expect(report).toMatchObject({ searches: 1, searchPages: 1, messages: 0, profileDetails: 0 });
    expect(await db.messages.count()).toBe(before);
    expect(await db.searchPages.where('filterKey').equals('current').count()).toBe(6);
  });
});

describe('storage watch', () => {
  it('trims tightly at once when the estimate shows the quota nearly used', async () => {
    const db = newDb();
    await seedStorage(db);
    const watch = createStorageWatch({
      db,
      estimate: async () => ({ usage: 90, quota: 100 }),
    });
    const report = await watch.afterWrites();
    expect(report?.searchPages).toBeGreaterThan(0);
    // Within the minute no second check runs, whatever is written meanwhile.
    expect(await watch.afterWrites()).toBeNull();
  });

  it('otherwise applies the everyday limits every ten minutes, not after each write', async () => {
    const db = newDb();
    await seedStorage(db);
    let clock = 1_000_000;
    const watch = createStorageWatch({
      db,
      estimate: async () => ({ usage: 10, quota: 100 }),
      now: () => clock,
    });
    expect(await watch.afterWrites()).toBeNull();
    clock += TRIM_INTERVAL_MS;
    expect(await watch.afterWrites()).toMatchObject({ searches: 1 });
  });

  it('on a refused write trims tightly and drops the cached photos', async () => {
    const db = newDb();
    await seedStorage(db);
    let dropped = 0;
    const watch = createStorageWatch({
      db,
      estimate: null,
      dropPhotos: async () => void dropped++,
    });
    const report = await watch.evict((tables, scope) => db.transaction('rw', tables, scope));
    expect(report).toMatchObject({ photos: true, searchPages: 4, messages: 0 });
    expect(dropped).toBe(1);
  });
});
