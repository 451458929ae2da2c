import { describe, expect, it, vi } from 'vitest';
import { kvGet } from '../../src/db/kv';
import { likesGiven, likesMutual, likesReceived } from '../../src/db/queries';
import { likesListsOf } from '../../src/shared/likes-lists';
import { createHarness, flush, type HarnessOptions } from './helpers/sync-harness';
import type { FakeReply } from './helpers/fake-backend';
import { demoUser, profile } from './helpers/fixtures';

const QUEUED: FakeReply = { status: 202, body: { queued: true }, headers: { 'x-queued': '1' } };

async function member(options: HarnessOptions = {}) {
  const h = createHarness(options);
  h.backend.user = h.backend.user ?? demoUser();
  await h.api.refreshUser();
  return h;
}

describe('like and unlike', () => {
  it('writes the like at once as queued, then sent, with client id, sequence and member', async () => {
    const h = await member();
    let answer: () => void = () => undefined;
    h.backend.override(
      'POST /api/likes.php',
      () => new Promise((resolve) => (answer = () => resolve(undefined))),
    );
    const pending = h.api.like(3);
    await flush();
    expect(await h.db.likes.get(3)).toMatchObject({ liked: true, status: 'queued' });
    const seq = (await h.db.likes.get(3))?.seq ?? 0;
    expect(seq).toBeGreaterThanOrEqual(Date.now() - 1000);
    expect(await h.db.actions.count()).toBe(1);

    answer();
    expect(await pending).toEqual({ status: 'sent', liked: true });
    expect(await h.db.likes.get(3)).toMatchObject({ liked: true, status: 'sent' });
    expect(await h.db.actions.count()).toBe(0);
    const sent = h.backend.last('POST /api/likes.php');
    expect(sent?.headers).toMatchObject({ 'x-client-action': '1', 'x-member-id': '7' });
    expect(sent?.body).toEqual({
      profile: 3,
      client_id: '00000000-0000-4000-8000-000000000001',
      client_seq: seq,
    });
  });

  it('stays queued on the service worker 202 until the channel says delivered', async () => {
    const h = await member();
    h.backend.override('POST /api/likes.php', QUEUED);
    expect(await h.api.like(3)).toEqual({ status: 'queued', liked: true });
    const clientId = (await h.db.likes.get(3))?.clientId ?? '';
    expect(await h.db.actions.get(clientId)).toMatchObject({ status: 'queued', kind: 'like' });

    h.hub.broadcast({
      type: 'delivered',
      clientId,
      memberId: 7,
      status: 200,
      body: { liked: true, applied: true },
    });
    await flush();
    expect(await h.db.likes.get(3)).toMatchObject({ liked: true, status: 'sent' });
    expect(await h.db.actions.count()).toBe(0);
  });

  it('reverts a queued unlike when the replay finally fails', async () => {
    const h = await member();
    h.backend.liked = [profile(3)];
    await h.api.refreshLikes();
    h.backend.override('DELETE /api/likes.php', QUEUED);
    await h.api.unlike(3);
    expect(await h.db.likes.get(3)).toMatchObject({ liked: false, status: 'queued' });
    const clientId = (await h.db.likes.get(3))?.clientId ?? '';

    const refusal = { statusCode: 409, error: 'Conflict', message: 'Profile is gone' };
    h.hub.broadcast({ type: 'failed', clientId, memberId: 8, status: 409, body: refusal }); // not ours
    await flush();
    expect(await h.db.likes.get(3)).toMatchObject({ liked: false, status: 'queued' });

    h.hub.broadcast({ type: 'failed', clientId, memberId: 7, status: 409, body: refusal });
    await flush();
    expect(await h.db.likes.get(3)).toMatchObject({ liked: true, status: 'failed' });
    expect(await h.db.actions.get(clientId)).toMatchObject({
      status: 'failed',
      error: 'Profile is gone',
    });
  });

  it('fails and reverts on a 4xx answer', async () => {
    const h = await member();
    h.backend.override('POST /api/likes.php', {
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'No such profile',
        key: 'likes.not_found',
      },
    });
    await expect(h.api.like(3)).rejects.toEqual({
      kind: 'http',
      status: 404,
      key: 'likes.not_found',
      message: 'No such profile',
    });
    expect(await h.db.likes.get(3)).toMatchObject({ liked: false, status: 'failed' });
  });

  it('ignores a late confirmation of an older action on the same profile', async () => {
    const h = await member();
    h.backend.override('POST /api/likes.php', QUEUED);
    h.backend.override('DELETE /api/likes.php', QUEUED);
    await h.api.like(3);
    const likeId = (await h.db.likes.get(3))?.clientId ?? '';
    await h.api.unlike(3);
    h.hub.broadcast({
      type: 'delivered',
      clientId: likeId,
      memberId: 7,
      status: 200,
      body: { liked: true, applied: true },
    });
    await flush();
    const row = await h.db.likes.get(3);
    expect(row).toMatchObject({ liked: false, status: 'queued' });
    expect(await kvGet(h.db, 'seq:7')).toBe(row?.seq);
  });

  it('numbers actions per member, monotonic and persisted across worker restarts', async () => {
    const h = await member();
    await h.api.like(3);
    await h.api.unlike(3);
    await h.api.like(4);
    const seqs = h.backend.requests
      .filter((r) => r.path === '/api/likes.php')
      .map((r) => (r.body as { client_seq: number }).client_seq);
    expect(seqs).toHaveLength(3);
    // Within one millisecond the counter still moves on by one.
    expect(seqs[1]).toBeGreaterThan(seqs[0]!);
    expect(seqs[2]).toBeGreaterThan(seqs[1]!);

    const restarted = await member({ db: h.db, backend: h.backend });
    await restarted.api.like(5);
    const last = (h.backend.last('POST /api/likes.php')?.body as { client_seq: number }).client_seq;
    expect(last).toBeGreaterThan(seqs[2]!);
    expect(await kvGet(h.db, 'seq:7')).toBe(last);
  });

  it('numbers by the clock, so a later action on another device counts as newer', async () => {
    const phone = await member();
    await phone.api.like(3);
    const phoneSeq = (phone.backend.last('POST /api/likes.php')?.body as { client_seq: number })
      .client_seq;
    vi.setSystemTime(Date.now() + 60_000);
    const laptop = await member(); // its own, empty database: another device
    await laptop.api.unlike(3);
    const laptopSeq = (laptop.backend.last('DELETE /api/likes.php')?.body as { client_seq: number })
      .client_seq;
    expect(laptopSeq).toBeGreaterThan(phoneSeq);
  });
});

