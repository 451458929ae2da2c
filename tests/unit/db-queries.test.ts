import { describe, expect, it } from 'vitest';
import { newDb } from './helpers/sync-harness';
import {
  badgeCount,
  chatList,
  currentUser,
  likesGiven,
  likesMutual,
  likesReceived,
  searchResults,
  unreadTotal,
} from '../../src/db/queries';
import { kvPut } from '../../src/db/kv';
import { chat } from './helpers/fake-backend';
import { demoUser, profile } from './helpers/fixtures';

const chatRow = (id: number, unread: number, at: string) => ({
  ...chat(id, unread, at),
  id,
  updatedAt: 0,
  seenUpdatedAt: null,
});

describe('read helpers', () => {
  it('gives the user or null', async () => {
    const db = newDb();
    expect(await currentUser(db)).toBeNull();
    await kvPut(db, 'user', demoUser());
    expect((await currentUser(db))?.id).toBe(7);
  });

  it('orders received likes new first, then in server order', async () => {
    const db = newDb();
    await db.likedBy.bulkPut([
      { id: 1, like_new: false, order: 0 },
      { id: 2, like_new: true, order: 1 },
      { id: 3, like_new: false, order: 2 },
      { id: 4, like_new: true, order: 3 },
    ]);
    await db.profiles.put(profile(2));
    const received = await likesReceived(db);
    expect(received.map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(received[0]?.profile?.name).toBe('Member 2');
    expect(received[1]?.profile).toBeNull();
  });

  it('lists given likes that are (optimistically) liked, newest first', async () => {
    const db = newDb();
    const like = { status: 'sent' as const, clientId: null, did_like_profile: false, updatedAt: 0 };
    await db.likes.bulkPut([
      { ...like, profileId: 1, liked: true, seq: 1 },
      { ...like, profileId: 2, liked: false, seq: 2 },
      { ...like, profileId: 3, liked: true, seq: 3, status: 'queued' },
    ]);
    expect((await likesGiven(db)).map((g) => g.like.profileId)).toEqual([3, 1]);
  });

  it('lists mutual likes: liked back, or found among the members who liked me', async () => {
    const db = newDb();
    const like = { status: 'sent' as const, clientId: null, updatedAt: 0 };
    await db.likes.bulkPut([
      { ...like, profileId: 1, liked: true, seq: 1, did_like_profile: true },
      { ...like, profileId: 2, liked: true, seq: 2, did_like_profile: false },
      { ...like, profileId: 3, liked: true, seq: 3, did_like_profile: false },
      { ...like, profileId: 4, liked: false, seq: 4, did_like_profile: true },
    ]);
    await db.likedBy.put({ id: 3, like_new: true, order: 0 });
    expect((await likesMutual(db)).map((g) => g.like.profileId)).toEqual([3, 1]);
  });

  it('counts the badge as unread messages plus new likes', async () => {
    const db = newDb();
    await db.chats.bulkPut([chatRow(1, 2, 'a'), chatRow(2, 3, 'b')]);
    await db.likedBy.bulkPut([
      { id: 1, like_new: true, order: 0 },
      { id: 2, like_new: false, order: 1 },
    ]);
    expect(await unreadTotal(db)).toBe(5);
    expect(await badgeCount(db)).toBe(6);
  });

  it('orders chats by last change, newest first', async () => {
    const db = newDb();
    await db.chats.bulkPut([
      chatRow(1, 0, '2026-01-01T00:00:00Z'),
      chatRow(2, 0, '2026-03-01T00:00:00Z'),
      chatRow(3, 0, '2026-02-01T00:00:00Z'),
    ]);
    expect((await chatList(db)).map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('returns search results in page order without duplicates, per kind', async () => {
    const db = newDb();
    await db.profiles.bulkPut([1, 2, 3, 4].map((id) => profile(id)));
    await db.searchPages.bulkPut([
      { filterKey: 'k', kind: 'main', pageNumber: 2, results: [3, 2] },
      { filterKey: 'k', kind: 'main', pageNumber: 1, results: [1, 2] },
      { filterKey: 'k', kind: 'similar', pageNumber: 1, results: [4] },
      { filterKey: 'other', kind: 'main', pageNumber: 1, results: [4] },
    ]);
    expect((await searchResults('k', 'main', db)).map((p) => p.id)).toEqual([1, 2, 3]);
    expect((await searchResults('k', 'similar', db)).map((p) => p.id)).toEqual([4]);
  });
});
