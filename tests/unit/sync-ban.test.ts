import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNED_KEY } from '../../src/shared/contract/fields';
import { kvGet } from '../../src/db/kv';
import { PERSONAL_TABLES } from '../../src/db/wipe';
import { chat, PASSWORD } from './helpers/fake-backend';
import { demoUser, profile } from './helpers/fixtures';
import { createHarness, FAKE_TIMERS, flush, tick } from './helpers/sync-harness';

const BAN = { reason: 'Asking members for money', since: '2026-11-20T10:00:00.000Z' };
const banned = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: 'This account is banned',
    key: BANNED_KEY,
    ban: BAN,
  },
};

type Harness = ReturnType<typeof createHarness>;

/** A member with chats, likes and a search stored locally. */
async function loggedIn(): Promise<Harness> {
  const h = createHarness();
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 2)];
  h.backend.liked = [profile(3)];
  await h.api.refreshUser();
  await h.api.refreshChats();
  await h.api.refreshLikes();
  await h.api.search();
  return h;
}

async function personalRows(h: Harness): Promise<number> {
  let rows = 0;
  for (const name of PERSONAL_TABLES) rows += await h.db.table(name).count();
  return rows;
}

/** The state a ban must leave: the ban kept, everything of the member gone, everyone told. */
async function expectBannedState(h: Harness, since: number) {
  const stored = await kvGet(h.db, 'ban');
  expect(stored).toMatchObject(BAN);
  expect(stored?.noticedAt).toBeGreaterThanOrEqual(since);
  expect(await kvGet(h.db, 'user')).toBeNull();
  expect(await kvGet(h.db, 'session')).toMatchObject({ memberId: null });
  expect(await personalRows(h)).toBe(0);
  expect(await kvGet(h.db, 'etag:chats')).toBeUndefined();
  expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: null });
  expect(h.notices).toContainEqual({ type: 'session', memberId: null });
}

describe('a ban in the sync worker', () => {
  it('turns a 403 banned on the user call into the stored ban and a cleared session', async () => {
    const h = await loggedIn();
    const before = Date.now();
    expect(await personalRows(h)).toBeGreaterThan(0);
    h.backend.override('GET /api/user.php', banned);
    expect(await h.api.refreshUser()).toBeNull();
    await expectBannedState(h, before);
  });

  it.each([
    ['the chats poll', (h: Harness) => h.api.refreshChats(), 'GET /api/chats.php'],
    ['a like', (h: Harness) => h.api.like(5), 'POST /api/likes.php'],
    ['a search', (h: Harness) => h.api.search({ country: 'DE' }), 'GET /api/search.php'],
    ['a profile', (h: Harness) => h.api.loadProfile(5), 'GET /api/profile.php'],
  ])('does the same on a 403 banned from %s, and the call still rejects', async (_, act, route) => {
    const h = await loggedIn();
    // The server ends the session: every call answers the same from now on.
    for (const bannedRoute of [route, 'GET /api/user.php']) h.backend.override(bannedRoute, banned);
    const start = Date.now();
    await expect(act(h)).rejects.toMatchObject({
      kind: 'auth',
      status: 403,
      key: BANNED_KEY,
      ban: BAN,
    });
    await flush();
    await expectBannedState(h, start);
  });

  it('does the same on a 403 banned from a photo upload', async () => {
    const h = await loggedIn();
    h.backend.override('POST /api/profileimage.php', banned);
    const start = Date.now();
    const photo = { bytes: new Uint8Array([1, 2, 3]).buffer, type: 'image/png', name: 'me.png' };
    await expect(h.api.uploadProfileImage(photo)).rejects.toMatchObject({ key: 'banned' });
    await expectBannedState(h, start);
  });

  it('ends the session once when several calls hear of the ban at the same time', async () => {
    const h = await loggedIn();
    for (const route of ['GET /api/user.php', 'GET /api/chats.php', 'GET /api/likes.php']) {
      h.backend.override(route, banned);
    }
    const start = Date.now();
    const writes = vi.fn();
    h.db.kv.hook('creating', (key) => key === 'ban' && writes());
    h.db.kv.hook('updating', (_changes, key) => key === 'ban' && writes());
    await Promise.allSettled([h.api.refreshUser(), h.api.refreshChats(), h.api.refreshLikes()]);
    expect(writes).toHaveBeenCalledTimes(1);
    await expectBannedState(h, start);
  });

  it('leaves the session alone on a 403 without the banned key', async () => {
    const h = await loggedIn();
    h.backend.override('POST /api/likes.php', {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Blocked', key: 'likes.blocked' },
    });
    await expect(h.api.like(5)).rejects.toMatchObject({ status: 403 });
    await flush();
    expect(await kvGet(h.db, 'ban')).toBeUndefined();
    expect(await kvGet(h.db, 'user')).not.toBeNull();
  });

  it('stores the ban when a banned member logs in, and a later login forgets it', async () => {
    const h = createHarness();
    h.backend.override('POST /api/login.php', banned);
    await expect(h.api.login('demo@example.com', PASSWORD)).rejects.toMatchObject({
      status: 403,
      key: BANNED_KEY,
      ban: BAN,
    });
    expect(await kvGet(h.db, 'ban')).toMatchObject(BAN);
    expect(await kvGet(h.db, 'user')).toBeNull();

    h.backend.overrides.delete('POST /api/login.php');
    h.backend.account = demoUser({ id: 8, email: 'other@example.com' });
    await h.api.login('other@example.com', PASSWORD);
    expect(await kvGet(h.db, 'ban')).toBeUndefined();
    expect((await kvGet(h.db, 'user'))?.id).toBe(8);
  });

  it('keeps the ban through a logout, and keeps the settings as a logout does', async () => {
    const h = await loggedIn();
    await h.api.refreshSettings();
    h.backend.override('GET /api/user.php', banned);
    await h.api.refreshUser();
    h.backend.override('GET /api/logout.php', { text: 'done' });
    await h.api.logout();
    expect(await kvGet(h.db, 'ban')).toMatchObject(BAN);
    expect(await kvGet(h.db, 'settings')).toBeDefined();
  });
});

describe('the live banned event', () => {
  beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
  afterEach(() => vi.useRealTimers());

  it('ends the session at once, without a refetch, and stops polling and the stream', async () => {
    const h = createHarness();
    h.backend.user = demoUser();
    h.backend.chats = [chat(1, 2)];
    h.sync.start();
    await tick(0);
    await tick(1_000);
    const source = h.sources[0];
    if (!source) throw new Error('no event stream');
    source.open();
    expect(await personalRows(h)).toBeGreaterThan(0);
    const polls = h.backend.requests.length;
    const start = Date.now();

    source.emit('message', { type: 'banned', ...BAN });
    await tick(0);
    await expectBannedState(h, start);
    expect(source.closed).toBe(true);
    // The session is over: no user refetch, and no more polls.
    await tick(300_000);
    expect(h.backend.requests.length).toBe(polls);
    expect(h.sources).toHaveLength(1);
    h.sync.stop();
  });

  it('a second tab sees the stored ban and the cleared user through the shared database', async () => {
    const a = await loggedIn();
    const b = createHarness({ db: a.db, hub: a.hub });
    a.backend.override('GET /api/user.php', banned);
    await a.api.refreshUser();
    await flush();
    expect(await kvGet(b.db, 'ban')).toMatchObject(BAN);
    expect(b.notices).toContainEqual({ type: 'session', memberId: null });
  });
});