describe('likes list', () => {
  it('keeps a pending like through a poll, orders received likes new first, counts the badge', async () => {
    const h = await member();
    h.backend.override('POST /api/likes.php', QUEUED);
    await h.api.like(9);
    h.backend.liked = [profile(3, { name: 'Ann' })];
    h.backend.likedByProfiles = [profile(21, { name: 'Bea' })];
    h.backend.likedBy = [
      { id: 20, like_new: false },
      { id: 21, like_new: true },
      { id: 22, like_new: true },
    ];
    await h.api.refreshLikes();
    expect((await h.db.likes.toArray()).map((r) => [r.profileId, r.status])).toEqual([
      [3, 'sent'],
      [9, 'queued'],
    ]);
    expect((await h.db.profiles.get(3))?.name).toBe('Ann');
    const received = await likesReceived(h.db);
    expect(received.map((r) => r.id)).toEqual([21, 22, 20]);
    expect(received[0]?.profile?.name).toBe('Bea');
    expect(h.badge.value).toBe(2);

    await h.api.openLikedBy(21);
    expect((await h.db.likedBy.get(21))?.like_new).toBe(false);
    expect(h.badge.value).toBe(1);
    const seen = h.backend.last('POST /api/likes.php');
    expect(seen?.query.get('seen')).toBe('1');
    expect(seen?.body).toEqual({ profile: 21 });
  });

  it('drops likes the server no longer has', async () => {
    const h = await member();
    h.backend.liked = [profile(3), profile(4)];
    await h.api.refreshLikes();
    h.backend.liked = [profile(4)];
    await h.api.refreshLikes();
    expect((await h.db.likes.toArray()).map((r) => r.profileId)).toEqual([4]);
  });
});

describe('likes the page came with', () => {
  const answer = {
    profiles: [profile(3, { name: 'Ann' })],
    liked_by: [{ id: 21, like_new: true }],
    liked_by_profiles: [profile(21, { name: 'Bea' })],
  };

  it('stores them with their ETag instead of asking, and polls with that ETag next', async () => {
    const h = await member();
    await h.api.refreshLikes({ memberId: 7, etag: '"page"', answer });
    expect(h.backend.count('GET /api/likes.php')).toBe(0);
    expect((await h.db.likes.toArray()).map((r) => r.profileId)).toEqual([3]);
    expect((await likesReceived(h.db))[0]?.profile?.name).toBe('Bea');
    expect(await kvGet(h.db, 'etag:likes')).toBe('"page"');
    expect(h.badge.value).toBe(1);

    await h.api.refreshLikes();
    expect(h.backend.last('GET /api/likes.php')?.headers['if-none-match']).toBe('"page"');
  });

  it('asks the server when likes are stored already, the member differs or the answer does not fit', async () => {
    const stored = await member();
    await stored.api.refreshLikes();
    await stored.api.refreshLikes({ memberId: 7, etag: '"page"', answer });
    expect(stored.backend.count('GET /api/likes.php')).toBe(2);

    const other = await member();
    await other.api.refreshLikes({ memberId: 8, etag: '"page"', answer });
    expect(other.backend.count('GET /api/likes.php')).toBe(1);
    expect(await other.db.likes.count()).toBe(0);

    const broken = await member();
    await broken.api.refreshLikes({ memberId: 7, etag: '"page"', answer: { profiles: 'no' } });
    expect(broken.backend.count('GET /api/likes.php')).toBe(1);
  });
});

describe('the first view of likes', () => {
  it('orders the lists as the store will once the worker has stored the same answer', async () => {
    const h = await member();
    const answer = {
      profiles: [
        { ...profile(9), did_like_profile: true },
        profile(3),
        { ...profile(5), did_like_profile: false },
        profile(22),
      ],
      liked_by: [
        { id: 20, like_new: false },
        { id: 21, like_new: true },
        { id: 22, like_new: false },
        { id: 23, like_new: true },
      ],
      liked_by_profiles: [profile(20), profile(21), profile(22), profile(23)],
      liked_by_hidden: 2,
      liked_by_hidden_new: 1,
    };
    await h.api.refreshLikes({ memberId: 7, etag: null, answer });
    const lists = likesListsOf(answer);
    const ids = (entries: { profile: { id: number } | null }[]) =>
      entries.map((e) => e.profile?.id);
    expect(ids(lists.received)).toEqual(ids(await likesReceived(h.db)));
    expect(ids(lists.given)).toEqual(ids(await likesGiven(h.db)));
    expect(ids(lists.mutual)).toEqual(ids(await likesMutual(h.db)));
    expect(ids(lists.received)).toEqual([21, 23, 20, 22]);
    expect(ids(lists.mutual)).toEqual([9, 22]);
    expect(lists.newCount).toBe(3);
  });
});
